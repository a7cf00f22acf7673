import type { WaitingPackage } from '@airbox/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { WAITING_PACKAGE, bareUserProfile } from '../../testing/fixtures';
import { mockApi, renderApp, signIn } from '../../testing/test-utils';

/** SHARE PICKUP on a waiting package (issue 22 item 1): the dialog, its answer, and REVOKE. */

const waiting: WaitingPackage = { ...WAITING_PACKAGE, share: null };

function dashboardWith(packages: WaitingPackage[], extra: Parameters<typeof mockApi>[0] = {}) {
  signIn({ userId: 7 });
  const api = mockApi({
    '/app/v1/getUnPickupsById': { body: { errorcode: 0, message: 'ok', unpickups: packages.length, packages } },
    '/app/v1/getUserByUser_id': { body: { errorcode: 1, message: 'ok', users: [bareUserProfile({ BOXID: '7654321' })], lockers: [] } },
    '/app/v1/getAdvertisements': { body: { errorcode: 0, message: 'ok', ads: [] } },
    '/app/v1/carrierServiceRenaming': { body: { errorcode: 0, message: 'ok', data: [] } },
    '/app/v1/userGetShipment': { body: { errorcode: 0, message: 'ok', data: { total: 0, list: [] } } },
    '/app/v1/getUserOperations': { body: { errorcode: 0, message: 'ok', total: 0, operations: [] } },
    ...extra,
  });
  renderApp('/dashboard');
  return api;
}

describe('sharing a pickup from the dashboard', () => {
  it('shares by e-mail: the address is sent, the answer shows the code and the link (kept open when the list comes back shared)', async () => {
    const user = userEvent.setup();
    let shared = false;
    const api = dashboardWith([waiting], {
      '/app/v1/getUnPickupsById': () => ({
        body: { errorcode: 0, message: 'ok', unpickups: 1, packages: [{ ...waiting, share: shared ? { via: 'email', sentTo: 'friend@example.com', sharedAt: '2026-11-23T18:00:00.000Z', validUntil: '2026-11-24T20:00:00.000Z' } : null }] },
      }),
      '/app/v1/lockerPackages/share': {
        body: {
          errorcode: 0,
          message: 'ok',
          data: { via: 'email', sentTo: 'friend@example.com', sharedAt: '2026-11-23T18:00:00.000Z', validUntil: '2026-11-24T20:00:00.000Z', url: 'http://localhost/app/pickup/abc', pickupCode: '112233' },
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: /Share pickup of the USPS package/ }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Share pickup' });
    await user.click(within(dialog).getByRole('radio', { name: 'E-mail' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Their e-mail address/ }), 'friend@example.com');
    shared = true;
    await user.click(within(dialog).getByRole('button', { name: 'Share pickup' }));
    expect(await screen.findByText(/Pickup shared with friend@example.com/)).toBeInTheDocument();
    expect(await within(dialog).findByText('The pickup is shared: we e-mailed the link to friend@example.com.')).toBeInTheDocument();
    expect(within(dialog).getByText('112233')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Pickup link' })).toHaveValue('http://localhost/app/pickup/abc');
    expect(api.calls('/app/v1/lockerPackages/share').map((call) => call.json)).toEqual([{ packageId: 21, via: 'email', email: 'friend@example.com' }]);
  });

  it('opens by keyboard once its code is fetched (issue 24: the dialog is not in the dashboard\'s first chunks), and gives the focus back on Escape', async () => {
    const user = userEvent.setup();
    dashboardWith([waiting]);
    const button = await screen.findByRole('button', { name: /Share pickup of the USPS package/ }, { timeout: 15_000 });
    button.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Share pickup' });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();
    expect(button).toHaveFocus();
  });

  it("says the server's refusal in the dialog", async () => {
    const user = userEvent.setup();
    dashboardWith([waiting], {
      '/app/v1/lockerPackages/share': { status: 409, body: { errorcode: -409, message: 'You have shared 10 pickups in the last 24 hours, the most we allow. Try again tomorrow.' } },
    });
    await user.click(await screen.findByRole('button', { name: /Share pickup of the USPS package/ }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Share pickup' });
    await user.click(within(dialog).getByRole('button', { name: 'Share pickup' }));
    expect(await within(dialog).findByText(/You have shared 10 pickups/)).toBeInTheDocument();
  });

  it('a shared package says so and can be revoked', async () => {
    const user = userEvent.setup();
    const api = dashboardWith(
      [{ ...waiting, share: { via: 'text', sentTo: '415-555-0177', sharedAt: '2026-11-23T18:00:00.000Z', validUntil: '2026-11-24T20:00:00.000Z' } }],
      { '/app/v1/lockerPackages/share/revoke': { body: { errorcode: 0, message: 'revoked' } } },
    );
    expect(await screen.findByText(/Pickup shared with 415-555-0177/, undefined, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Share pickup of/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Revoke' }));
    await expect.poll(() => api.calls('/app/v1/lockerPackages/share/revoke').map((call) => call.json)).toEqual([{ packageId: 21 }]);
  });
});
