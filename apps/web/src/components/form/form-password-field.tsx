import { FormTextField, type FormTextFieldProps } from './form-text-field';
import { usePasswordVisibility } from './password-visibility';

/** A password field with a show/hide button. */
export function FormPasswordField(props: Omit<FormTextFieldProps, 'type' | 'endAdornment'>) {
  return <FormTextField {...props} {...usePasswordVisibility()} />;
}
