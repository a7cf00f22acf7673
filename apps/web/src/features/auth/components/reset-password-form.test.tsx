import { MESSAGES, RESET_ERRORCODE } from '@airbox/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fillIn, mockApi, renderApp, toastSaying } from '../../../testing/test-utils';

const LINK = '/reset?Email=dana%40example.com&generatedId=abc123';

async function resetWith(errorcode: number) {
  const api = mockApi({ '/app/v1/resetPassword': { body: { errorcode, message: 'server says' } } });
  const app = renderApp(LINK);
  await fillIn(app.user, await screen.findByLabelText('New password'), 'NewSecret1');
  await fillIn(app.user, screen.getByLabelText('Retype new password'), 'NewSecret1');
  await app.user.click(screen.getByRole('button', { name: 'Reset password' }));
  return { ...app, api };
}

describe('reset password page', () => {
  it('sends the link values and the new password, then goes to login, where a toast says so', async () => {
    const { api, location } = await resetWith(RESET_ERRORCODE.success);
    await waitFor(() => expect(location()).toBe('/login'));
    expect(await toastSaying(MESSAGES.resetSuccess)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const [request] = api.calls('/app/v1/resetPassword');
    expect(request?.method).toBe('GET');
    expect(Object.fromEntries(request?.fields ?? [])).toEqual({
      Email: 'dana@example.com',
      generatedId: 'abc123',
      Password: 'NewSecret1',
    });
  });

  it.each([
    [RESET_ERRORCODE.serverError, MESSAGES.resetServerError],
    [RESET_ERRORCODE.expired, MESSAGES.resetTimeout],
    [RESET_ERRORCODE.illegal, MESSAGES.resetIllegal],
  ])('shows the text of errorcode %i', async (errorcode, text) => {
    const { location } = await resetWith(errorcode);
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(location()).toBe(LINK);
  });

  it('holds the new password to the spec rule and the retype to the password', async () => {
    const api = mockApi({});
    const { user } = renderApp(LINK);
    await fillIn(user, await screen.findByLabelText('New password'), 'alllowercase');
    await fillIn(user, screen.getByLabelText('Retype new password'), 'different');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(MESSAGES.resetPasswordRule)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.passwordsDoNotMatch)).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });

  it.each(['/reset', '/reset?Email=dana%40example.com', '/reset?generatedId=abc123'])(
    'calls a link without both values (%s) an illegal operation',
    async (path) => {
      mockApi({});
      renderApp(path);
      expect(await screen.findByText(MESSAGES.resetIllegal)).toBeInTheDocument();
      expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    },
  );
});
