import type { AddressStep as AddressStepValues } from '@airbox/contract';
import { Form } from '../../../components/form/form';
import { FormPhoneField } from '../../../components/form/form-phone-field';
import { AddressFields, EMPTY_ADDRESS_FIELDS } from './address-fields';
import { FieldGrid, Wide } from './field-grid';
import { SectionTitle } from './section-title';
import { StepActions } from '../../../components/wizard/step-actions';
import { StepHeading } from '../../../components/wizard/step-heading';
import { TermsField } from './terms-field';

export type AddressValues = AddressStepValues;

export const EMPTY_ADDRESS: AddressValues = { secondPhone: '', homePhone: '', ...EMPTY_ADDRESS_FIELDS };

/** Step 3 of the individual wizard: the address, phones and the terms. */
export function AddressStep({
  defaultValues,
  busy,
  onSubmit,
  onBack,
}: {
  defaultValues: AddressValues;
  busy: boolean;
  onSubmit: (values: AddressValues) => void;
  onBack: (values: AddressValues) => void;
}) {
  return (
    <Form schema="addressStepSchema" defaultValues={defaultValues} onSubmit={onSubmit} aria-label="Address step">
      {({ getValues }) => (
        <>
          <StepHeading>Your address</StepHeading>
          <FieldGrid>
            <AddressFields />
            <SectionTitle>Other phones (optional)</SectionTitle>
            <FormPhoneField name="homePhone" label="Home phone" autoComplete="off" digitsWhileFocused />
            <FormPhoneField name="secondPhone" label="Second phone" autoComplete="off" digitsWhileFocused />
            <Wide>
              <TermsField />
            </Wide>
          </FieldGrid>
          {/* Terms not accepted (spec 02 §8): said at the box, which gets the focus, like every field error. */}
          <StepActions onBack={() => onBack(getValues())} nextLabel="Sign up" busy={busy} />
        </>
      )}
    </Form>
  );
}
