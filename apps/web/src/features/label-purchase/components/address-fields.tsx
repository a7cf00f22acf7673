import { CONTACT_LIMITS, CONTACT_MESSAGES, LIMITS, SHIPPING_COUNTRIES, US_STATES, shippingCountry, stripPunctuation } from '@airbox/contract';
import { useFormContext, useWatch } from 'react-hook-form';
import { FieldGrid, Wide } from '../../../components/form/field-grid';
import { FormCheckbox } from '../../../components/form/form-checkbox';
import { FormField } from '../../../components/form/form-field';
import { FormPhoneField } from '../../../components/form/form-phone-field';
import { FormSelect } from '../../../components/form/form-select';

const STATE_OPTIONS = US_STATES.map((state) => ({ value: state.code, label: state.name }));
const COUNTRY_OPTIONS = SHIPPING_COUNTRIES.map((country) => ({ value: country.code, label: country.name }));

/**
 * A sender's or recipient's fields, as a contact has them (names, company, address, phone, e-mail).
 * Issue 25 item 3: with `chooseCountry`, a Country list (the United States first); the place's
 * fields follow the country chosen: a state or province only where it has them, its postal code
 * as it writes it (no US ZIP rule abroad).
 */
export function AddressFields({ chooseCountry = false }: { chooseCountry?: boolean }) {
  const { setValue, getValues } = useFormContext();
  const code = (useWatch({ name: 'country' }) as string | undefined) ?? 'US';
  const country = shippingCountry(code) ?? SHIPPING_COUNTRIES[0]!;
  const abroad = country.code !== 'US';
  const regionOptions = abroad ? country.regions.map((region) => ({ value: region.code, label: region.name })) : STATE_OPTIONS;
  return (
    <FieldGrid>
      {chooseCountry && (
        <Wide>
          <FormSelect
            name="country"
            label="Country"
            required
            options={COUNTRY_OPTIONS}
            onSelect={(value) => {
              if (value === getValues('country')) return;
              // Another country's region and postal code mean nothing here: they are asked again.
              setValue('country', value, { shouldDirty: true });
              setValue('state', '', { shouldDirty: true });
              setValue('zipcode', '', { shouldDirty: true });
            }}
          />
        </Wide>
      )}
      <FormField name="firstName" label="First Name" maxLength={CONTACT_LIMITS.short} transform={stripPunctuation} autoComplete="off" />
      <FormField name="lastName" label="Last Name" maxLength={CONTACT_LIMITS.short} transform={stripPunctuation} autoComplete="off" />
      <Wide>
        <FormField name="company" label="Company" maxLength={CONTACT_LIMITS.short} transform={stripPunctuation} autoComplete="off" />
      </Wide>
      <FormField name="address1" label="Address 1" required maxLength={CONTACT_LIMITS.long} autoComplete="off" />
      <FormField name="address2" label="Address 2" maxLength={CONTACT_LIMITS.long} autoComplete="off" />
      <FormField name="city" label={country.code === 'GB' ? 'Town or City' : 'City'} required maxLength={CONTACT_LIMITS.long} autoComplete="off" />
      {country.regionLabel !== null &&
        (regionOptions.length > 0 ? (
          <FormSelect key={`${country.code}-state`} name="state" label={country.regionLabel} required options={regionOptions} />
        ) : (
          <FormField key={`${country.code}-state`} name="state" label={country.regionLabel} required maxLength={64} autoComplete="off" />
        ))}
      {abroad ? (
        <FormField
          key={`${country.code}-zipcode`}
          name="zipcode"
          label={country.postalLabel}
          required
          maxLength={10}
          helperText={`As ${country.postalExample}`}
          autoComplete="off"
        />
      ) : (
        <FormField name="zipcode" label="Zip Code" required inputMode="numeric" maxLength={LIMITS.zipLength} autoComplete="off" />
      )}
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
