import { ACTIVATION_ERRORCODE, MESSAGES } from '@airbox/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderApp, toastSaying } from '../../../testing/test-utils';

function activationAnswers(errorcode: number) {
  return mockApi({ '/app/v1/userActivate': { body: { errorcode, message: 'server says' } } });
}

describe('account activation page', () => {
  it('posts the code from the link once, then goes to login, where a toast says the account is active', async () => {
    const api = activationAnswers(ACTIVATION_ERRORCODE.activated);
    const { location } = renderApp('/active/code-123/');
    await waitFor(() => expect(location()).toBe('/login'));
    expect(await toastSaying(MESSAGES.activated)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls('/app/v1/userActivate').map((request) => request.fields.get('activateCode'))).toEqual(['code-123']);
  });

  it.each([
    [ACTIVATION_ERRORCODE.noSuchUser, MESSAGES.activationUserMissing],
    [-3, MESSAGES.internalError],
  ])('tells errorcode %i as its text in the dialog, then goes to login once it is closed', async (errorcode, text) => {
    activationAnswers(errorcode);
    const { user, location } = renderApp('/active/code-123/');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(text)).toBeInTheDocument();
    expect(location()).toBe('/active/code-123/');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(location()).toBe('/login'));
  });

  it('sends a used or expired link to /loseefficacy, which says so under the title Error', async () => {
    activationAnswers(ACTIVATION_ERRORCODE.linkInvalid);
    const { location } = renderApp('/active/code-123/');
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.errorTitle });
    expect(dialog).toHaveTextContent(MESSAGES.linkInvalid);
    expect(location()).toBe('/loseefficacy');
  });
});
