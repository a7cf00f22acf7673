import { ACTIVATION_ERRORCODE, MESSAGES } from '@airbox/contract';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useAlert } from '../../../components/alert/alert-context';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/http';
import { useUserActivate } from '../api/user-activate';

/** /active/{code}/: posts the code once on load, tells the outcome, then goes to login. */
export function ActivateAccount({ code }: { code: string }) {
  const alert = useAlert();
  const navigate = useNavigate();
  const { mutateAsync } = useUserActivate();
  const posted = useRef(false);

  useEffect(() => {
    // The code is single-use: post it once even when effects run twice.
    if (posted.current) return;
    posted.current = true;
    void (async () => {
      let text: string;
      let icon: 'success' | 'error' = 'error';
      try {
        await mutateAsync({ activateCode: code });
        icon = 'success';
        text = MESSAGES.activated;
      } catch (error) {
        if (!(error instanceof ApiError) || error.isServiceFailure) return;
        if (!error.isCallFailure) {
          // A refused request (too many attempts, say): the server's message.
          text = error.message;
        } else if (error.errorcode === ACTIVATION_ERRORCODE.linkInvalid) {
          navigate(paths.loseEfficacy.getHref(), { replace: true });
          return;
        } else {
          text = error.errorcode === ACTIVATION_ERRORCODE.noSuchUser ? MESSAGES.activationUserMissing : MESSAGES.internalError;
        }
      }
      await alert.show({ icon, text });
      navigate(paths.login.getHref(), { replace: true });
    })();
  }, [alert, code, mutateAsync, navigate]);

  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
      <CircularProgress size={24} aria-hidden />
      <Typography>Activating your account…</Typography>
    </Stack>
  );
}
