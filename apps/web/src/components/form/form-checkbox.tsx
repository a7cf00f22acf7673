import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import { useId, type InputHTMLAttributes, type ReactNode, type RefCallback } from 'react';
import { Controller, useFormContext } from 'react-hook-form';

/**
 * A checkbox bound to the surrounding form by name; `after` sits beside the label (a link, say);
 * `helperText` says more under it (why it is disabled, say). `hideError` leaves its error to a
 * message the screen shows once for a group (three agreements that share one message, say).
 */
export function FormCheckbox({
  name,
  label,
  after,
  required,
  disabled,
  helperText,
  hideError = false,
}: {
  name: string;
  label: ReactNode;
  after?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  helperText?: string;
  hideError?: boolean;
}) {
  const { control } = useFormContext();
  const helperId = useId();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => {
        const message = (hideError ? undefined : fieldState.error?.message) ?? helperText;
        return (
          <FormControl error={fieldState.error !== undefined} required={required} disabled={disabled}>
            <div style={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap' }}>
              <FormControlLabel
                sx={{ mr: after ? 0.5 : 2 }}
                control={
                  <Checkbox
                    name={field.name}
                    checked={field.value === true}
                    onChange={(event) => field.onChange(event.target.checked)}
                    onBlur={field.onBlur}
                    slotProps={{
                      input: {
                        ref: field.ref,
                        'aria-describedby': message ? helperId : undefined,
                        'aria-invalid': fieldState.error ? true : undefined,
                      } as InputHTMLAttributes<HTMLInputElement> & { ref: RefCallback<HTMLInputElement> },
                    }}
                  />
                }
                label={label}
              />
              {after}
            </div>
            {message && (
              // Never greyed with a disabled checkbox: it says why it is disabled, and must stay readable (contrast).
              <FormHelperText id={helperId} disabled={false} sx={{ mt: 0 }}>
                {message}
              </FormHelperText>
            )}
          </FormControl>
        );
      }}
    />
  );
}
