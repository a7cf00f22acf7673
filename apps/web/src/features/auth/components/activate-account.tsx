import { ACTIVATION_ERRORCODE, MESSAGES } from '@airbox/contract';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useAlert } from '../../../components/alert/alert-context';
import { useToast } from '../../../components/toast/toast-context';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/http';
import { useUserActivate } from '../api/user-activate';

/**
 * /active/{code}/: posts the code once on load, then goes to login. Success is a toast, shown on
 * /login; a failure blocks (the dialog), and login opens once it is closed.
 */
export function ActivateAccount({ code }: { code: string }) {
  const alert = useAlert();
  const toast = useToast();
  const navigate = useNavigate();
  const { mutateAsync } = useUserActivate();
  const posted = useRef(false);

  useEffect(() => {
    // The code is single-use: post it once even when effects run twice.
    if (posted.current) return;
    posted.current = true;
    void (async () => {
      try {
        await mutateAsync({ activateCode: code });
      } catch (error) {
        if (!(error instanceof ApiError) || error.isServiceFailure) return;
        if (error.isCallFailure && error.errorcode === ACTIVATION_ERRORCODE.linkInvalid) {
          navigate(paths.loseEfficacy.getHref(), { replace: true });
          return;
        }
        // A refused request (too many attempts, say) says the server's message.
        let text = error.message;
        if (error.isCallFailure) {
          text = error.errorcode === ACTIVATION_ERRORCODE.noSuchUser ? MESSAGES.activationUserMissing : MESSAGES.internalError;
        }
        await alert.show({ icon: 'error', text });
        navigate(paths.login.getHref(), { replace: true });
        return;
      }
      toast.show(MESSAGES.activated);
      navigate(paths.login.getHref(), { replace: true });
    })();
  }, [alert, toast, code, mutateAsync, navigate]);

  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
      <CircularProgress size={24} aria-hidden />
      <Typography>Activating your account…</Typography>
    </Stack>
  );
}
