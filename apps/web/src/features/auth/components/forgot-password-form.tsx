import { MESSAGES } from '@airbox/contract';
import Button from '@mui/material/Button';
import { useNavigate } from 'react-router';
import { useAlert } from '../../../components/alert/alert-context';
import { TextLink } from '../../../components/layout/text-link';
import { Form } from '../../../components/form/form';
import { FormField } from '../../../components/form/form-field';
import { useToast } from '../../../components/toast/toast-context';
import { paths } from '../../../config/paths';
import { answerMessage } from '../../../lib/http';
import { useCheckUser } from '../api/check-user';

/**
 * Forgot password (/lock): one neutral answer whether or not the account exists, a notice toast
 * shown on /login, where the customer returns at once.
 */
export function ForgotPasswordForm() {
  const alert = useAlert();
  const toast = useToast();
  const navigate = useNavigate();
  const checkUserMutation = useCheckUser();

  async function onSubmit({ email }: { email: string }) {
    try {
      await checkUserMutation.mutateAsync({ email });
    } catch (error) {
      const message = answerMessage(error);
      if (message) void alert.show({ icon: 'error', text: message });
      return;
    }
    toast.show(MESSAGES.forgotNeutral, 'info');
    navigate(paths.login.getHref(), { replace: true });
  }

  return (
    <Form schema="forgotPasswordFormSchema" defaultValues={{ email: '' }} onSubmit={onSubmit} aria-label="Forgot password">
      {({ formState }) => (
        <>
          <FormField
            name="email"
            label="Email"
            type="email"
            autoComplete="email"
          />
          <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting}>
            Send reset link
          </Button>
          <TextLink to={paths.login.getHref()} style={{ alignSelf: 'center' }}>
            Back to login
          </TextLink>
        </>
      )}
    </Form>
  );
}
