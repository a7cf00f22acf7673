import { MESSAGES, REGISTRATION_MESSAGES } from '@airbox/contract';
import { useNavigate } from 'react-router';
import { useAlert } from '../../../components/alert/alert-context';
import { useToast } from '../../../components/toast/toast-context';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/http';
import { useRegister, type RegistrationPayload } from '../api/register';

/** What a new registrant is told on /login: a heading line, then the activation text (spec 02 §8). */
export const ACTIVATION_NOTICE = `Check your email\n${REGISTRATION_MESSAGES.activationSent}`;

/**
 * Sends a registration and tells the outcome (spec 02 §8): success → /login, with the activation
 * notice as a toast there (it stays as long as it takes to read, announced politely); 'Duplicated
 * email!' → `onEmailInUse`; another refusal → its message titled 'Oops...'; a network failure →
 * nothing (the progress indicator stops).
 */
export function useSendRegistration(onEmailInUse: () => void) {
  const alert = useAlert();
  const toast = useToast();
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
    // A toast stays over the change of route, so the notice shows on /login.
    toast.show(ACTIVATION_NOTICE);
    await navigate(paths.login.getHref(), { replace: true });
  }

  return { send, sending: isPending };
}
