import { MEMBERSHIP_MESSAGES } from '@airbox/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { userProfile } from '../../../testing/fixtures';
import { mockApi, renderApp, signIn, watchLeavingForPayment } from '../../../testing/test-utils';

const PLANS = [
  { id: 1, name: 'Credit Plan', amount: 2.5, initial: 3, credits: 1, months: 0 },
  { id: 2, name: '6 MONTHS MEMBERSHIP', amount: 59.99, initial: 59.99, credits: 60, months: 6 },
  { id: 3, name: '12 MONTHS MEMBERSHIP', amount: 99, initial: 120, credits: 150, months: 12 },
];

function membershipApi(membership: number | null = null, overrides: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    '/app/v1/getMemberships': { body: { errorcode: 0, message: 'ok', memberships: PLANS } },
    '/app/v1/getUserByUser_id': { body: { errorcode: 1, message: 'ok', users: [userProfile({ membership })], lockers: [] } },
    ...overrides,
  });
}

let leaveFor: ReturnType<typeof watchLeavingForPayment>;
beforeEach(() => {
  leaveFor = watchLeavingForPayment();
});

describe('membership plans', () => {
  it('shows the three plans, struck initial prices, and marks the credit plan as current when membership is empty', async () => {
    signIn();
    membershipApi(null);
    renderApp('/membership');
    expect(await screen.findByRole('heading', { name: MEMBERSHIP_MESSAGES.heading })).toBeInTheDocument();
    const credit = await screen.findByRole('region', { name: 'Credit Plan' });
    expect(within(credit).getByText('$2.50')).toBeInTheDocument();
    expect(within(credit).getByText('$3.00').tagName).toBe('S');
    expect(await within(credit).findByText('Current plan')).toBeInTheDocument();
    expect(within(credit).getByRole('link', { name: /^Buy more/ })).toHaveAttribute('href', '/app/buymembership/1');

    const sixMonths = screen.getByRole('region', { name: '6 MONTHS MEMBERSHIP' });
    expect(within(sixMonths).queryByText('Current plan')).not.toBeInTheDocument();
    expect(within(sixMonths).queryByRole('deletion')).not.toBeInTheDocument();
    expect(within(sixMonths).getByRole('link', { name: /^Choose Plan/ })).toHaveAttribute('href', '/app/buymembership/2');
    expect(within(sixMonths).getByText(MEMBERSHIP_MESSAGES.pickupWithin)).toBeInTheDocument();
  });

  it('marks the 12 months plan when the user has it', async () => {
    signIn();
    membershipApi(3);
    renderApp('/membership');
    const twelve = await screen.findByRole('region', { name: '12 MONTHS MEMBERSHIP' });
    expect(await within(twelve).findByText('Current plan')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Credit Plan' })).getByRole('link', { name: /^Choose Plan/ })).toBeInTheDocument();
  });
});

describe('buying a plan', () => {
  it('totals the credits ordered (at least 1), asks for the terms, then leaves for PayPal', async () => {
    signIn({ userId: 7 });
    const api = membershipApi(null, {
      '/app/v1/buyMembership': { body: { errorcode: 1, message: 'ok', redirectURL: 'https://pay.example/approve?token=abc' } },
    });
    const { user } = renderApp('/buymembership/1');
    const order = await screen.findByRole('table', { name: 'Order' });
    const quantity = await within(order).findByRole('spinbutton', { name: 'Quantity' });
    await user.clear(quantity);
    await user.type(quantity, '4');
    expect(within(order).getByText('$10.00')).toBeInTheDocument();
    await user.clear(quantity);
    await user.type(quantity, '0');
    await user.tab();
    expect(quantity).toHaveValue(1);
    expect(within(order).getAllByText('$2.50')).toHaveLength(2);
    await user.clear(quantity);
    await user.type(quantity, '3');

    await user.click(screen.getByRole('button', { name: 'PayPal Checkout' }));
    // A field error: said at the unticked box, which gets the focus; no dialog.
    const box = screen.getByRole('checkbox', { name: 'I agree with the terms and conditions' });
    expect(await screen.findByRole('alert')).toHaveTextContent(MEMBERSHIP_MESSAGES.terms);
    expect(box).toHaveAccessibleDescription(MEMBERSHIP_MESSAGES.terms);
    expect(box).toHaveFocus();
    expect(box).toBeInvalid();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls('/app/v1/buyMembership')).toHaveLength(0);

    await user.click(box);
    expect(screen.queryByText(MEMBERSHIP_MESSAGES.terms)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'PayPal Checkout' }));
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith('https://pay.example/approve?token=abc'));
    const sent = api.calls('/app/v1/buyMembership')[0];
    expect([sent?.fields.get('userID'), sent?.fields.get('number'), sent?.fields.get('plan')]).toEqual(['7', '3', '1']);
  });

  it('opens the Terms of Use from the words the box agrees to, leaving the box unticked (issue 21 item 11)', async () => {
    signIn({ userId: 7 });
    membershipApi();
    const { user } = renderApp('/buymembership/1');
    const box = await screen.findByRole('checkbox', { name: 'I agree with the terms and conditions' });
    await user.click(screen.getByRole('button', { name: 'terms and conditions' }));
    const terms = await screen.findByRole('dialog', { name: 'Terms of Use' });
    expect(terms).toHaveTextContent('5. Label refunds');
    await user.click(within(terms).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Terms of Use' })).not.toBeInTheDocument());
    expect(box).not.toBeChecked();
  });

  it('orders one unit of a membership, without a quantity to change', async () => {
    signIn({ userId: 7 });
    membershipApi();
    renderApp('/buymembership/3');
    const order = await screen.findByRole('table', { name: 'Order' });
    expect(within(order).queryByRole('spinbutton')).not.toBeInTheDocument();
    expect(await within(order).findAllByText('$99.00')).toHaveLength(2);
  });

  it("says 'Something Wrong' when the purchase cannot start, and asks TRY AGAIN or CLOSE", async () => {
    signIn();
    const api = membershipApi(null, { '/app/v1/buyMembership': { status: 500, body: { errorcode: -500, message: 'boom' } } });
    const { user } = renderApp('/buymembership/2');
    await user.click(await screen.findByRole('checkbox', { name: 'I agree with the terms and conditions' }));
    await user.click(screen.getByRole('button', { name: 'PayPal Checkout' }));
    let alert = await screen.findByRole('alertdialog', { name: MEMBERSHIP_MESSAGES.failureTitle });
    expect(alert).toHaveTextContent(MEMBERSHIP_MESSAGES.failure);
    expect(leaveFor).not.toHaveBeenCalled();
    await user.click(within(alert).getByRole('button', { name: 'TRY AGAIN' }));
    await waitFor(() => expect(api.calls('/app/v1/buyMembership')).toHaveLength(2));
    alert = await screen.findByRole('alertdialog', { name: MEMBERSHIP_MESSAGES.failureTitle });
    await user.click(within(alert).getByRole('button', { name: 'CLOSE' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls('/app/v1/buyMembership')).toHaveLength(2);
  });

  it('says a plan that does not exist does not', async () => {
    signIn();
    membershipApi();
    renderApp('/buymembership/9');
    expect(await screen.findByText('This plan does not exist.')).toBeInTheDocument();
  });
});
