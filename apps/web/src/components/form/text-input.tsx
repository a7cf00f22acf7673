import { LIMITS } from '@airbox/contract';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId, type ChangeEventHandler, type FocusEventHandler, type ReactNode, type Ref } from 'react';

export interface TextInputProps {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password' | 'tel';
  autoComplete?: string;
  maxLength?: number;
  endAdornment?: ReactNode;
}

interface TextInputBinding {
  value: string;
  onChange: ChangeEventHandler<HTMLInputElement>;
  onBlur: FocusEventHandler<HTMLInputElement>;
  /** The validation message. */
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A labelled text input with its message, for the login form, which binds it itself to keep
 * react-hook-form off the first page (every other form uses FormField). Built from MUI's input
 * parts rather than TextField, which would bring Select and its menus along.
 */
export function TextInput({
  name,
  label,
  type = 'text',
  autoComplete,
  maxLength = LIMITS.fieldMax,
  endAdornment,
  value,
  onChange,
  onBlur,
  error,
  inputRef,
}: TextInputProps & TextInputBinding) {
  const id = useId();
  const helperId = `${id}-helper`;
  return (
    <FormControl fullWidth variant="outlined" error={error !== undefined}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        name={name}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        inputRef={inputRef}
        id={id}
        type={type}
        label={label}
        autoComplete={autoComplete}
        endAdornment={endAdornment}
        inputProps={{ maxLength, 'aria-describedby': error ? helperId : undefined }}
      />
      {error && <FormHelperText id={helperId}>{error}</FormHelperText>}
    </FormControl>
  );
}
