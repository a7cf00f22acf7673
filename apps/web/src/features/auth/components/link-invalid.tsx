import { MESSAGES } from '@airbox/contract';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useAlert } from '../../../components/alert/alert-context';
import { TextLink } from '../../../components/layout/text-link';
import { paths } from '../../../config/paths';

/** /loseefficacy: an activation link that is used up or expired. Tells so, then goes to login. */
export function LinkInvalid() {
  const alert = useAlert();
  const navigate = useNavigate();

  useEffect(() => {
    let active = true;
    void alert.show({ icon: 'error', title: MESSAGES.errorTitle, text: MESSAGES.linkInvalid }).then(() => {
      if (active) navigate(paths.login.getHref(), { replace: true });
    });
    return () => {
      active = false;
    };
  }, [alert, navigate]);

  return (
    <Typography>
      {MESSAGES.linkInvalid}{' '}
      <TextLink to={paths.login.getHref()}>
        Go to login
      </TextLink>
    </Typography>
  );
}
