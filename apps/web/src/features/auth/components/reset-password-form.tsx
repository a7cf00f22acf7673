import { MESSAGES, RESET_ERRORCODE } from '@airbox/contract';
import MuiAlert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useNavigate, useSearchParams } from 'react-router';
import { useAlert } from '../../../components/alert/alert-context';
import { TextLink } from '../../../components/layout/text-link';
import { Form } from '../../../components/form/form';
import { FormField } from '../../../components/form/form-field';
import { useToast } from '../../../components/toast/toast-context';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/http';
import { useResetPassword } from '../api/reset-password';

const FAILURE_TEXTS: Record<number, string> = {
  [RESET_ERRORCODE.serverError]: MESSAGES.resetServerError,
  [RESET_ERRORCODE.expired]: MESSAGES.resetTimeout,
  [RESET_ERRORCODE.illegal]: MESSAGES.resetIllegal,
};

/** /reset?Email=…&generatedId=…: a new password and its retype (spec 01 §4, §5, §8). */
export function ResetPasswordForm() {
  const alert = useAlert();
  const toast = useToast();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const resetMutation = useResetPassword();
  const email = searchParams.get('Email');
  const generatedId = searchParams.get('generatedId');

  if (!email || !generatedId) {
    return (
      <>
        <MuiAlert severity="error" sx={{ mb: 2 }}>
          {MESSAGES.resetIllegal}
        </MuiAlert>
        <TextLink to={paths.lock.getHref()}>
          Request a new link
        </TextLink>
      </>
    );
  }

  async function onSubmit({ password }: { password: string }) {
    if (!email || !generatedId) return;
    try {
      await resetMutation.mutateAsync({ Email: email, generatedId, Password: password });
    } catch (error) {
      if (!(error instanceof ApiError) || error.isServiceFailure) return;
      const text = (error.isCallFailure ? FAILURE_TEXTS[error.errorcode] : undefined) ?? error.message;
      void alert.show({ icon: 'error', text });
      return;
    }
    // A success toast, shown on /login where the customer goes at once to use the new password.
    toast.show(MESSAGES.resetSuccess);
    navigate(paths.login.getHref(), { replace: true });
  }

  return (
    <Form
      schema="resetPasswordFormSchema"
      defaultValues={{ password: '', retype: '' }}
      onSubmit={onSubmit}
      aria-label="Reset password"
    >
      {({ formState }) => (
        <>
          <FormField name="password" label="New password" type="password" autoComplete="new-password" />
          <FormField name="retype" label="Retype new password" type="password" autoComplete="new-password" />
          <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting}>
            Reset password
          </Button>
        </>
      )}
    </Form>
  );
}
