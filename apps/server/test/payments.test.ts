import { describe, expect, it, vi } from 'vitest';
import type { SimulatorPaymentsProvider } from '../src/providers/payments/simulator-payments-provider.js';
import { buildTestApp, postForm, useTestApp, useTestDatabase } from './helper.js';
import { paymentSteps } from './payment-fixtures.js';
import { newCustomer, operationsOf, userRow } from './ledger-fixtures.js';

const database = useTestDatabase();
const t = useTestApp(database);

type Customer = Awaited<ReturnType<typeof newCustomer>>;

async function buy(customer: Customer, plan: number, number = 1) {
  const response = await postForm(t.app, '/app/v1/buyMembership', { userID: customer.userId, number, plan }, customer.cookie);
  expect(response.statusCode).toBe(200);
  const body = response.json();
  expect(body.errorcode).toBe(1);
  const approval = new URL(body.redirectURL as string);
  expect(approval.origin).toBe('http://localhost:8080');
  return { approvalPath: `${approval.pathname}${approval.search}`, token: approval.searchParams.get('token')! };
}

const { payerClicks, follow } = paymentSteps(t);

async function orderStatus(userId: number) {
  const order = await t.app.db.selectFrom('payment_orders').select('status').where('user_id', '=', userId).executeTakeFirstOrThrow();
  return order.status;
}

describe('getMemberships', () => {
  it('lists the three plans with dollar prices, the undiscounted price, credits and months', async () => {
    const customer = await newCustomer(t.app);
    const response = await t.app.inject({ method: 'GET', url: '/app/v1/getMemberships', headers: { cookie: customer.cookie } });
    expect(response.json()).toEqual({
      errorcode: 0,
      message: 'success',
      memberships: [
        { id: 1, name: 'Credit Plan', amount: 2.99, initial: 2.99, credits: 1, months: 0 },
        { id: 2, name: '6 Months', amount: 49.99, initial: 59.94, credits: 0, months: 6 },
        { id: 3, name: '12 Months', amount: 89.99, initial: 119.88, credits: 0, months: 12 },
      ],
    });
  });

  it('needs a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/app/v1/getMemberships' });
    expect(response.statusCode).toBe(401);
  });
});

describe('buying through the payment simulator', () => {
  it('grants credits end to end: buyMembership → approval page → approve → return → paySuccess', async () => {
    const customer = await newCustomer(t.app, { credits: 2 });
    const { approvalPath, token } = await buy(customer, 1, 5);

    const page = await t.app.inject({ method: 'GET', url: approvalPath });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('$14.95 USD');
    expect(page.body).toContain('Credit Plan: 5 credits');
    expect(page.body).toMatch(/<form method="post" action="\/app\/v1\/payments\/simulator\/approve">/);
    expect(page.body).not.toMatch(/<script|onclick=/i);
    expect(page.headers['content-security-policy']).toContain("form-action 'self'");
    // Under the portal's usual no-referrer a browser posts these forms with 'Origin: null'.
    expect(page.headers['referrer-policy']).toBe('same-origin');

    const returnPath = await payerClicks(token, 'approve');
    expect(returnPath).toMatch(/^\/app\/v1\/payments\/return\?token=/);
    // Nothing is granted before the portal captures.
    expect((await userRow(t.app, customer.userId)).credits).toBe(2);

    expect(await follow(returnPath, customer.cookie)).toBe('/app/paySuccess?plan=1&number=5');
    expect((await userRow(t.app, customer.userId)).credits).toBe(7);
    const operations = await operationsOf(t.app, customer.userId);
    expect(operations).toHaveLength(1);
    expect(operations[0]).toMatchObject({ op_type: 11, quote_cents: 1495, credits_delta: 5, balance_after: 7 });
    const order = await t.app.db.selectFrom('payment_orders').selectAll().where('user_id', '=', customer.userId).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ status: 'captured', amount_cents: 1495, quantity: 5, plan: 1, provider: 'simulator' });

    const history = await postForm(t.app, '/app/v1/getUserOperations', { user_id: customer.userId }, customer.cookie);
    expect(history.json()).toMatchObject({ errorcode: 0, total: 1, operations: [{ op_type: 11, quote: 14.95, credits: 5, balance: 7 }] });
    // The provider's order id (PayPal's token) and payer id never reach the log.
    expect(t.logs.join('\n')).not.toContain(token);
    expect(t.logs.join('\n')).not.toContain('SIMULATEDPAYER');
  });

  it('sets a 6-month membership and extends a running one from its end', async () => {
    const customer = await newCustomer(t.app);
    const first = await buy(customer, 2, 7); // the quantity is ignored for a membership
    await follow(await payerClicks(first.token, 'approve'), customer.cookie);
    const afterFirst = await userRow(t.app, customer.userId);
    expect(afterFirst.membership).toBe(2);
    const firstExpiry = new Date(afterFirst.membership_expire!);
    const now = new Date(t.config.clock());
    const sixMonths = new Date(now);
    sixMonths.setUTCMonth(sixMonths.getUTCMonth() + 6);
    expect(Math.abs(firstExpiry.getTime() - sixMonths.getTime())).toBeLessThan(60_000);

    const second = await buy(customer, 3);
    expect(await follow(await payerClicks(second.token, 'approve'), customer.cookie)).toBe('/app/paySuccess?plan=3&number=1');
    const afterSecond = await userRow(t.app, customer.userId);
    expect(afterSecond.membership).toBe(3);
    const expected = new Date(firstExpiry);
    expected.setUTCMonth(expected.getUTCMonth() + 12);
    expect(new Date(afterSecond.membership_expire!).toISOString()).toBe(expected.toISOString());
    const operations = await operationsOf(t.app, customer.userId);
    expect(operations.map((op) => [op.op_type, op.quote_cents])).toEqual([
      [12, 4999],
      [13, 8999],
    ]);
  });

  it('grants nothing twice when the return is replayed', async () => {
    const customer = await newCustomer(t.app);
    const { token } = await buy(customer, 1, 3);
    const returnPath = await payerClicks(token, 'approve');
    expect(await follow(returnPath, customer.cookie)).toBe('/app/paySuccess?plan=1&number=3');
    expect(await follow(returnPath, customer.cookie)).toBe('/app/paySuccess?plan=1&number=3');
    expect(await follow(`${returnPath}&PayerID=OTHER&amount=999`, customer.cookie)).toBe('/app/paySuccess?plan=1&number=3');
    expect((await userRow(t.app, customer.userId)).credits).toBe(3);
    expect(await operationsOf(t.app, customer.userId)).toHaveLength(1);
  });

  it('grants once when two returns capture the same order at the same time', async () => {
    const customer = await newCustomer(t.app);
    const { token } = await buy(customer, 1, 4);
    const returnPath = await payerClicks(token, 'approve');
    const results = await Promise.all([1, 2, 3].map(() => follow(returnPath, customer.cookie)));
    expect(results).toEqual(['/app/paySuccess?plan=1&number=4', '/app/paySuccess?plan=1&number=4', '/app/paySuccess?plan=1&number=4']);
    expect((await userRow(t.app, customer.userId)).credits).toBe(4);
    expect(await operationsOf(t.app, customer.userId)).toHaveLength(1);
  });

  it('grants the purchase when the cancel arrives while the return is capturing it', async () => {
    const customer = await newCustomer(t.app);
    const { token } = await buy(customer, 1, 3);
    const returnPath = await payerClicks(token, 'approve');
    const cancelPages: string[] = [];
    const capture = t.app.payments.captureOrder.bind(t.app.payments);
    const spy = vi.spyOn(t.app.payments, 'captureOrder').mockImplementation(async (...args) => {
      cancelPages.push(await follow(`/app/v1/payments/cancel?token=${token}`, customer.cookie));
      return capture(...args);
    });
    try {
      expect(await follow(returnPath, customer.cookie)).toBe('/app/paySuccess?plan=1&number=3');
    } finally {
      spy.mockRestore();
    }
    // The cancel came too late: the order was being captured, so it was not cancelled.
    expect(cancelPages).toEqual(['/app/payCancel']);
    expect((await userRow(t.app, customer.userId)).credits).toBe(3);
    expect(await operationsOf(t.app, customer.userId)).toHaveLength(1);
    expect(await orderStatus(customer.userId)).toBe('captured');
    // Once granted, the cancel link leads to the success page too.
    expect(await follow(`/app/v1/payments/cancel?token=${token}`, customer.cookie)).toBe('/app/paySuccess?plan=1&number=3');
  });

  it('shows paySuccess exactly when it granted, whichever of return and cancel wins a race', async () => {
    for (let trial = 0; trial < 12; trial += 1) {
      const customer = await newCustomer(t.app);
      const { token } = await buy(customer, 1, 2);
      const returnPath = await payerClicks(token, 'approve');
      const [returned] = await Promise.all([
        follow(returnPath, customer.cookie),
        follow(`/app/v1/payments/cancel?token=${token}`, customer.cookie),
      ]);
      const credits = (await userRow(t.app, customer.userId)).credits;
      const simulated = await t.app.db.selectFrom('payment_simulator_orders').select('status').where('id', '=', token).executeTakeFirstOrThrow();
      const status = await orderStatus(customer.userId);
      if (returned === '/app/paySuccess?plan=1&number=2') {
        expect({ credits, provider: simulated.status, status }).toEqual({ credits: 2, provider: 'COMPLETED', status: 'captured' });
      } else {
        expect({ credits, provider: simulated.status, status }).toEqual({ credits: 0, provider: 'APPROVED', status: 'cancelled' });
      }
    }
  });

  it('keeps an order whose capture got no answer from being cancelled, and grants it on the next return', async () => {
    const customer = await newCustomer(t.app);
    const { token } = await buy(customer, 1, 4);
    const returnPath = await payerClicks(token, 'approve');
    const spy = vi.spyOn(t.app.payments, 'captureOrder').mockRejectedValueOnce(new Error('socket hang up'));
    try {
      expect(await follow(returnPath, customer.cookie)).toBe('/app/payCancel');
    } finally {
      spy.mockRestore();
    }
    expect(await orderStatus(customer.userId)).toBe('capturing');
    expect(await follow(`/app/v1/payments/cancel?token=${token}`, customer.cookie)).toBe('/app/payCancel');
    expect(await orderStatus(customer.userId)).toBe('capturing');
    expect(await follow(returnPath, customer.cookie)).toBe('/app/paySuccess?plan=1&number=4');
    expect((await userRow(t.app, customer.userId)).credits).toBe(4);
  });

  it('grants nothing for a return before the payer approved, an unknown token or no session', async () => {
    const customer = await newCustomer(t.app);
    const { token } = await buy(customer, 1, 2);
    expect(await follow(`/app/v1/payments/return?token=${token}`, customer.cookie)).toBe('/app/payCancel');
    expect(await follow('/app/v1/payments/return?token=NOSUCHORDER123', customer.cookie)).toBe('/app/payCancel');
    expect(await follow('/app/v1/payments/return', customer.cookie)).toBe('/app/payCancel');
    const returnPath = await payerClicks(token, 'approve');
    expect(await follow(returnPath)).toBe('/app/payCancel');
    expect((await userRow(t.app, customer.userId)).credits).toBe(0);
    // The approved order still completes for its owner.
    expect(await follow(returnPath, customer.cookie)).toBe('/app/paySuccess?plan=1&number=2');
    expect((await userRow(t.app, customer.userId)).credits).toBe(2);
  });

  it("grants nothing to another user returning with someone else's order, and leaves it to its owner", async () => {
    const owner = await newCustomer(t.app);
    const intruder = await newCustomer(t.app);
    const { token } = await buy(owner, 1, 6);
    const returnPath = await payerClicks(token, 'approve');
    expect(await follow(returnPath, intruder.cookie)).toBe('/app/payCancel');
    expect(await follow(`/app/v1/payments/cancel?token=${token}`, intruder.cookie)).toBe('/app/payCancel');
    expect((await userRow(t.app, intruder.userId)).credits).toBe(0);
    expect((await userRow(t.app, owner.userId)).credits).toBe(0);
    expect(await operationsOf(t.app, intruder.userId)).toHaveLength(0);
    expect(await follow(returnPath, owner.cookie)).toBe('/app/paySuccess?plan=1&number=6');
    expect((await userRow(t.app, owner.userId)).credits).toBe(6);
  });

  it('grants nothing when the payer cancels, even if the return is tried afterwards', async () => {
    const customer = await newCustomer(t.app);
    const { token } = await buy(customer, 3);
    const cancelPath = await payerClicks(token, 'cancel');
    expect(cancelPath).toMatch(/^\/app\/v1\/payments\/cancel\?token=/);
    expect(await follow(cancelPath, customer.cookie)).toBe('/app/payCancel');
    expect(await follow(`/app/v1/payments/return?token=${token}`, customer.cookie)).toBe('/app/payCancel');
    const user = await userRow(t.app, customer.userId);
    expect(user.membership).toBeNull();
    expect(await operationsOf(t.app, customer.userId)).toHaveLength(0);
    const order = await t.app.db.selectFrom('payment_orders').select('status').where('user_id', '=', customer.userId).executeTakeFirstOrThrow();
    expect(order.status).toBe('cancelled');
    // The page of a finished order is gone.
    const page = await t.app.inject({ method: 'GET', url: `/app/v1/payments/simulator?token=${token}` });
    expect(page.statusCode).toBe(404);
  });

  it('answers a capture as PayPal does: read back by its id, and the same capture for an order captured before', async () => {
    const customer = await newCustomer(t.app);
    const { token } = await buy(customer, 1, 2);
    expect(await follow(await payerClicks(token, 'approve'), customer.cookie)).toBe('/app/paySuccess?plan=1&number=2');
    const order = await t.app.db.selectFrom('payment_orders').select(['capture_id', 'request_id']).where('user_id', '=', customer.userId).executeTakeFirstOrThrow();
    const captured = { status: 'COMPLETED', amountCents: 598, currency: 'USD', captureId: order.capture_id };
    expect(await t.app.payments.getCapture(order.capture_id!)).toEqual(captured);
    expect(await t.app.payments.captureOrder(token, 'another-request-id')).toEqual(captured);
    await expect(t.app.payments.getCapture('NOSUCHCAPTURE')).rejects.toMatchObject({ code: 'INVALID_RESOURCE_ID' });
  });

  it('grants nothing when the simulator declines the capture (an amount ending in .13), and says declined, not cancelled', async () => {
    const customer = await newCustomer(t.app);
    const { token } = await buy(customer, 1, 87); // 87 × $2.99 = $260.13
    expect(await follow(await payerClicks(token, 'approve'), customer.cookie)).toBe('/app/payDeclined?plan=1');
    expect((await userRow(t.app, customer.userId)).credits).toBe(0);
    const order = await t.app.db.selectFrom('payment_orders').select('status').where('user_id', '=', customer.userId).executeTakeFirstOrThrow();
    expect(order.status).toBe('failed');
  });

  it('refuses a purchase for another user id, a plan 4 and a quantity of 0, creating no order', async () => {
    const customer = await newCustomer(t.app);
    const other = await newCustomer(t.app);
    expect((await postForm(t.app, '/app/v1/buyMembership', { userID: other.userId, number: 1, plan: 1 }, customer.cookie)).statusCode).toBe(403);
    expect((await postForm(t.app, '/app/v1/buyMembership', { userID: customer.userId, number: 1, plan: 4 }, customer.cookie)).statusCode).toBe(400);
    expect((await postForm(t.app, '/app/v1/buyMembership', { userID: customer.userId, number: 0, plan: 1 }, customer.cookie)).statusCode).toBe(400);
    expect((await postForm(t.app, '/app/v1/buyMembership', { userID: customer.userId, number: 1, plan: 1 })).statusCode).toBe(401);
    const orders = await t.app.db.selectFrom('payment_orders').select('id').where('user_id', 'in', [customer.userId, other.userId]).execute();
    expect(orders).toHaveLength(0);
  });
});

describe('refunds through the payment simulator', () => {
  async function capturedOrder() {
    const customer = await newCustomer(t.app);
    const { token } = await buy(customer, 1, 2);
    await follow(await payerClicks(token, 'approve'), customer.cookie);
    const order = await t.app.db.selectFrom('payment_orders').selectAll().where('user_id', '=', customer.userId).executeTakeFirstOrThrow();
    expect(order.capture_id).toMatch(/^[A-Z0-9]{17}$/);
    return order;
  }
  const simulator = () => t.app.payments as SimulatorPaymentsProvider;

  it('refunds a capture once per request id and never more than was captured', async () => {
    const order = await capturedOrder();
    const refund = { captureId: order.capture_id!, requestId: `refund-${order.id}`, amountCents: 300, currency: 'USD' };
    const first = await simulator().refundCapture(refund);
    expect(first.status).toBe('COMPLETED');
    expect(await simulator().refundCapture(refund)).toEqual(first);
    const rest = { ...refund, requestId: `twice-${order.id}`, amountCents: 298 };
    // Five at once, as retries racing each other: one refund, the same answer to all.
    const answers = await Promise.all(Array.from({ length: 5 }, () => simulator().refundCapture(rest)));
    for (const other of answers) expect(other).toEqual(answers[0]);
    // Made within the same millisecond, the two may be listed in either order.
    const refunds = await simulator().refundsOf(order.capture_id!);
    expect(refunds.sort((x, y) => x.requestId.localeCompare(y.requestId))).toEqual([
      { requestId: `refund-${order.id}`, amountCents: 300, currency: 'USD' },
      { requestId: `twice-${order.id}`, amountCents: 298, currency: 'USD' },
    ]);
    // All of the 598 captured is back: one cent more is refused.
    await expect(simulator().refundCapture({ ...refund, requestId: 'third', amountCents: 1 })).rejects.toMatchObject({ code: 'CAPTURE_FULLY_REFUNDED' });
  });

  it('refuses an unknown capture, another currency or more than the capture, and fails when told to', async () => {
    const order = await capturedOrder();
    const refund = { captureId: order.capture_id!, requestId: `r-${order.id}`, amountCents: 598, currency: 'USD' };
    await expect(simulator().refundCapture({ ...refund, captureId: 'NOSUCHCAPTURE' })).rejects.toMatchObject({ code: 'INVALID_RESOURCE_ID' });
    await expect(simulator().refundCapture({ ...refund, currency: 'EUR' })).rejects.toMatchObject({ code: 'CURRENCY_MISMATCH' });
    await expect(simulator().refundCapture({ ...refund, amountCents: 599 })).rejects.toMatchObject({ code: 'REFUND_AMOUNT_EXCEEDED' });
    simulator().failNextRefund(new Error('socket hang up'));
    await expect(simulator().refundCapture(refund)).rejects.toThrow('socket hang up');
    expect(await simulator().refundsOf(order.capture_id!)).toEqual([]);
    expect((await simulator().refundCapture(refund)).status).toBe('COMPLETED');
  });
});

describe('the provider’s return and cancel', () => {
  it('are throttled like the directory’s calls (6 times AUTH_RATE_LIMIT_PER_MINUTE), per customer or per address without a session: a looped return would spend the provider’s calls', async () => {
    const limited = await buildTestApp(database.url(), { authRateLimitPerMinute: 1 });
    const statuses = async (url: string, remoteAddress: string, cookie?: string) => {
      const codes: number[] = [];
      for (let i = 0; i < 7; i += 1) codes.push((await limited.app.inject({ method: 'GET', url, remoteAddress, headers: cookie ? { cookie } : {} })).statusCode);
      return codes;
    };
    try {
      const customer = await newCustomer(limited.app);
      const boxId = await limited.app.inject({ method: 'POST', url: '/app/v1/getBoxid', remoteAddress: '10.7.7.6', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'phoneNumber=415' });
      const visitor = boxId.cookies.find((cookie) => cookie.name === 'airbox_visitor')!.value;
      for (const path of ['/app/v1/payments/return', '/app/v1/payments/cancel']) {
        const url = `${path}?token=ORDER-NOT-THERE`;
        expect(await statuses(url, '10.7.7.7')).toEqual([...Array<number>(6).fill(303), 429]);
        // Another value the server signed (a registration visitor's) in the session's place is no session: the address counts.
        expect((await limited.app.inject({ method: 'GET', url, remoteAddress: '10.7.7.7', headers: { cookie: `airbox_session=${visitor}` } })).statusCode).toBe(429);
        // A customer counts on their own, whatever their address, and another address is not affected.
        expect(await statuses(url, '10.7.7.7', customer.cookie)).toEqual([...Array<number>(6).fill(303), 429]);
        expect((await limited.app.inject({ method: 'GET', url, remoteAddress: '10.7.7.9', headers: { cookie: customer.cookie } })).statusCode).toBe(429);
        expect((await limited.app.inject({ method: 'GET', url, remoteAddress: '10.7.7.8' })).statusCode).toBe(303);
      }
    } finally {
      await limited.close();
    }
  });
});
