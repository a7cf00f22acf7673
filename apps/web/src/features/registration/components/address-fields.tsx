import { COUNTRY_UNITED_STATES, LIMITS, US_STATES, type AddressStep } from '@airbox/contract';
import { FormField } from '../../../components/form/form-field';
import { FormSelect } from '../../../components/form/form-select';
import type { RegistrationPayload } from '../api/register';

const COUNTRIES = [{ value: COUNTRY_UNITED_STATES, label: COUNTRY_UNITED_STATES }] as const;
const STATES = US_STATES.map((state) => ({ value: state.code, label: state.name }));

/** What AddressFields hold: the same fields in the individual's address step and the company step. */
type AddressFieldValues = Pick<AddressStep, 'country' | 'state' | 'city' | 'address1' | 'address2'>;

/** AddressFields and the terms (TermsField) with nothing chosen, as both wizards' last step starts. */
export const EMPTY_ADDRESS_FIELDS: AddressFieldValues & Pick<AddressStep, 'Conditions'> = {
  country: COUNTRY_UNITED_STATES,
  state: '',
  city: '',
  address1: '',
  address2: '',
  // The checkbox starts unticked; the schema only accepts true.
  Conditions: false as true,
};

/** The address part of regist_userInfo (spec 02 §3): AddressFields' values and the ZIP code. */
export function addressPayload(address: AddressFieldValues, zipCode: string) {
  return {
    Address_line_1: address.address1,
    Address_line_2: address.address2,
    City: address.city,
    State_province_region: address.state,
    Zip_code: zipCode,
    Country: address.country,
  } satisfies Partial<RegistrationPayload>;
}

/** Country (United States only), state, city and the two address lines. */
export function AddressFields() {
  return (
    <>
      <FormSelect name="country" label="Country" options={COUNTRIES} required autoComplete="country-name" />
      <FormSelect name="state" label="State" options={STATES} required autoComplete="address-level1" />
      <FormField name="city" label="City" required autoComplete="address-level2" maxLength={LIMITS.nameMax} />
      <FormField name="address1" label="Address line 1" required autoComplete="address-line1" />
      <FormField name="address2" label="Address line 2" autoComplete="address-line2" helperText="Apartment, suite, unit (optional)" />
    </>
  );
}
