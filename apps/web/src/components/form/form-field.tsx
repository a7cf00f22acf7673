import { LIMITS } from '@airbox/contract';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { type FocusEvent, type HTMLAttributes, type ReactNode } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { usePasswordVisibility } from './password-visibility';

export interface FormFieldProps {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password' | 'tel';
  required?: boolean;
  autoComplete?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  maxLength?: number;
  helperText?: ReactNode;
  startAdornment?: ReactNode;
  endAdornment?: ReactNode;
  /** Applied to every typed value before the form keeps it (a mask, a character filter). */
  transform?: (value: string) => string;
  /** The value to keep when the field gains or loses focus (e.g. a phone's display form). */
  onFocusValue?: (value: string) => string;
  onBlurValue?: (value: string) => string;
  disabled?: boolean;
  placeholder?: string;
  /** Focus the field when it appears (the first field of a dialog). */
  autoFocus?: boolean;
  /** A text area of at least `minRows` lines (comments, instructions). */
  multiline?: boolean;
  minRows?: number;
}

/**
 * A text field of the screens off the first page (MUI TextField: a required star, adornments,
 * masks). The login form binds the lighter TextInput itself. `type="password"` adds a show/hide button.
 */
export function FormField({
  name,
  label,
  type = 'text',
  required,
  autoComplete,
  inputMode,
  maxLength = LIMITS.fieldMax,
  helperText,
  startAdornment,
  endAdornment,
  transform,
  onFocusValue,
  onBlurValue,
  disabled,
  placeholder,
  autoFocus,
  multiline,
  minRows,
}: FormFieldProps) {
  const { control } = useFormContext();
  const password = usePasswordVisibility(label);
  const isPassword = type === 'password';
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          name={field.name}
          inputRef={field.ref}
          value={field.value ?? ''}
          onChange={(event) => field.onChange(transform ? transform(event.target.value) : event.target.value)}
          onFocus={(event: FocusEvent<HTMLInputElement>) => {
            if (onFocusValue) field.onChange(onFocusValue(event.target.value));
          }}
          onBlur={(event: FocusEvent<HTMLInputElement>) => {
            if (onBlurValue) field.onChange(onBlurValue(event.target.value));
            field.onBlur();
          }}
          label={label}
          type={isPassword ? password.type : type}
          required={required}
          disabled={disabled}
          placeholder={placeholder}
          autoFocus={autoFocus}
          autoComplete={autoComplete}
          multiline={multiline}
          minRows={minRows}
          fullWidth
          error={fieldState.error !== undefined}
          helperText={fieldState.error?.message ?? helperText}
          slotProps={{
            htmlInput: { maxLength, inputMode },
            input: {
              startAdornment: startAdornment ? <InputAdornment position="start">{startAdornment}</InputAdornment> : undefined,
              endAdornment: isPassword ? password.endAdornment : endAdornment,
            },
          }}
        />
      )}
    />
  );
}
