import { MESSAGES, PAY_REDIRECT_DELAY_MS } from '@airbox/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bareUserProfile } from '../../../testing/fixtures';
import { mockApi, renderApp, signIn } from '../../../testing/test-utils';
import { PAY_DECLINED_TEXTS } from './pay-declined';
import { PAY_PENDING_TEXTS } from './pay-pending';

/** The user's record as getUserByUser_id answers it, with `changes`. */
function userApi(changes: Record<string, unknown>) {
  return mockApi({
    '/app/v1/getUserByUser_id': { body: { errorcode: 1, message: 'ok', users: [bareUserProfile(changes)], lockers: [] } },
  });
}

/** The page's announced outcome, found by its heading text. */
async function statusOf(heading: string) {
  const status = (await screen.findByText(heading, {}, { timeout: 15_000 })).closest('[role="status"]');
  expect(status).not.toBeNull();
  return status as HTMLElement;
}

// The pay pages' tests that move the clock past their 2 seconds instead of waiting for them.
afterEach(() => {
  vi.useRealTimers();
});

describe('Pay Success', () => {
  it('says what was bought and the new balance, then goes to the dashboard', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn();
    userApi({ credits: 12 });
    const { location } = renderApp('/paySuccess?plan=1&number=10');
    const status = await statusOf(MESSAGES.paySuccess);
    expect(status).toHaveTextContent('You bought 10 credits.');
    expect(await screen.findByText('Your balance is now 12 credits.')).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(PAY_REDIRECT_DELAY_MS);
    await waitFor(() => expect(location()).toBe('/dashboard'));
  });

  it('names a membership and when it ends', async () => {
    signIn();
    userApi({ membership: 2, membership_expire: '2027-05-23T16:00:00.000Z' });
    renderApp('/paySuccess?plan=2&number=1');
    expect(await screen.findByText('You bought the 6 MONTHS MEMBERSHIP.', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(await screen.findByText(/^Your membership runs until 5\/23\/2027/)).toBeInTheDocument();
  });

  it('shows only the spec text when the query names no valid purchase', async () => {
    signIn();
    userApi({});
    renderApp('/paySuccess?plan=9&number=-4');
    expect(await statusOf(MESSAGES.paySuccess)).toHaveTextContent(/^Pay Success!$/);
  });
});

describe('Pay Cancel and Payment Declined', () => {
  it('keeps Pay Cancel for a real cancel, going to the plans', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn();
    mockApi({});
    const { location } = renderApp('/payCancel');
    expect(await statusOf(MESSAGES.payCancel)).toHaveTextContent(/^Pay Cancel!$/);
    await vi.advanceTimersByTimeAsync(PAY_REDIRECT_DELAY_MS);
    await waitFor(() => expect(location()).toBe('/membership'));
  });

  it('says a declined payment was declined and what to do, and stays until the customer chooses', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn();
    mockApi({});
    const { user, location } = renderApp('/payDeclined?plan=1');
    const alert = await screen.findByRole('alert', {}, { timeout: 15_000 });
    expect(alert).toHaveTextContent(PAY_DECLINED_TEXTS.heading);
    expect(alert).toHaveTextContent(`${PAY_DECLINED_TEXTS.nothingTaken} (Credit Plan)`);
    expect(alert).toHaveTextContent(PAY_DECLINED_TEXTS.whatToDo);
    expect(screen.queryByText(MESSAGES.payCancel)).toBeNull();
    expect(screen.getByRole('link', { name: 'Membership Plan' })).toHaveAttribute('href', '/app/membership');
    // No redirect: still here after the pay pages' 2 seconds.
    await vi.advanceTimersByTimeAsync(PAY_REDIRECT_DELAY_MS + 1_000);
    expect(location()).toBe('/payDeclined?plan=1');
    await user.click(screen.getByRole('link', { name: PAY_DECLINED_TEXTS.tryAgain }));
    await waitFor(() => expect(location()).toBe('/buymembership/1'), { timeout: 15_000 });
  });
});

describe('Payment Being Confirmed', () => {
  it('says a pending payment is being confirmed, not failed, names what it buys, and stays until the customer goes on', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn();
    mockApi({});
    const { user, location } = renderApp('/payPending?plan=1&number=10');
    const status = await statusOf(PAY_PENDING_TEXTS.heading);
    expect(status).toHaveTextContent('You are buying 10 credits.');
    expect(status).toHaveTextContent(PAY_PENDING_TEXTS.taken);
    expect(status).toHaveTextContent(PAY_PENDING_TEXTS.whatNext);
    expect(screen.queryByText(MESSAGES.payCancel)).toBeNull();
    expect(screen.queryByText(MESSAGES.paySuccess)).toBeNull();
    await vi.advanceTimersByTimeAsync(PAY_REDIRECT_DELAY_MS + 1_000);
    expect(location()).toBe('/payPending?plan=1&number=10');
    await user.click(screen.getByRole('link', { name: PAY_PENDING_TEXTS.continue }));
    await waitFor(() => expect(location()).toBe('/dashboard'), { timeout: 15_000 });
  });

  it("goes on to a label's Purchased Labels, and never off the app", async () => {
    signIn();
    mockApi({});
    renderApp('/payPending?redirect=%2FShipmentParent%2Fshipment');
    expect(await statusOf(PAY_PENDING_TEXTS.heading)).not.toHaveTextContent('You are buying');
    expect(screen.getByRole('link', { name: PAY_PENDING_TEXTS.continue })).toHaveAttribute('href', '/app/ShipmentParent/shipment');
  });

  it('ignores a redirect off the app', async () => {
    signIn();
    mockApi({});
    renderApp('/payPending?redirect=%2F%2Fevil.example');
    await statusOf(PAY_PENDING_TEXTS.heading);
    expect(screen.getByRole('link', { name: PAY_PENDING_TEXTS.continue })).toHaveAttribute('href', '/app/dashboard');
  });
});
