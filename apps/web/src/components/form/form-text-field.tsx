import { Controller, useFormContext } from 'react-hook-form';
import { TextInput, type TextInputProps } from './text-input';

export type FormTextFieldProps = TextInputProps;

/** A text input bound to the surrounding Form by name, showing its validation message. */
export function FormTextField(props: FormTextFieldProps) {
  const { control } = useFormContext();
  return (
    <Controller
      name={props.name}
      control={control}
      render={({ field, fieldState }) => (
        <TextInput
          {...props}
          value={(field.value as string | undefined) ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          disabled={field.disabled}
          inputRef={field.ref}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
