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
  helperText?: string;
  endAdornment?: ReactNode;
  /** A text of several lines (comments): grows from `minRows` as it is typed. */
  multiline?: boolean;
  minRows?: number;
}

interface TextInputBinding {
  value: string;
  onChange: ChangeEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  onBlur: FocusEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  /** The validation message, shown instead of the helper text. */
  error?: string;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement | HTMLTextAreaElement>;
}

/**
 * A labelled text input with its message: what FormTextField binds to a Form, and the login form
 * (which keeps react-hook-form off the first page) binds itself. Built from MUI's input parts
 * rather than TextField, which would bring Select and its menus along.
 */
export function TextInput({
  name,
  label,
  type = 'text',
  autoComplete,
  maxLength = LIMITS.fieldMax,
  helperText,
  endAdornment,
  multiline = false,
  minRows,
  value,
  onChange,
  onBlur,
  error,
  disabled,
  inputRef,
}: TextInputProps & TextInputBinding) {
  const id = useId();
  const helperId = `${id}-helper`;
  const message = error ?? helperText;
  return (
    <FormControl fullWidth variant="outlined" error={error !== undefined}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        name={name}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        disabled={disabled}
        inputRef={inputRef}
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
}
