import { MESSAGES, REGISTRATION_MESSAGES } from '@airbox/contract';
import { useNavigate } from 'react-router';
import { useAlert } from '../../../components/alert/alert-context';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/http';
import { useRegister, type RegistrationPayload } from '../api/register';

/**
 * Sends a registration and tells the outcome (spec 02 §8): success → the activation notice, then
 * /login once it is closed; 'Duplicated email!' → `onEmailInUse`; another refusal → its message titled 'Oops...';
 * a network failure → nothing (the progress indicator stops).
 */
export function useSendRegistration(onEmailInUse: () => void) {
  const alert = useAlert();
  const navigate = useNavigate();
  const { mutateAsync, isPending } = useRegister();

  async function send(payload: RegistrationPayload) {
    try {
      await mutateAsync(payload);
    } catch (error) {
      // Refused (REGISTER_ERRORCODE.refused, or the request itself): the reason is in the message.
      if (!(error instanceof ApiError) || error.status === 0) return;
      if (error.message === REGISTRATION_MESSAGES.duplicatedEmail) onEmailInUse();
      else void alert.show({ icon: 'error', title: MESSAGES.oopsTitle, text: error.message });
      return;
    }
    // A new route closes any open alert: go to login once the notice is read (OK or its auto-close).
    await alert.show({ icon: 'success', title: 'Check your email', text: REGISTRATION_MESSAGES.activationSent });
    await navigate(paths.login.getHref(), { replace: true });
  }

  return { send, sending: isPending };
}
