import { CONTACT_MESSAGES, type Contact, type MyAddress } from '@airbox/contract';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { AddressChoices as Choices, ChoiceButton } from '../../../components/address/address-choices';
import { ContactPicker } from '../../../components/address/contact-picker';
import { Form } from '../../../components/form/form';
import { FormCheckbox } from '../../../components/form/form-checkbox';
import { StepActions } from '../../../components/wizard/step-actions';
import { StepHeading } from '../../../components/wizard/step-heading';
import { addressLine } from '../../../lib/address-text';
import { addressFromContact, addressFromMine, type AddressValues, type RecipientValues } from '../utils/draft';
import { AddressFields } from './address-fields';
import { ReportValues } from './report-values';

interface StepProps<T> {
  userId: number;
  defaultValues: T;
  onValues: (values: T) => void;
  onNext: (values: T) => void;
  onBack?: () => void;
}

/**
 * Step 1, From: the customer's own address or their locker hub (getMyAddress data[0] and [1]), a
 * contact of My Contacts, or an address typed in; checked by the contract's labelFromStepSchema.
 */
export function FromStep({ userId, defaultValues, onValues, onNext, mine }: StepProps<AddressValues> & { mine: readonly MyAddress[] }) {
  const [picking, setPicking] = useState(false);
  // A customer who has not given a mailing address yet is not offered an empty one.
  const home = mine.find((address) => address.kind === 'home' && address.address1.trim() !== '');
  const hub = mine.find((address) => address.kind === 'hub');
  return (
    <Form schema="labelFromStepSchema" defaultValues={defaultValues} onSubmit={(values) => onNext({ ...defaultValues, ...values })} aria-label="From step">
      {(methods) => {
        // A chosen address fills the form as if typed (the page hears of it; old errors go).
        const fill = (address: AddressValues) => {
          methods.reset({ ...methods.getValues(), ...address });
          onValues({ ...defaultValues, ...methods.getValues() } as AddressValues);
        };
        return (
        <>
          <StepHeading>Ship from</StepHeading>
          <ReportValues onValues={onValues} />
          <Choices>
            {home && <ChoiceButton label="My address" detail={addressLine(home)} onClick={() => fill(addressFromMine(home))} />}
            {hub && (
              <ChoiceButton
                label="My locker hub"
                detail={`${hub.company ? `${hub.company}, ` : ''}${addressLine(hub)}`}
                onClick={() => fill(addressFromMine(hub))}
              />
            )}
            <ChoiceButton label="Pick from My Contacts" onClick={() => setPicking(true)} />
          </Choices>
          <Typography color="text.secondary">Or type the sender's address:</Typography>
          <AddressFields />
          <RequiredNote />
          <StepActions />
          <ContactPicker
            open={picking}
            userId={userId}
            onClose={() => setPicking(false)}
            onPick={(contact: Contact) => {
              setPicking(false);
              fill(addressFromContact(contact));
            }}
          />
        </>
        );
      }}
    </Form>
  );
}

/**
 * Step 2, To: a contact of My Contacts or a new address, which "Save to My Contacts" keeps there
 * (sent as saveRecipient with the rates); checked by labelToStepSchema.
 */
export function ToStep({ userId, defaultValues, onValues, onNext, onBack }: StepProps<RecipientValues>) {
  const [picking, setPicking] = useState(false);
  return (
    <Form schema="labelToStepSchema" defaultValues={defaultValues} onSubmit={(values) => onNext({ ...defaultValues, ...values })} aria-label="To step">
      {(methods) => {
        const fill = (address: RecipientValues) => {
          methods.reset({ ...methods.getValues(), ...address });
          onValues({ ...defaultValues, ...methods.getValues() } as RecipientValues);
        };
        return (
        <>
          <StepHeading>Ship to</StepHeading>
          <ReportValues onValues={onValues} />
          <Choices>
            <ChoiceButton label="Pick from My Contacts" onClick={() => setPicking(true)} />
          </Choices>
          <Typography color="text.secondary">Or type a new address:</Typography>
          <AddressFields />
          <FormCheckbox name="saveRecipient" label="Save to My Contacts" />
          <RequiredNote />
          <StepActions onBack={onBack} />
          <ContactPicker
            open={picking}
            userId={userId}
            onClose={() => setPicking(false)}
            onPick={(contact: Contact) => {
              setPicking(false);
              // A contact already is in My Contacts.
              fill({ ...addressFromContact(contact), saveRecipient: false });
            }}
          />
        </>
        );
      }}
    </Form>
  );
}

function RequiredNote() {
  return (
    <Typography variant="body2" color="text.secondary">
      {CONTACT_MESSAGES.requiredNote}
    </Typography>
  );
}
