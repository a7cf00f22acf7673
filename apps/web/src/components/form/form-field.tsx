import { Controller, useFormContext } from 'react-hook-form';
import { usePasswordVisibility } from './password-visibility';
import { TextInput, type TextInputProps } from './text-input';

export interface FormFieldProps extends TextInputProps {
  /** Applied to every typed value before the form keeps it (a mask, a character filter). */
  transform?: (value: string) => string;
  /** The value to keep when the field gains or loses focus (e.g. a phone's display form). */
  onFocusValue?: (value: string) => string;
  onBlurValue?: (value: string) => string;
}

/**
 * A text field of the screens off the first page: TextInput bound to the form by name.
 * `type="password"` adds a show/hide button.
 */
export function FormField({ name, label, type = 'text', endAdornment, transform, onFocusValue, onBlurValue, ...input }: FormFieldProps) {
  const { control } = useFormContext();
  const password = usePasswordVisibility(label);
  const isPassword = type === 'password';
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextInput
          {...input}
          name={field.name}
          label={label}
          type={isPassword ? password.type : type}
          endAdornment={isPassword ? password.endAdornment : endAdornment}
          inputRef={field.ref}
          value={(field.value as string | undefined) ?? ''}
          onChange={(event) => field.onChange(transform ? transform(event.target.value) : event.target.value)}
          onFocus={(event) => {
            if (onFocusValue) field.onChange(onFocusValue(event.target.value));
          }}
          onBlur={(event) => {
            if (onBlurValue) field.onChange(onBlurValue(event.target.value));
            field.onBlur();
          }}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
