import { CONTACT_LIMITS, CONTACT_MESSAGES, LIMITS, US_STATES, stripPunctuation } from '@airbox/contract';
import { FieldGrid, Wide } from '../../../components/form/field-grid';
import { FormCheckbox } from '../../../components/form/form-checkbox';
import { FormField } from '../../../components/form/form-field';
import { FormPhoneField } from '../../../components/form/form-phone-field';
import { FormSelect } from '../../../components/form/form-select';

const STATE_OPTIONS = US_STATES.map((state) => ({ value: state.code, label: state.name }));

/** A sender's or recipient's fields, as a contact has them (names, company, address, phone, e-mail). */
export function AddressFields() {
  return (
    <FieldGrid>
      <FormField name="firstName" label="First Name" maxLength={CONTACT_LIMITS.short} transform={stripPunctuation} autoComplete="off" />
      <FormField name="lastName" label="Last Name" maxLength={CONTACT_LIMITS.short} transform={stripPunctuation} autoComplete="off" />
      <Wide>
        <FormField name="company" label="Company" maxLength={CONTACT_LIMITS.short} transform={stripPunctuation} autoComplete="off" />
      </Wide>
      <FormField name="address1" label="Address 1" required maxLength={CONTACT_LIMITS.long} autoComplete="off" />
      <FormField name="address2" label="Address 2" maxLength={CONTACT_LIMITS.long} autoComplete="off" />
      <FormField name="city" label="City" required maxLength={CONTACT_LIMITS.long} autoComplete="off" />
      <FormSelect name="state" label="State" required options={STATE_OPTIONS} />
      <FormField name="zipcode" label="Zip Code" required inputMode="numeric" maxLength={LIMITS.zipLength} autoComplete="off" />
      <FormPhoneField name="phone" label="Phone Number" required autoComplete="off" />
      <Wide>
        <FormField name="email" label="Email" type="email" maxLength={CONTACT_LIMITS.short} autoComplete="off" />
      </Wide>
      <Wide>
        <FormCheckbox name="residential" label={CONTACT_MESSAGES.residential} />
      </Wide>
    </FieldGrid>
  );
}
