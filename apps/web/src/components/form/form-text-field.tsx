import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { Controller, useFormContext } from 'react-hook-form';

export type FormTextFieldProps = { name: string; label: string } & Omit<
  TextFieldProps,
  'name' | 'label' | 'value' | 'onChange' | 'onBlur' | 'error'
>;

/** A MUI text field bound to the surrounding Form by name; shows the field's validation message. */
export function FormTextField({ name, label, helperText, ...props }: FormTextFieldProps) {
  const { control } = useFormContext();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          fullWidth
          {...props}
          {...field}
          value={field.value ?? ''}
          label={label}
          error={fieldState.error !== undefined}
          helperText={fieldState.error?.message ?? helperText}
        />
      )}
    />
  );
}
