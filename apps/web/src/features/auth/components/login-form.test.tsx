import { MESSAGES, STORAGE_KEYS } from '@airbox/contract';
import { screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { describe, expect, it } from 'vitest';
import { sessionUser } from '../../../testing/fixtures';
import { fillIn, loginAnswer, mockApi, renderApp, toastSaying } from '../../../testing/test-utils';

const carrierServices = {
  body: {
    errorcode: 0,
    message: 'ok',
    data: [{ carrier: 'USPS', easypost_original: 'Priority', renamed: 'USPS Priority', service_search_queries: 'priority' }],
  },
};

async function submitLogin(path = '/login', email = 'dana@example.com', password = 'Secret123') {
  const app = renderApp(path);
  await fillIn(app.user, await screen.findByLabelText('Email'), email);
  await fillIn(app.user, screen.getByLabelText('Password'), password);
  await app.user.click(screen.getByRole('button', { name: 'Login' }));
  return app;
}

describe('login form', () => {
  it('asks for an e-mail and a password before calling the server', async () => {
    const api = mockApi({});
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Login' }));
    expect(await screen.findByText(MESSAGES.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.passwordRequired)).toBeInTheDocument();

    await fillIn(user, screen.getByLabelText('Email'), 'not-an-email');
    await fillIn(user, screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText(MESSAGES.emailInvalid)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.passwordTooShort)).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });

  it('shows and hides the password', async () => {
    mockApi({});
    const { user } = renderApp('/login');
    const password = await screen.findByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('says "Wrong email or password" on errorcode 0 and sets no session', async () => {
    const api = mockApi({
      '/app/v1/login': { body: { errorcode: 0, message: 'Invalid credentials', version: '1.0.0', user: [], locker: [] } },
    });
    await submitLogin();
    expect(await screen.findByText(MESSAGES.wrongCredentials)).toBeInTheDocument();
    const [request] = api.calls('/app/v1/login');
    expect(request?.method).toBe('POST');
    expect(Object.fromEntries(request?.fields ?? [])).toEqual({ name: 'dana@example.com', password: 'Secret123' });
    expect(Cookies.get('user_id')).toBeUndefined();
  });

  it("shows the server's message for other failures such as throttling", async () => {
    mockApi({ '/app/v1/login': { status: 429, body: { errorcode: -429, message: MESSAGES.tooManyAttempts } } });
    await submitLogin();
    expect(await screen.findByText(MESSAGES.tooManyAttempts)).toBeInTheDocument();
  });

  it("shows 'Oops... Service exception' when the server fails", async () => {
    mockApi({ '/app/v1/login': { status: 503, body: { errorcode: -500, message: 'down' } } });
    await submitLogin();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(MESSAGES.oopsTitle)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES.serviceException)).toBeInTheDocument();
  });

  it('offers CLOSE and RESEND to an account not activated, and RESEND mails the activation link again (a toast says so)', async () => {
    const api = mockApi({
      '/app/v1/login': loginAnswer(sessionUser({ user_id: 42, Status: 0 })),
      '/app/v1/resendRegristerEmail': { body: { errorcode: 0, message: 'sent' } },
    });
    const { user, location } = await submitLogin();
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(MESSAGES.notActivated)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'CLOSE' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'RESEND' }));

    expect(await toastSaying(MESSAGES.resendSuccess)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls('/app/v1/resendRegristerEmail')[0]?.fields.get('userID')).toBe('42');
    expect(Cookies.get('user_id')).toBeUndefined();
    expect(location()).toBe('/login');
  });

  it("shows the server's message when RESEND fails", async () => {
    mockApi({
      '/app/v1/login': loginAnswer(sessionUser({ Status: 0 })),
      '/app/v1/resendRegristerEmail': { status: 429, body: { errorcode: -429, message: MESSAGES.tooManyAttempts } },
    });
    const { user } = await submitLogin();
    await user.click(await screen.findByRole('button', { name: 'RESEND' }));
    expect(await screen.findByText(MESSAGES.tooManyAttempts)).toBeInTheDocument();
  });

  it('tells a pending business user to contact support', async () => {
    mockApi({ '/app/v1/login': loginAnswer(sessionUser({ role_id: 10, Status: 1 })) });
    const { location } = await submitLogin();
    expect(await screen.findByText(MESSAGES.pendingBusiness('AirBox'))).toBeInTheDocument();
    expect(Cookies.get('role_id')).toBeUndefined();
    expect(location()).toBe('/login');
  });

  it('keeps the session hints and the carrier list, then opens the dashboard', async () => {
    const api = mockApi({
      '/app/v1/login': loginAnswer(sessionUser()),
      '/app/v1/carrierServiceRenaming': carrierServices,
    });
    const { location } = await submitLogin();
    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(Cookies.get('role_id')).toBe('5');
    expect(Cookies.get('user_id')).toBe('7');
    expect(Cookies.get('BOXID')).toBe('1234567');
    expect(Cookies.get('First_name')).toBe('Dana');
    expect(Cookies.get('Status')).toBe('1');
    expect(Cookies.get('version')).toBe('1.0.0');
    expect(Cookies.get('PinNo')).toBeUndefined();
    expect(sessionStorage.getItem(STORAGE_KEYS.sessionEmail)).toBe('dana@example.com');
    expect(JSON.parse(sessionStorage.getItem(STORAGE_KEYS.carrierRenaming) ?? '[]')).toEqual(carrierServices.body.data);
    expect(api.calls('/app/v1/carrierServiceRenaming').length).toBeGreaterThan(0);
  });

  it('returns to the page asked for in `redirect`', async () => {
    mockApi({ '/app/v1/login': loginAnswer(sessionUser()), '/app/v1/carrierServiceRenaming': carrierServices });
    const { location } = await submitLogin('/login?redirect=%2Ftransaction');
    await waitFor(() => expect(location()).toBe('/transaction'));
  });

  it.each(['//evil.example', 'https://evil.example/x', '/\\evil.example', '%2F%2Fevil.example', 'javascript:alert(1)', '/..//evil.example', '/%2e%2e/%2e%2e//evil.example'])(
    'ignores an off-site redirect (%s) and opens the dashboard',
    async (redirect) => {
      mockApi({ '/app/v1/login': loginAnswer(sessionUser()), '/app/v1/carrierServiceRenaming': carrierServices });
      const { location } = await submitLogin(`/login?redirect=${encodeURIComponent(redirect)}`);
      await waitFor(() => expect(location()).toBe('/dashboard'));
    },
  );
});
