import { FormCheckbox } from '../../../components/form/form-checkbox';
import { TermsSentence } from '../../../components/terms/terms-sentence';

/** The terms checkbox (`Conditions`) with a link that opens the 'Terms of Use' popup. */
export function TermsField() {
  return <FormCheckbox name="Conditions" required label={<TermsSentence text="I have read and agree to the Terms of Use" />} />;
}
