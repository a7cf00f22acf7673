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
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useAlert, type AlertApi } from '../../../components/alert/alert-context';
import { TextLink } from '../../../components/layout/text-link';
import { usePasswordVisibility } from '../../../components/form/password-visibility';
import { TextInput } from '../../../components/form/text-input';
import { useToast } from '../../../components/toast/toast-context';
import { env } from '../../../config/env';
import { paths } from '../../../config/paths';
import { getCarrierServiceRenaming } from '../../../lib/carrier-services';
import { ApiError, answerMessage } from '../../../lib/http';
import { loadSchemas } from '../../../lib/schemas-loader';
import { startSession } from '../../../lib/session';
import { login } from '../api/login';
import { resendRegisterEmail } from '../api/resend-register-email';

type Field = 'email' | 'password';
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

/** The contract's loginFormSchema on the values: the first message of each field, or the parsed values. */
async function validateLogin(values: Values): Promise<{ errors: Errors; parsed?: Values }> {
  const { FORM_SCHEMAS } = await loadSchemas();
  const result = FORM_SCHEMAS.loginFormSchema.safeParse(values);
  if (result.success) return { errors: {}, parsed: result.data };
  const errors: Errors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return { errors };
}

/** A failed call's message: the server's own, or 'Oops... Service exception' when it gave none. */
function showCallFailure(alert: AlertApi, error: unknown, message = answerMessage(error)) {
  if (message) void alert.show({ icon: 'error', text: message });
  else void alert.show({ icon: 'error', title: MESSAGES.oopsTitle, text: MESSAGES.serviceException });
}

/**
 * The login form and the role/Status routing table of spec 01 §4. The first page's only form, so
 * it is bound by hand instead of through Form (react-hook-form and TanStack Query, 20 KB, stay off
 * the login route): the same contract schema, checked as Form does (a field once left, then as it
 * changes; every field on submit, the first wrong one focused).
 */
export function LoginForm() {
  const alert = useAlert();
  const toast = useToast();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const password = usePasswordVisibility('Password');
  const [values, setValues] = useState<Values>({ email: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [touched, setTouched] = useState<ReadonlySet<Field>>(new Set());
  const [submitting, setSubmitting] = useState(false);
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);

  async function showErrorsOf(next: Values, fields: ReadonlySet<Field>) {
    const { errors: found } = await validateLogin(next);
    setErrors(Object.fromEntries([...fields].map((field) => [field, found[field]])));
  }

  const bind = (field: Field) => ({
    name: field,
    value: values[field],
    error: errors[field],
    onChange: (event: { target: { value: string } }) => {
      const next = { ...values, [field]: event.target.value };
      setValues(next);
      if (touched.size > 0) void showErrorsOf(next, touched);
    },
    onBlur: () => {
      const next = new Set(touched).add(field);
      setTouched(next);
      void showErrorsOf(values, next);
    },
  });

  async function offerResend(user: SessionUser) {
    const resend = await alert.show({
      icon: 'warning',
      text: MESSAGES.notActivated,
      cancelText: 'CLOSE',
      confirmText: 'RESEND',
    });
    if (!resend) return;
    try {
      await resendRegisterEmail({ userID: user.user_id });
      toast.show(MESSAGES.resendSuccess);
    } catch (error) {
      showCallFailure(alert, error);
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    setSubmitting(true);
    try {
      const all = new Set<Field>(['email', 'password']);
      setTouched(all);
      const { errors: found, parsed } = await validateLogin(values);
      setErrors(found);
      if (!parsed) {
        (found.email ? emailInput : passwordInput).current?.focus();
        return;
      }
      await signIn(parsed);
    } finally {
      setSubmitting(false);
    }
  }

  async function signIn({ email, password }: Values) {
    let signedIn: Awaited<ReturnType<typeof login>>;
    try {
      signedIn = await login({ name: email, password });
    } catch (error) {
      const wrongCredentials = error instanceof ApiError && error.errorcode === LOGIN_ERRORCODE.wrongCredentials;
      showCallFailure(alert, error, wrongCredentials ? MESSAGES.wrongCredentials : undefined);
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
    await getCarrierServiceRenaming().catch(() => undefined);
    if (destination === 'admin') window.location.assign(env.adminAppUrl);
    else if (destination === 'tablet') window.location.assign(env.tabletAppUrl);
    else navigate(safeRedirectPath(searchParams.get('redirect')) ?? paths.dashboard.getHref(), { replace: true });
  }

  return (
    <Box component="form" noValidate aria-label="Login" onSubmit={onSubmit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <TextInput {...bind('email')} inputRef={emailInput} label="Email" type="email" autoComplete="username" />
      <TextInput {...bind('password')} {...password} inputRef={passwordInput} label="Password" autoComplete="current-password" />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <TextLink to={paths.lock.getHref()}>
          Forgot password?
        </TextLink>
      </Box>
      <Button type="submit" variant="contained" size="large" disabled={submitting}>
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
    </Box>
  );
}
