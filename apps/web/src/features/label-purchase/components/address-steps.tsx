import { CONTACT_MESSAGES, type MyAddress } from '@airbox/contract';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { AddressChoices as Choices, ChoiceButton } from '../../../components/address/address-choices';
import { ContactChoice } from '../../../components/address/contact-picker';
import { Form } from '../../../components/form/form';
import { FormCheckbox } from '../../../components/form/form-checkbox';
import { StepActions } from '../../../components/wizard/step-actions';
import { StepHeading } from '../../../components/wizard/step-heading';
import { addressLine } from '../../../lib/address-text';
import type { AddressValues } from '../../../lib/address-values';
import { addressFromContact, addressFromMine, type RecipientValues } from '../utils/draft';
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
 * An address step's form, checked by the contract's `schema`, every change reported as typed.
 * `children` get `fill`: a chosen address fills the form as if typed (the page hears of it; old
 * errors go).
 */
function AddressStepForm<T extends AddressValues>({
  schema,
  name,
  heading,
  defaultValues,
  onValues,
  onNext,
  children,
}: Omit<StepProps<T>, 'userId' | 'onBack'> & {
  schema: 'labelFromStepSchema' | 'labelToStepSchema';
  name: string;
  heading: string;
  children: (fill: (address: T) => void) => ReactNode;
}) {
  return (
    // A draft from before issue 25 (no country) is in the United States.
    <Form schema={schema} defaultValues={{ ...defaultValues, country: defaultValues.country ?? 'US' }} onSubmit={(values) => onNext({ ...defaultValues, ...values })} aria-label={name}>
      {(methods) => {
        const fill = (address: T) => {
          methods.reset({ ...methods.getValues(), ...address });
          onValues({ ...defaultValues, ...methods.getValues() } as T);
        };
        return (
          <>
            <StepHeading>{heading}</StepHeading>
            <ReportValues onValues={onValues} />
            {children(fill)}
          </>
        );
      }}
    </Form>
  );
}

/**
 * Step 1, From: the customer's own address or their locker hub (getMyAddress data[0] and [1]), a
 * contact of My Contacts, or an address typed in; checked by the contract's labelFromStepSchema.
 */
export function FromStep({ userId, defaultValues, onValues, onNext, mine }: StepProps<AddressValues> & { mine: readonly MyAddress[] }) {
  // A customer who has not given a mailing address yet is not offered an empty one.
  const home = mine.find((address) => address.kind === 'home' && address.address1.trim() !== '');
  const hub = mine.find((address) => address.kind === 'hub');
  return (
    <AddressStepForm schema="labelFromStepSchema" name="From step" heading="Ship from" defaultValues={defaultValues} onValues={onValues} onNext={onNext}>
      {(fill) => (
        <>
          <Choices>
            {home && <ChoiceButton label="My address" detail={addressLine(home)} onClick={() => fill(addressFromMine(home))} />}
            {hub && (
              <ChoiceButton
                label="My locker hub"
                detail={`${hub.company ? `${hub.company}, ` : ''}${addressLine(hub)}`}
                onClick={() => fill(addressFromMine(hub))}
              />
            )}
            <ContactChoice userId={userId} label="Pick from My Contacts" onPick={(contact) => fill(addressFromContact(contact))} />
          </Choices>
          <Typography color="text.secondary">Or type the sender's address:</Typography>
          <AddressFields />
          <RequiredNote />
          <StepActions />
        </>
      )}
    </AddressStepForm>
  );
}

/**
 * Step 2, To: a contact of My Contacts or a new address, which "Save to My Contacts" keeps there
 * (sent as saveRecipient with the rates); checked by labelToStepSchema.
 */
export function ToStep({ userId, defaultValues, onValues, onNext, onBack }: StepProps<RecipientValues>) {
  return (
    <AddressStepForm schema="labelToStepSchema" name="To step" heading="Ship to" defaultValues={defaultValues} onValues={onValues} onNext={onNext}>
      {(fill) => (
        <>
          <Choices>
            {/* A contact already is in My Contacts. */}
            <ContactChoice userId={userId} label="Pick from My Contacts" onPick={(contact) => fill({ ...addressFromContact(contact), saveRecipient: false })} />
          </Choices>
          <Typography color="text.secondary">Or type a new address:</Typography>
          {/* Issue 25 item 3: a recipient abroad; the Customs step follows for one. */}
          <AddressFields chooseCountry />
          <FormCheckbox name="saveRecipient" label="Save to My Contacts" />
          <RequiredNote />
          <StepActions onBack={onBack} />
        </>
      )}
    </AddressStepForm>
  );
}

function RequiredNote() {
  return (
    <Typography variant="body2" color="text.secondary">
      {CONTACT_MESSAGES.requiredNote}
    </Typography>
  );
}
