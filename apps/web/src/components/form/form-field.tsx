import type { ClipboardEvent } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { usePasswordVisibility } from './password-visibility';
import { TextInput, type TextInputProps } from './text-input';

export interface FormFieldProps extends TextInputProps {
  /**
   * Applied to every typed or pasted value before the form keeps it (a mask, a character filter).
   * A paste is transformed before `maxLength` cuts it, so '(206) 555-0100' pasted into a field of
   * 10 digits keeps all of them; the caret stays before the characters that followed it.
   */
  transform?: (value: string) => string;
  /** The value to keep when the field gains or loses focus (e.g. a phone's display form). */
  onFocusValue?: (value: string) => string;
  onBlurValue?: (value: string) => string;
  /** How the field says its error (a message naming its path, 'items[1].value: …', said as the field's own). */
  describeError?: (message: string) => string;
}

type TextElement = HTMLInputElement | HTMLTextAreaElement;

/**
 * Shows `value` in `input` with the caret `fromEnd` characters before its end, before the form
 * keeps it: React then finds the value already shown and leaves the caret where it is (a mask that
 * adds a dash would otherwise throw it to the end). Inputs without a caret (e-mail) only take the value.
 */
function showKeepingCaret(input: TextElement, value: string, fromEnd: number) {
  if (input.value === value || input.selectionStart === null) return;
  input.value = value;
  const caret = Math.max(0, value.length - fromEnd);
  input.setSelectionRange(caret, caret);
}

/**
 * A text field of the screens off the first page: TextInput bound to the form by name.
 * `type="password"` adds a show/hide button.
 */
export function FormField({ name, label, type = 'text', endAdornment, transform, onFocusValue, onBlurValue, describeError, ...input }: FormFieldProps) {
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
          onChange={(event) => {
            const typed = event.target;
            if (!transform) return field.onChange(typed.value);
            const next = transform(typed.value);
            showKeepingCaret(typed, next, typed.value.length - (typed.selectionEnd ?? typed.value.length));
            field.onChange(next);
          }}
          onPaste={
            transform &&
            ((event: ClipboardEvent<TextElement>) => {
              // The pasted text is transformed whole before the length limit, not cut by the browser first.
              event.preventDefault();
              const pastedInto = event.currentTarget;
              const start = pastedInto.selectionStart ?? pastedInto.value.length;
              const after = pastedInto.value.slice(pastedInto.selectionEnd ?? start);
              const limit = pastedInto.maxLength >= 0 ? pastedInto.maxLength : undefined;
              const next = transform(`${pastedInto.value.slice(0, start)}${event.clipboardData.getData('text')}${after}`).slice(0, limit);
              showKeepingCaret(pastedInto, next, after.length);
              field.onChange(next);
            })
          }
          onFocus={(event) => {
            if (onFocusValue) field.onChange(onFocusValue(event.target.value));
          }}
          onBlur={(event) => {
            if (onBlurValue) field.onChange(onBlurValue(event.target.value));
            field.onBlur();
          }}
          error={fieldState.error?.message !== undefined && describeError ? describeError(fieldState.error.message) : fieldState.error?.message}
        />
      )}
    />
  );
}
