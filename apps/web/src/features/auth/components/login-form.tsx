import {
  LOGIN_ERRORCODE,
  MESSAGES,
  destinationGetsSession,
  loginDestination,
  safeRedirectPath,
  type SessionUser,
} from '@airbox/contract';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { useAlert } from '../../../components/alert/alert-context';
import { TextLink } from '../../../components/layout/text-link';
import { Form } from '../../../components/form/form';
import { FormPasswordField } from '../../../components/form/form-password-field';
import { FormTextField } from '../../../components/form/form-text-field';
import { env } from '../../../config/env';
import { paths } from '../../../config/paths';
import { getCarrierServiceRenamingQueryOptions } from '../../../lib/carrier-services';
import { ApiError, answerMessage } from '../../../lib/http';
import { startSession } from '../../../lib/session';
import { useLogin } from '../api/login';
import { useResendRegisterEmail } from '../api/resend-register-email';

/** The login form and the role/Status routing table of spec 01 §4. */
export function LoginForm() {
  const alert = useAlert();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const loginMutation = useLogin();
  const resendMutation = useResendRegisterEmail();

  async function offerResend(user: SessionUser) {
    const resend = await alert.show({
      icon: 'warning',
      text: MESSAGES.notActivated,
      cancelText: 'CLOSE',
      confirmText: 'RESEND',
    });
    if (!resend) return;
    try {
      await resendMutation.mutateAsync({ userID: user.user_id });
      void alert.show({ icon: 'success', text: MESSAGES.resendSuccess });
    } catch (error) {
      const message = answerMessage(error);
      if (message) void alert.show({ icon: 'error', text: message });
    }
  }

  async function onSubmit({ email, password }: { email: string; password: string }) {
    let signedIn: Awaited<ReturnType<typeof loginMutation.mutateAsync>>;
    try {
      signedIn = await loginMutation.mutateAsync({ name: email, password });
    } catch (error) {
      const wrongCredentials = error instanceof ApiError && error.errorcode === LOGIN_ERRORCODE.wrongCredentials;
      const message = wrongCredentials ? MESSAGES.wrongCredentials : answerMessage(error);
      if (message) void alert.show({ icon: 'error', text: message });
      return;
    }
    const { user, version } = signedIn;
    const destination = loginDestination(user);
    if (destination === 'notActivated') return offerResend(user);
    if (destination === 'pendingBusiness') {
      void alert.show({ icon: 'info', text: MESSAGES.pendingBusiness(env.brandName) });
      return;
    }
    if (!destinationGetsSession(destination)) return;
    startSession(user, version, email);
    // Loaded for the shipment screens; a failure here must not keep the user from signing in.
    await queryClient.fetchQuery(getCarrierServiceRenamingQueryOptions()).catch(() => undefined);
    if (destination === 'admin') window.location.assign(env.adminAppUrl);
    else if (destination === 'tablet') window.location.assign(env.tabletAppUrl);
    else navigate(safeRedirectPath(searchParams.get('redirect')) ?? paths.dashboard.getHref(), { replace: true });
  }

  return (
    <Form schema="loginFormSchema" defaultValues={{ email: '', password: '' }} onSubmit={onSubmit} aria-label="Login">
      {({ formState }) => (
        <>
          <FormTextField
            name="email"
            label="Email"
            type="email"
            autoComplete="username"
          />
          <FormPasswordField name="password" label="Password" autoComplete="current-password" />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <TextLink to={paths.lock.getHref()}>
              Forgot password?
            </TextLink>
          </Box>
          <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting}>
            Login
          </Button>
          <Box sx={{ display: 'flex', columnGap: 2, rowGap: 1, justifyContent: 'center', flexWrap: 'wrap', color: 'text.secondary' }}>
            <span>New here?</span>
            <TextLink to={paths.register.getHref()}>
              Sign up
            </TextLink>
            <TextLink to={paths.registerEnterprise.getHref()}>
              Sign up with invite code
            </TextLink>
          </Box>
        </>
      )}
    </Form>
  );
}
