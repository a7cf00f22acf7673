import { PICKUP_EXTENSION_MESSAGES, type WaitingPackage } from '@airbox/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { WAITING_PACKAGE, bareUserProfile } from '../../../testing/fixtures';
import { mockApi, renderApp, signIn, watchLeavingForPayment } from '../../../testing/test-utils';
import { canExtendPickup, extendedLine } from './extend-pickup';

let leaveFor: ReturnType<typeof watchLeavingForPayment>;
beforeEach(() => {
  leaveFor = watchLeavingForPayment();
});

/** EXTEND A DAY on a waiting package (issue 22 item 2): the quote before paying, credits or PayPal, refusals. */

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
const waiting: WaitingPackage = { ...WAITING_PACKAGE, share: null, freeUntil: inHours(3), extendedDays: 0 };

function quoteAnswer(balance: number, extendedDays = 0) {
  return {
    body: {
      errorcode: 0,
      message: 'success',
      data: { packageId: 21, extendedDays, maxDays: 2, freeUntil: '2026-12-02T20:00:00.000Z', newFreeUntil: '2026-12-03T20:00:00.000Z', credits: 1, balance, price: 2.99, priceCents: 299 },
    },
  };
}

function dashboardWith(packages: () => WaitingPackage[], extra: Parameters<typeof mockApi>[0] = {}) {
  signIn({ userId: 7 });
  const api = mockApi({
    '/app/v1/getUnPickupsById': () => ({ body: { errorcode: 0, message: 'ok', unpickups: packages().length, packages: packages() } }),
    '/app/v1/getUserByUser_id': { body: { errorcode: 1, message: 'ok', users: [bareUserProfile({ BOXID: '7654321' })], lockers: [] } },
    '/app/v1/getAdvertisements': { body: { errorcode: 0, message: 'ok', ads: [] } },
    '/app/v1/carrierServiceRenaming': { body: { errorcode: 0, message: 'ok', data: [] } },
    '/app/v1/userGetShipment': { body: { errorcode: 0, message: 'ok', data: { total: 0, list: [] } } },
    '/app/v1/getUserOperations': { body: { errorcode: 0, message: 'ok', total: 0, operations: [] } },
    ...extra,
  });
  return api;
}

async function openDialog() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: /Extend a day: the USPS package/ }, { timeout: 15_000 }));
  const dialog = await screen.findByRole('dialog', { name: 'Extend the free period' });
  return { user, dialog };
}

describe('extending a waiting package from the dashboard', () => {
  it('shows the price and the new free-until first, pays with credits, and the card then says it was extended', async () => {
    let extended = false;
    const api = dashboardWith(() => [extended ? { ...waiting, freeUntil: inHours(27), extendedDays: 1 } : waiting], {
      '/app/v1/lockerPackages/extension': quoteAnswer(4),
      '/app/v1/lockerPackages/extend': () => {
        extended = true;
        return { body: { errorcode: 0, message: 'Extended', data: { freeUntil: '2026-12-03T20:00:00.000Z', extendedDays: 1, balance: 3 } } };
      },
    });
    renderApp('/dashboard');
    const { user, dialog } = await openDialog();
    expect(await within(dialog).findByText('Thu, Dec 3, 12:00 PM PST')).toBeInTheDocument();
    expect(within(dialog).getByText(/instead of Wed, Dec 2, 12:00 PM PST/)).toBeInTheDocument();
    expect(within(dialog).getByText(/Day 1 of the 2 a package can be extended. Nothing is charged until you confirm./)).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: '1 credit (you have 4 credits)' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: '$2.99 with PayPal' })).not.toBeChecked();
    // Nothing charged by reading the price.
    expect(api.calls('/app/v1/lockerPackages/extend')).toHaveLength(0);
    expect(api.calls('/app/v1/lockerPackages/extension').map((call) => call.fields.get('packageId'))).toEqual(['21']);

    await user.click(within(dialog).getByRole('button', { name: 'Extend for 1 credit' }));
    expect(await within(dialog).findByText(PICKUP_EXTENSION_MESSAGES.extended(new Date('2026-12-03T20:00:00.000Z')))).toBeInTheDocument();
    expect(within(dialog).getByText('You have 3 credits left.')).toBeInTheDocument();
    expect(api.calls('/app/v1/lockerPackages/extend').map((call) => call.json)).toEqual([{ packageId: 21, day: 1, payWith: 'credits' }]);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    const card = screen.getByRole('listitem', { name: /Package from USPS/ });
    expect(await within(card).findByText('Extended 1 of 2 days')).toBeInTheDocument();
  });

  it('with too few credits: credits disabled saying why, PayPal chosen and the browser sent to pay', async () => {
    const api = dashboardWith(() => [waiting], {
      '/app/v1/lockerPackages/extension': quoteAnswer(0),
      '/app/v1/lockerPackages/extend': { body: { errorcode: 1, message: 'success', redirectURL: 'http://localhost:8080/app/v1/payments/simulator?token=T1' } },
    });
    renderApp('/dashboard');
    const { user, dialog } = await openDialog();
    const credits = await within(dialog).findByRole('radio', { name: '1 credit (you have 0 credits)' });
    expect(credits).toBeDisabled();
    expect(credits).toHaveAccessibleDescription(PICKUP_EXTENSION_MESSAGES.notEnoughCredits(0));
    expect(within(dialog).getByRole('radio', { name: '$2.99 with PayPal' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Pay $2.99 with PayPal' }));
    await expect.poll(() => leaveFor.mock.calls).toEqual([['http://localhost:8080/app/v1/payments/simulator?token=T1']]);
    expect(api.calls('/app/v1/lockerPackages/extend').map((call) => call.json)).toEqual([{ packageId: 21, day: 1, payWith: 'paypal' }]);
  });

  it("says the server's refusal in the dialog", async () => {
    dashboardWith(() => [waiting], {
      '/app/v1/lockerPackages/extension': { status: 409, body: { errorcode: -1, message: PICKUP_EXTENSION_MESSAGES.feeStarted } },
    });
    renderApp('/dashboard');
    const { dialog } = await openDialog();
    expect(await within(dialog).findByText(PICKUP_EXTENSION_MESSAGES.feeStarted)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Extend for 1 credit' })).toBeDisabled();
  });

  it('is offered only before the fee starts and below the limit, by a server that extends', async () => {
    const now = new Date('2026-12-02T19:00:00Z');
    expect(canExtendPickup({ freeUntil: '2026-12-02T20:00:00Z', extendedDays: 0 }, now)).toBe(true);
    expect(canExtendPickup({ freeUntil: '2026-12-02T20:00:00Z', extendedDays: 2 }, now)).toBe(false);
    expect(canExtendPickup({ freeUntil: '2026-12-02T18:00:00Z', extendedDays: 0 }, now)).toBe(false);
    expect(canExtendPickup({ freeUntil: '2026-12-02T20:00:00Z' }, now)).toBe(false);
    expect(extendedLine({ extendedDays: 2 })).toBe('Extended 2 of 2 days');
    expect(extendedLine({ extendedDays: 0 })).toBeNull();

    dashboardWith(() => [{ ...waiting, extendedDays: 2, freeUntil: inHours(30) }]);
    renderApp('/dashboard');
    const card = await screen.findByRole('listitem', { name: /Package from USPS/ }, { timeout: 15_000 });
    expect(within(card).getByText('Extended 2 of 2 days')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Extend a day/ })).not.toBeInTheDocument();
  });

  it('back from PayPal, says how the payment ended', async () => {
    dashboardWith(() => [{ ...waiting, extendedDays: 1 }]);
    renderApp('/dashboard?extension=refunded');
    expect(await screen.findByText(PICKUP_EXTENSION_MESSAGES.paypalRefunded, undefined, { timeout: 15_000 })).toBeInTheDocument();
  });
});
