import { LIMITS } from '@airbox/contract';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId, type ChangeEventHandler, type ClipboardEventHandler, type FocusEventHandler, type HTMLAttributes, type ReactNode, type Ref } from 'react';

export interface TextInputProps {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password' | 'tel';
  required?: boolean;
  autoComplete?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  maxLength?: number;
  /** Shown under the field while it has no error message. */
  helperText?: ReactNode;
  /** Shown under the field at its end, beside a message or an error alike (a character count). */
  counter?: ReactNode;
  startAdornment?: ReactNode;
  endAdornment?: ReactNode;
  disabled?: boolean;
  placeholder?: string;
  /** Focus the field when it appears (the first field of a dialog). */
  autoFocus?: boolean;
  /** A text area of at least `minRows` lines (comments, instructions). */
  multiline?: boolean;
  minRows?: number;
}

type TextElement = HTMLInputElement | HTMLTextAreaElement;

interface TextInputBinding {
  value: string;
  onChange: ChangeEventHandler<TextElement>;
  onFocus?: FocusEventHandler<TextElement>;
  onBlur: FocusEventHandler<TextElement>;
  onPaste?: ClipboardEventHandler<TextElement>;
  /** The validation message. */
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A labelled text input with its message (a required star, adornments, a text area), as MUI's
 * TextField draws one but built from its input parts, which keeps Select and its menus off the
 * first page. FormField binds it to a form; the login form binds it itself, to keep
 * react-hook-form off the first page as well.
 */
export function TextInput({
  name,
  label,
  type = 'text',
  required,
  autoComplete,
  inputMode,
  maxLength = LIMITS.fieldMax,
  helperText,
  counter,
  startAdornment,
  endAdornment,
  disabled,
  placeholder,
  autoFocus,
  multiline,
  minRows,
  value,
  onChange,
  onFocus,
  onBlur,
  onPaste,
  error,
  inputRef,
}: TextInputProps & TextInputBinding) {
  const id = useId();
  const helperId = `${id}-helper-text`;
  const message = error ?? helperText;
  const described = Boolean(message) || counter !== undefined;
  return (
    <FormControl fullWidth variant="outlined" error={error !== undefined} required={required} disabled={disabled}>
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        name={name}
        type={type}
        value={value}
        onChange={onChange}
        onFocus={onFocus}
        onBlur={onBlur}
        inputRef={inputRef}
        label={label}
        placeholder={placeholder}
        autoFocus={autoFocus}
        autoComplete={autoComplete}
        multiline={multiline}
        minRows={minRows}
        fullWidth
        aria-describedby={described ? helperId : undefined}
        inputProps={{ maxLength, inputMode, onPaste }}
        startAdornment={startAdornment ? <InputAdornment position="start">{startAdornment}</InputAdornment> : undefined}
        endAdornment={endAdornment}
      />
      {counter === undefined
        ? message && <FormHelperText id={helperId}>{message}</FormHelperText>
        : (
            <FormHelperText id={helperId} sx={{ display: 'flex', gap: 2 }}>
              <Box component="span" sx={{ flex: 1 }}>
                {message}
              </Box>{' '}
              <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                {counter}
              </Box>
            </FormHelperText>
          )}
    </FormControl>
  );
}
