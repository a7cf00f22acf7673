import { MESSAGES } from '@airbox/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fillIn, mockApi, renderApp, toastSaying } from '../../../testing/test-utils';

async function askForLink(errorcode: number, message = 'server says') {
  const api = mockApi({ '/app/v1/checkUser': { body: { errorcode, message } } });
  const app = renderApp('/lock');
  await fillIn(app.user, await screen.findByLabelText('Email'), 'dana@example.com');
  await app.user.click(screen.getByRole('button', { name: 'Send reset link' }));
  return { ...app, api };
}

describe('forgot password page', () => {
  it.each([1, 0])(
    'answers errorcode %i with the one neutral notice, a toast on /login, with no dialog',
    async (errorcode) => {
      const { api, location } = await askForLink(errorcode);
      await waitFor(() => expect(location()).toBe('/login'));
      expect(await toastSaying(MESSAGES.forgotNeutral)).toBeInTheDocument();
      expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(api.calls('/app/v1/checkUser')[0]?.fields.get('email')).toBe('dana@example.com');
    },
  );

  it("blocks on another answer with the server's message in the dialog, and stays", async () => {
    const { location } = await askForLink(-1, 'Mail could not be sent');
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Mail could not be sent');
    expect(location()).toBe('/lock');
  });
});
