import { COUNTRY_UNITED_STATES, LIMITS, REGISTRATION_MESSAGES, US_STATES } from '@airbox/contract';
import { useFormContext } from 'react-hook-form';
import { useAlert } from '../../../components/alert/alert-context';
import { FormField } from '../../../components/form/form-field';
import { FormSelect } from '../../../components/form/form-select';

const COUNTRIES = [{ value: COUNTRY_UNITED_STATES, label: COUNTRY_UNITED_STATES }] as const;
const STATES = US_STATES.map((state) => ({ value: state.code, label: state.name }));

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

/**
 * Before the final submit: a warning when the terms are not accepted (spec 02 §5), or, for the
 * enterprise wizard, when the company is not confirmed. The field errors show as well.
 */
export function useTermsWarning(extra?: { name: string; message: string }) {
  const alert = useAlert();
  const { getValues } = useFormContext();
  return () => {
    if (getValues('Conditions') !== true) {
      void alert.show({ icon: 'warning', text: REGISTRATION_MESSAGES.terms });
    } else if (extra && getValues(extra.name) !== true) {
      void alert.show({ icon: 'warning', text: extra.message });
    }
  };
}
