import { LIMITS } from '@airbox/contract';
import { FormField } from './form-field';

/** What a PIN field keeps of what is typed: its digits, at most a PIN's length. */
const pinDigits = (value: string) => value.replace(/\D/g, '').slice(0, LIMITS.pinLength);

/** The locker PIN: digits only, hidden as a password is (with its show/hide button), never filled in by the browser. */
export function PinField({ name, helperText }: { name: string; helperText: string }) {
  return (
    <FormField
      name={name}
      label="PIN"
      type="password"
      required
      inputMode="numeric"
      autoComplete="off"
      maxLength={LIMITS.pinLength}
      transform={pinDigits}
      helperText={helperText}
    />
  );
}
