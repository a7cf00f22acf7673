import { LIMITS, formatPhoneDashed, maskPhone, phoneDigits } from '@airbox/contract';
import { useState } from 'react';
import { FormField } from './form-field';

/** A phone's 10 digits at most, as the registration's fields keep them while focused. */
const focusedDigits = (value: string) => phoneDigits(value).slice(0, LIMITS.phoneDigits);

/**
 * A US phone number after a fixed +1, the one phone field of every form. What is typed or pasted
 * loses its separators and a leading country 1 before any length limit ('+1 (206) 555-0100' keeps
 * its 10 digits), then shows as ###-###-#### as it is typed (spec 03 §5's mask: contacts, the label
 * page, pickups, the profile). `digitsWhileFocused` is the registration's way (spec 02 §4): digits
 * only while focused (10 characters), ###-###-#### once the field loses focus (12).
 */
export function FormPhoneField({
  name,
  label,
  required,
  helperText,
  autoComplete = 'tel-national',
  digitsWhileFocused = false,
}: {
  name: string;
  label: string;
  required?: boolean;
  helperText?: string;
  autoComplete?: string;
  digitsWhileFocused?: boolean;
}) {
  const [focused, setFocused] = useState(false);
  const shared = { name, label, type: 'tel', inputMode: 'numeric', required, helperText, autoComplete, startAdornment: '+1' } as const;
  // No length limit as typed either: '1 206 555 0100' typed key by key needs its 11th digit to lose the 1.
  if (!digitsWhileFocused) return <FormField {...shared} transform={maskPhone} />;
  return (
    <FormField
      {...shared}
      maxLength={focused ? LIMITS.phoneDigits : LIMITS.phoneDashedLength}
      transform={(value) => (focused ? focusedDigits(value) : value)}
      onFocusValue={(value) => {
        setFocused(true);
        return focusedDigits(value);
      }}
      onBlurValue={(value) => {
        setFocused(false);
        return formatPhoneDashed(value);
      }}
    />
  );
}
