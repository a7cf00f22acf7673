import { MESSAGES } from '@airbox/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useAlert } from '../../../components/alert/alert-context';
import { paths } from '../../../config/paths';
import { answerMessage } from '../../../lib/http';
import { endSession, readSession } from '../../../lib/session';
import { useLogoutCall } from '../api/logout';

/** Logout with confirmation (spec 01 §4): once signed out (LOGOUT_ERRORCODE.signedOut) the session ends and the user goes to login. */
export function useLogout() {
  const alert = useAlert();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { mutateAsync } = useLogoutCall();

  return async function logout() {
    const confirmed = await alert.show({
      icon: 'question',
      title: 'Logout',
      text: MESSAGES.logoutConfirm,
      cancelText: 'Cancel',
      confirmText: 'Logout',
    });
    const session = readSession();
    if (!confirmed || !session) return;
    try {
      await mutateAsync({ user_id: session.userId });
    } catch (error) {
      const message = answerMessage(error);
      if (message) void alert.show({ icon: 'error', text: message });
      return;
    }
    endSession();
    queryClient.clear();
    navigate(paths.login.getHref(), { replace: true });
  };
}
