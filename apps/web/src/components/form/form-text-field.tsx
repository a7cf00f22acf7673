import { LIMITS } from '@airbox/contract';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId, type ReactNode } from 'react';
import { Controller, useFormContext } from 'react-hook-form';

export interface FormTextFieldProps {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password' | 'tel';
  autoComplete?: string;
  maxLength?: number;
  helperText?: string;
  endAdornment?: ReactNode;
  /** A text of several lines (comments): grows from `minRows` as it is typed. */
  multiline?: boolean;
  minRows?: number;
}

/**
 * A text input bound to the surrounding Form by name, showing its validation message. Built from
 * MUI's input parts rather than TextField, which would bring Select and its menus along.
 */
export function FormTextField({
  name,
  label,
  type = 'text',
  autoComplete,
  maxLength = LIMITS.fieldMax,
  helperText,
  endAdornment,
  multiline = false,
  minRows,
}: FormTextFieldProps) {
  const { control } = useFormContext();
  const id = useId();
  const helperId = `${id}-helper`;
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => {
        const message = fieldState.error?.message ?? helperText;
        return (
          <FormControl fullWidth variant="outlined" error={fieldState.error !== undefined}>
            <InputLabel htmlFor={id}>{label}</InputLabel>
            <OutlinedInput
              {...field}
              value={field.value ?? ''}
              id={id}
              type={type}
              label={label}
              autoComplete={autoComplete}
              endAdornment={endAdornment}
              multiline={multiline}
              minRows={multiline ? minRows : undefined}
              inputProps={{ maxLength, 'aria-describedby': message ? helperId : undefined }}
            />
            {message && <FormHelperText id={helperId}>{message}</FormHelperText>}
          </FormControl>
        );
      }}
    />
  );
}
