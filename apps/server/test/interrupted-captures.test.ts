import { describe, expect, it, vi } from 'vitest';
import { INTERRUPTED_CAPTURE_AFTER_MS } from '../src/modules/payments/payments.service.js';
import { postForm, useTestApp, useTestDatabase } from './helper.js';
import { paymentSteps } from './payment-fixtures.js';
import { locationPath, newCustomer, operationsOf, userRow } from './ledger-fixtures.js';

const database = useTestDatabase();
const t = useTestApp(database);

type Customer = Awaited<ReturnType<typeof newCustomer>>;

async function approvedPurchase(customer: Customer, number: number) {
  const bought = await postForm(t.app, '/app/v1/buyMembership', { userID: customer.userId, number, plan: 1 }, customer.cookie);
  const token = new URL(bought.json().redirectURL as string).searchParams.get('token')!;
  const approved = await postForm(t.app, '/app/v1/payments/simulator/approve', { token });
  return { token, returnPath: locationPath(approved.headers.location) };
}

/** Where the portal sends the browser, whatever the status: these returns are read as they come. */
const { redirectOf: follow } = paymentSteps(t);

const orderOf = (token: string) => t.app.db.selectFrom('payment_orders').select('status').where('provider_order_id', '=', token).executeTakeFirstOrThrow();
const providerStatus = (token: string) => t.app.db.selectFrom('payment_simulator_orders').select('status').where('id', '=', token).executeTakeFirstOrThrow();

describe('a capture cut off between the provider and the grant (a server killed, a lost answer)', () => {
  it('is finished by the worker once, without the payer coming back', async () => {
    const customer = await newCustomer(t.app);
    const { token, returnPath } = await approvedPurchase(customer, 3);
    // The provider captures, then the answer is lost: as when the server dies right after.
    const capture = t.app.payments.captureOrder.bind(t.app.payments);
    const spy = vi.spyOn(t.app.payments, 'captureOrder').mockImplementationOnce(async (...args) => {
      await capture(...args);
      throw new Error('socket hang up');
    });
    try {
      expect(await follow(returnPath, customer.cookie)).toBe('/app/payCancel');
    } finally {
      spy.mockRestore();
    }
    expect(await providerStatus(token)).toEqual({ status: 'COMPLETED' });
    expect(await orderOf(token)).toEqual({ status: 'capturing' });
    expect((await userRow(t.app, customer.userId)).credits).toBe(0);

    // Too early: a return may still be on its way.
    await t.app.jobs.drain();
    expect(await orderOf(token)).toEqual({ status: 'capturing' });

    t.advance(INTERRUPTED_CAPTURE_AFTER_MS + 5 * 60 * 1000);
    await t.app.jobs.drain();
    expect(await orderOf(token)).toEqual({ status: 'captured' });
    expect((await userRow(t.app, customer.userId)).credits).toBe(3);
    expect(await operationsOf(t.app, customer.userId)).toHaveLength(1);

    // The next tick and the payer's late return change nothing.
    t.advance(5 * 60 * 1000);
    await t.app.jobs.drain();
    expect(await follow(returnPath, customer.cookie)).toBe('/app/paySuccess?plan=1&number=3');
    expect((await userRow(t.app, customer.userId)).credits).toBe(3);
    expect(await operationsOf(t.app, customer.userId)).toHaveLength(1);
  });

  it('leaves an order the payer never approved, or one captured normally, as it is', async () => {
    const customer = await newCustomer(t.app);
    const bought = await postForm(t.app, '/app/v1/buyMembership', { userID: customer.userId, number: 1, plan: 1 }, customer.cookie);
    const unapproved = new URL(bought.json().redirectURL as string).searchParams.get('token')!;
    const { token, returnPath } = await approvedPurchase(customer, 2);
    expect(await follow(returnPath, customer.cookie)).toBe('/app/paySuccess?plan=1&number=2');
    t.advance(INTERRUPTED_CAPTURE_AFTER_MS + 5 * 60 * 1000);
    await t.app.jobs.drain();
    expect(await orderOf(unapproved)).toEqual({ status: 'created' });
    expect(await orderOf(token)).toEqual({ status: 'captured' });
    expect((await userRow(t.app, customer.userId)).credits).toBe(2);
    expect(await operationsOf(t.app, customer.userId)).toHaveLength(1);
  });
});
