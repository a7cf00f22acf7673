import { ACTIVATION_ERRORCODE, MESSAGES } from '@airbox/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderApp } from '../../../testing/test-utils';

function activationAnswers(errorcode: number) {
  return mockApi({ '/app/v1/userActivate': { body: { errorcode, message: 'server says' } } });
}

describe('account activation page', () => {
  it('posts the code from the link once, says the account is active, then goes to login', async () => {
    const api = activationAnswers(ACTIVATION_ERRORCODE.activated);
    const { user, location } = renderApp('/active/code-123/');
    expect(await screen.findByText(MESSAGES.activated)).toBeInTheDocument();
    expect(api.calls('/app/v1/userActivate').map((request) => request.fields.get('activateCode'))).toEqual(['code-123']);
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(location()).toBe('/login'));
  });

  it.each([
    [ACTIVATION_ERRORCODE.noSuchUser, MESSAGES.activationUserMissing],
    [-3, MESSAGES.internalError],
  ])('tells errorcode %i as its text', async (errorcode, text) => {
    activationAnswers(errorcode);
    renderApp('/active/code-123/');
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('sends a used or expired link to /loseefficacy, which says so under the title Error', async () => {
    activationAnswers(ACTIVATION_ERRORCODE.linkInvalid);
    const { location } = renderApp('/active/code-123/');
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.errorTitle });
    expect(dialog).toHaveTextContent(MESSAGES.linkInvalid);
    expect(location()).toBe('/loseefficacy');
  });
});
