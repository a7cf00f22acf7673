import type { WaitingPackage } from '@airbox/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WAITING_PACKAGE } from '../../../testing/fixtures';
import { mockApi, renderApp, signIn } from '../../../testing/test-utils';

/*
 * Issue 22 item 1: a waiting package is shared from its "Not picked up" message as from the
 * dashboard (the same dialog); a picked-up message, an overdue package or one already shared offer
 * no new share, and a live share can be revoked from the message.
 */

const waiting: WaitingPackage = { ...WAITING_PACKAGE, share: null };

const message = (overrides: Record<string, unknown>) => ({
  message_id: 1,
  message_date: '2026-11-23T17:00:00.000Z',
  tracking_no: WAITING_PACKAGE.trackingNo,
  carrier: 'USPS',
  messages: 'Your parcel is ready.',
  is_pickup: 0,
  pickup_code: WAITING_PACKAGE.pickupCode,
  ...overrides,
});

function messagesApi(packages: () => WaitingPackage[], messages = [message({ message_id: 3 }), message({ message_id: 5, tracking_no: 'TRACK-5', is_pickup: 1, pickup_code: '700001' })]) {
  return mockApi({
    '/app/v1/getUserMessage': { body: { errorcode: 0, message: 'ok', total: messages.length, messages } },
    '/app/v1/getUnPickupsById': () => ({ body: { errorcode: 0, message: 'ok', unpickups: packages().length, packages: packages() } }),
    '/app/v1/stat/getCarrierList': { body: { errorcode: 0, message: 'ok', carrierList: [] } },
    '/app/v1/getAdvertisements': { body: { errorcode: 0, message: 'ok', ads: [] } },
    '/app/v1/lockerPackages/share': {
      body: {
        errorcode: 0,
        message: 'ok',
        data: { via: 'link', sentTo: '', sharedAt: '2026-11-23T18:00:00.000Z', validUntil: '2026-11-24T20:00:00.000Z', url: 'http://localhost/app/pickup/abc', pickupCode: '112233' },
      },
    },
    '/app/v1/lockerPackages/share/revoke': { body: { errorcode: 0, message: 'ok' } },
  });
}

describe('My Messages: share a pickup', () => {
  it("shares a waiting package from its message with the dashboard's dialog, then offers REVOKE there", async () => {
    signIn({ userId: 7 });
    let shared = false;
    const api = messagesApi(() => [{ ...waiting, share: shared ? { via: 'link', sentTo: '', sharedAt: '2026-11-23T18:00:00.000Z', validUntil: '2026-11-24T20:00:00.000Z' } : null }]);
    const { user } = renderApp('/message');
    const share = await screen.findByRole('button', { name: `Share pickup of the USPS package ${WAITING_PACKAGE.trackingNo}` }, { timeout: 15_000 });
    // Only the waiting package's message offers it, not the picked-up one.
    expect(screen.getAllByRole('button', { name: /^Share pickup of/ })).toHaveLength(1);
    await user.click(share);
    const dialog = await screen.findByRole('dialog', { name: 'Share pickup' });
    shared = true;
    await user.click(within(dialog).getByRole('button', { name: 'Share pickup' }));
    expect(await within(dialog).findByRole('textbox', { name: 'Pickup link' })).toHaveValue('http://localhost/app/pickup/abc');
    expect(within(dialog).getByText('112233')).toBeInTheDocument();
    expect(api.calls('/app/v1/lockerPackages/share').map((call) => call.json)).toEqual([{ packageId: WAITING_PACKAGE.packageId, via: 'link' }]);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('Pickup shared by link.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Share pickup of/ })).not.toBeInTheDocument();
    shared = false;
    await user.click(screen.getByRole('button', { name: `Revoke the share of the USPS package ${WAITING_PACKAGE.trackingNo}` }));
    expect(await screen.findByRole('button', { name: /^Share pickup of/ })).toBeInTheDocument();
    expect(api.calls('/app/v1/lockerPackages/share/revoke').map((call) => call.json)).toEqual([{ packageId: WAITING_PACKAGE.packageId }]);
  });

  it('offers nothing for an overdue package, nor for a message whose package no longer waits', async () => {
    signIn({ userId: 7 });
    const api = messagesApi(() => [{ ...waiting, overdueDays: 1, creditsDue: 2 }], [message({ message_id: 3 }), message({ message_id: 4, tracking_no: 'TRACK-4', pickup_code: '105577' })]);
    renderApp('/message');
    expect(await screen.findByText('TRACK-4', {}, { timeout: 15_000 })).toBeInTheDocument();
    await screen.findAllByText('Not picked up');
    expect(api.calls('/app/v1/getUnPickupsById')).not.toHaveLength(0);
    expect(screen.queryByRole('button', { name: /^Share pickup of/ })).not.toBeInTheDocument();
  });

  it('names whom a package was shared with by e-mail, in a line that may break before the @', async () => {
    signIn({ userId: 7 });
    messagesApi(() => [{ ...waiting, share: { via: 'email', sentTo: 'friend@example.com', sharedAt: '2026-11-23T18:00:00.000Z', validUntil: '2026-11-24T20:00:00.000Z' } }]);
    renderApp('/message');
    const line = await screen.findByText('Pickup shared with friend@example.com.', {}, { timeout: 15_000 });
    expect(line.querySelector('wbr')).not.toBeNull();
    expect(screen.getByRole('button', { name: `Revoke the share of the USPS package ${WAITING_PACKAGE.trackingNo}` })).toBeInTheDocument();
  });
});
