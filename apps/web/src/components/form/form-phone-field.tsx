import { LIMITS, formatPhoneDashed, phoneDigits } from '@airbox/contract';
import { useState } from 'react';
import { FormField } from './form-field';

/**
 * A US phone number after a fixed +1: digits only while focused (at most 10), shown as
 * ###-###-#### once the field loses focus (spec 02 §4: 10 characters focused, 12 otherwise).
 */
export function FormPhoneField({
  name,
  label,
  required,
  helperText,
  autoComplete = 'tel-national',
}: {
  name: string;
  label: string;
  required?: boolean;
  helperText?: string;
  autoComplete?: string;
}) {
  const [focused, setFocused] = useState(false);
  return (
    <FormField
      name={name}
      label={label}
      type="tel"
      inputMode="numeric"
      required={required}
      helperText={helperText}
      autoComplete={autoComplete}
      startAdornment="+1"
      maxLength={focused ? LIMITS.phoneDigits : LIMITS.phoneDashedLength}
      transform={(value) => (focused ? value.replace(/\D/g, '').slice(0, LIMITS.phoneDigits) : value)}
      onFocusValue={(value) => {
        setFocused(true);
        return phoneDigits(value).slice(0, LIMITS.phoneDigits);
      }}
      onBlurValue={(value) => {
        setFocused(false);
        return formatPhoneDashed(value);
      }}
    />
  );
}
