import { describe, expect, it } from 'vitest';
import { PICKUP_EXTENSION_MESSAGES } from '@airbox/contract';
import type { SimulatorPassPushProvider } from '../src/providers/pass-push/simulator-pass-push-provider.js';
import { enqueuePickupReminders } from '../src/jobs/pickup-reminders.job.js';
import { mailsOf, postForm, signIn, type TestApp } from './helper.js';
import { newCustomer, operationsOf, userRow } from './ledger-fixtures.js';
import { deliver, lockerEvent, useLockerTestApp } from './locker-fixtures.js';
import { paymentSteps } from './payment-fixtures.js';
import { unzip } from './pkpass.js';

/**
 * Extend a pickup (issue 22 item 2, the paid half), as the dashboard and a locker controller call
 * it: the quote before anything is charged, a day paid with credits or through the PayPal
 * checkout, the refusals (the fee started, the limit, collected, not theirs, too few credits), two
 * extensions at once, a pickup while the PayPal payment is on its way (the money given back once,
 * the customer told), and the late fee counted from the extended end at the pickup.
 */

/** Tuesday 1 December 2026, 10:00 AM Pacific (PST): a delivery now is free until Wednesday noon. */
let now = new Date('2026-12-01T18:00:00Z');
let t: TestApp;
let hubId: string;

useLockerTestApp(
  () => now,
  (app, hub) => {
    t = app;
    hubId = hub;
  },
);

type Customer = Awaited<ReturnType<typeof newCustomer>>;
const locker = (body: Record<string, unknown>) => lockerEvent(t, body);

/** A FedEx package delivered to the customer at the hub. */
const delivered = (customer: Customer) => deliver(t, hubId, customer.boxId, 'FedEx');

const quote = (customer: Customer, packageId: number) =>
  t.app.inject({ method: 'GET', url: `/app/v1/lockerPackages/extension?packageId=${packageId}`, headers: { cookie: customer.cookie } });
const extend = (customer: Customer, packageId: number, day: number, payWith: 'credits' | 'paypal') =>
  t.app.inject({ method: 'POST', url: '/app/v1/lockerPackages/extend', headers: { cookie: customer.cookie }, payload: { packageId, day, payWith } });

async function waiting(customer: Customer) {
  const answer = await postForm(t.app, '/app/v1/getUnPickupsById', { uid: customer.userId }, customer.cookie);
  return answer.json().packages as Array<{ packageId: number; freeUntil: string; extendedDays: number; overdueDays: number; creditsDue: number }>;
}
/** The customer signs in again after the test clock moved on (sessions end when idle). */
async function signInAgain(customer: Customer) {
  customer.cookie = (await signIn(t.app, customer.email)).cookie;
}
const extensionLines = async (userId: number) => (await operationsOf(t.app, userId)).filter((line) => line.op_type === 5);
const refundsOf = (paymentOrderId: number) => t.app.db.selectFrom('payment_orders').select(['status', 'refund_request_id']).where('id', '=', paymentOrderId).executeTakeFirstOrThrow();
const simulatorRefunds = () => t.app.db.selectFrom('payment_simulator_refunds').selectAll().execute();

const { approve, follow } = paymentSteps({ get app() { return t.app; } });

/** Opens a PayPal extension: the provider's token and the order it pays. */
async function payPal(customer: Customer, packageId: number, day: number) {
  const answer = await extend(customer, packageId, day, 'paypal');
  expect(answer.statusCode).toBe(200);
  expect(answer.json().errorcode).toBe(1);
  const token = new URL(answer.json().redirectURL as string).searchParams.get('token')!;
  const order = await t.app.db.selectFrom('payment_orders').selectAll().where('provider_order_id', '=', token).executeTakeFirstOrThrow();
  return { token, order };
}

describe('the quote', () => {
  it('shows both prices, the balance and the new free-until before anything is charged', async () => {
    now = new Date('2026-12-01T18:00:00Z');
    const customer = await newCustomer(t.app, { credits: 3 });
    const { packageId } = await delivered(customer);
    const answer = await quote(customer, packageId);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      errorcode: 0,
      message: 'success',
      data: {
        packageId,
        extendedDays: 0,
        maxDays: 2,
        freeUntil: '2026-12-02T20:00:00.000Z',
        newFreeUntil: '2026-12-03T20:00:00.000Z',
        credits: 1,
        balance: 3,
        price: 2.99,
        priceCents: 299,
      },
    });
    expect((await userRow(t.app, customer.userId)).credits).toBe(3);
    expect(await extensionLines(customer.userId)).toEqual([]);
  });
});

describe('paid with credits', () => {
  it('adds a day, twice at most, each a credit and a line of the history; the dashboard and the pickup follow', async () => {
    now = new Date('2026-12-01T18:00:00Z');
    const customer = await newCustomer(t.app, { credits: 5 });
    const { packageId, pickupCode } = await delivered(customer);

    const first = await extend(customer, packageId, 1, 'credits');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      errorcode: 0,
      message: PICKUP_EXTENSION_MESSAGES.extended(new Date('2026-12-03T20:00:00Z')),
      data: { freeUntil: '2026-12-03T20:00:00.000Z', extendedDays: 1, balance: 4 },
    });
    expect(first.json().message).toBe('Extended: your package is free until Thu, Dec 3, 12:00 PM PST.');
    expect(await waiting(customer)).toEqual([expect.objectContaining({ packageId, freeUntil: '2026-12-03T20:00:00.000Z', extendedDays: 1, overdueDays: 0 })]);

    // Wednesday 1 PM: past the first end, before the extended one: no fee yet, and a second day.
    now = new Date('2026-12-02T21:00:00Z');
    await signInAgain(customer);
    expect((await waiting(customer))[0]).toMatchObject({ overdueDays: 0, creditsDue: 1 });
    expect((await extend(customer, packageId, 2, 'credits')).json()).toMatchObject({ errorcode: 0, data: { freeUntil: '2026-12-04T20:00:00.000Z', extendedDays: 2, balance: 3 } });

    // A third: the limit.
    const third = await quote(customer, packageId);
    expect(third.statusCode).toBe(409);
    expect(third.json()).toEqual({ errorcode: -1, message: PICKUP_EXTENSION_MESSAGES.limitReached });
    // The day 2 asked again (a double click): nothing more charged.
    expect((await extend(customer, packageId, 2, 'credits')).json()).toMatchObject({ errorcode: 0, message: PICKUP_EXTENSION_MESSAGES.alreadyExtended, data: { extendedDays: 2, balance: 3 } });
    expect((await userRow(t.app, customer.userId)).credits).toBe(3);

    const lines = await extensionLines(customer.userId);
    expect(lines.map((line) => [line.credits_delta, line.balance_after, line.package_id, line.quote_cents])).toEqual([
      [-1, 4, packageId, null],
      [-1, 3, packageId, null],
    ]);
    const history = await postForm(t.app, '/app/v1/getUserOperations', { user_id: customer.userId, otype: 5 }, customer.cookie);
    expect(history.json().operations[0]).toMatchObject({ op_type: 5, credits: 1, quote: null, description: expect.stringMatching(/^FedEx 7712345678\d{4} at .+ · Free period extended · 1 day$/) });

    // Friday 11 AM, before the twice-extended end: the delivery's credit only, no late day.
    now = new Date('2026-12-04T19:00:00Z');
    expect((await locker({ type: 'picked_up', hubId, pickupCode })).json()).toMatchObject({ errorcode: 0, overtimeDays: 0, creditsCharged: 1 });
    expect((await userRow(t.app, customer.userId)).credits).toBe(2);
  });

  it('counts the late fee from the extended end at the pickup', async () => {
    now = new Date('2026-12-01T18:00:00Z');
    const customer = await newCustomer(t.app, { credits: 5 });
    const { packageId, pickupCode } = await delivered(customer);
    expect((await extend(customer, packageId, 1, 'credits')).statusCode).toBe(200);
    // Thursday 1 PM: an hour into the first day after the extended end (Thursday noon).
    now = new Date('2026-12-03T21:00:00Z');
    expect((await locker({ type: 'picked_up', hubId, pickupCode })).json()).toMatchObject({ overtimeDays: 1, creditsCharged: 2 });
    expect((await userRow(t.app, customer.userId)).credits).toBe(2);
  });

  it('is refused after the fee started, for a collected package, another customer’s, or too few credits, changing nothing', async () => {
    now = new Date('2026-12-01T18:00:00Z');
    const customer = await newCustomer(t.app, { credits: 5 });
    const stranger = await newCustomer(t.app, { credits: 5 });
    const poor = await newCustomer(t.app, { credits: 0 });
    const late = await delivered(customer);
    const collected = await delivered(customer);
    const poorOnes = await delivered(poor);

    // Another customer's package: 404 as for no package at all, whatever they send.
    for (const answer of [await quote(stranger, late.packageId), await extend(stranger, late.packageId, 1, 'credits'), await extend(stranger, late.packageId, 1, 'paypal')]) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ errorcode: -404, message: PICKUP_EXTENSION_MESSAGES.notFound });
    }
    expect((await quote(stranger, 999_999)).statusCode).toBe(404);

    const short = await extend(poor, poorOnes.packageId, 1, 'credits');
    expect(short.statusCode).toBe(409);
    expect(short.json()).toEqual({ errorcode: -2, message: PICKUP_EXTENSION_MESSAGES.notEnoughCredits(0) });
    // PayPal still works for them.
    expect((await extend(poor, poorOnes.packageId, 1, 'paypal')).json()).toMatchObject({ errorcode: 1 });

    expect((await locker({ type: 'picked_up', hubId, pickupCode: collected.pickupCode })).statusCode).toBe(200);
    expect((await extend(customer, collected.packageId, 1, 'credits')).statusCode).toBe(404);

    // Wednesday noon exactly: the fee has started.
    now = new Date('2026-12-02T20:00:00Z');
    await signInAgain(customer);
    for (const answer of [await quote(customer, late.packageId), await extend(customer, late.packageId, 1, 'credits'), await extend(customer, late.packageId, 1, 'paypal')]) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toEqual({ errorcode: -1, message: PICKUP_EXTENSION_MESSAGES.feeStarted });
    }
    // The collected package's delivery credit only.
    expect((await userRow(t.app, customer.userId)).credits).toBe(4);
    expect(await extensionLines(customer.userId)).toEqual([]);
    expect(await waiting(customer)).toEqual([expect.objectContaining({ packageId: late.packageId, extendedDays: 0 })]);
  });

  it('tells the wallet pass: its devices are pushed and the pass shows the new end', async () => {
    now = new Date('2026-12-01T18:00:00Z');
    const customer = await newCustomer(t.app, { credits: 5 });
    const { packageId } = await delivered(customer);
    const link = (await t.app.inject({ method: 'GET', url: `/app/v1/appleWallet/getPass?user_id=${customer.userId}&OS=mac`, headers: { cookie: customer.cookie } })).json().data as string;
    const download = await t.app.inject({ method: 'GET', url: link.slice(t.config.publicUrl.length) });
    const pass = JSON.parse(unzip(download.rawPayload).get('pass.json')!.toString('utf8')) as { serialNumber: string; authenticationToken: string; passTypeIdentifier: string };
    const registered = await t.app.inject({
      method: 'POST',
      url: `/passkit/v1/devices/ext-device/registrations/${pass.passTypeIdentifier}/${pass.serialNumber}`,
      headers: { authorization: `ApplePass ${pass.authenticationToken}` },
      payload: { pushToken: 'ab'.repeat(32) },
    });
    expect(registered.statusCode).toBe(201);
    const pushes = () => (t.app.passPushes as SimulatorPassPushProvider).pushes.filter((push) => push.tokenEnd === 'abababab').length;
    await mailsOf(t);
    const before = pushes();
    expect((await extend(customer, packageId, 1, 'credits')).statusCode).toBe(200);
    await mailsOf(t);
    expect(pushes()).toBe(before + 1);
    const latest = await t.app.inject({ method: 'GET', url: `/passkit/v1/passes/${pass.passTypeIdentifier}/${pass.serialNumber}`, headers: { authorization: `ApplePass ${pass.authenticationToken}` } });
    const shown = JSON.parse(unzip(latest.rawPayload).get('pass.json')!.toString('utf8')) as { generic: { auxiliaryFields: Array<{ key: string; value: string }> } };
    expect(shown.generic.auxiliaryFields.find((field) => field.key === 'freeUntil')?.value).toBe('12/3/2026 12:00 PM PST');
  });

  it('keeps a shared pickup working until the new end', async () => {
    now = new Date('2026-12-01T18:00:00Z');
    const customer = await newCustomer(t.app, { credits: 5 });
    const { packageId } = await delivered(customer);
    const shared = await t.app.inject({ method: 'POST', url: '/app/v1/lockerPackages/share', headers: { cookie: customer.cookie }, payload: { packageId, via: 'link' } });
    expect(shared.json()).toMatchObject({ errorcode: 0, data: { validUntil: '2026-12-02T20:00:00.000Z' } });
    expect((await extend(customer, packageId, 1, 'credits')).statusCode).toBe(200);
    const answer = await postForm(t.app, '/app/v1/getUnPickupsById', { uid: customer.userId }, customer.cookie);
    expect(answer.json().packages[0].share).toMatchObject({ validUntil: '2026-12-03T20:00:00.000Z' });
    // Thursday 10 AM, past the first end: the shared code still opens the door.
    now = new Date('2026-12-03T18:00:00Z');
    expect((await locker({ type: 'picked_up', hubId, pickupCode: shared.json().data.pickupCode })).json()).toMatchObject({ errorcode: 0, overtimeDays: 0 });
  });

  it('two extensions of the same day at once: one day, one credit', async () => {
    now = new Date('2026-12-01T18:00:00Z');
    const customer = await newCustomer(t.app, { credits: 5 });
    const { packageId } = await delivered(customer);
    const answers = await Promise.all([1, 2, 3].map(() => extend(customer, packageId, 1, 'credits')));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(answers.filter((answer) => answer.json().message === PICKUP_EXTENSION_MESSAGES.alreadyExtended)).toHaveLength(2);
    expect((await userRow(t.app, customer.userId)).credits).toBe(4);
    expect(await extensionLines(customer.userId)).toHaveLength(1);
    expect((await waiting(customer))[0]).toMatchObject({ extendedDays: 1, freeUntil: '2026-12-03T20:00:00.000Z' });
  });
});

describe('paid with PayPal', () => {
  it('adds the day once the money is taken, at the credit plan’s price, back on the dashboard', async () => {
    now = new Date('2026-12-01T18:00:00Z');
    const customer = await newCustomer(t.app, { credits: 0 });
    const { packageId } = await delivered(customer);
    const { token, order } = await payPal(customer, packageId, 1);
    expect(order).toMatchObject({ purpose: 'pickup-extension', amount_cents: 299, currency: 'USD', status: 'created', plan: null });
    // Nothing extended before the money is taken.
    expect((await waiting(customer))[0]).toMatchObject({ extendedDays: 0 });

    const returnPath = await approve(token);
    expect(await follow(returnPath, customer.cookie)).toBe('/app/dashboard?extension=extended');
    expect((await waiting(customer))[0]).toMatchObject({ extendedDays: 1, freeUntil: '2026-12-03T20:00:00.000Z' });
    // A replayed return changes nothing.
    expect(await follow(returnPath, customer.cookie)).toBe('/app/dashboard?extension=extended');
    expect((await waiting(customer))[0]).toMatchObject({ extendedDays: 1 });
    const lines = await extensionLines(customer.userId);
    expect(lines.map((line) => [line.credits_delta, line.quote_cents, line.payment_order_id])).toEqual([[0, 299, order.id]]);
    expect((await userRow(t.app, customer.userId)).credits).toBe(0);
  });

  it('opened before the fee started: the day is added if the money comes before it is over, else given back', async () => {
    now = new Date('2026-12-01T18:00:00Z');
    const customer = await newCustomer(t.app);
    const late = await newCustomer(t.app);
    const { packageId } = await delivered(customer);
    const other = await delivered(late);
    // Wednesday 11:30 AM: both open a PayPal payment; the fee starts at noon.
    now = new Date('2026-12-02T19:30:00Z');
    await signInAgain(customer);
    await signInAgain(late);
    const inTime = await payPal(customer, packageId, 1);
    const tooLate = await payPal(late, other.packageId, 1);

    // 12:30 PM: past the first end, within the day paid for: added, and no late day counted.
    now = new Date('2026-12-02T20:30:00Z');
    expect(await follow(await approve(inTime.token), customer.cookie)).toBe('/app/dashboard?extension=extended');
    expect((await waiting(customer))[0]).toMatchObject({ extendedDays: 1, overdueDays: 0 });

    // Thursday 1 PM: the day paid for is over too: the money goes back, the customer is told.
    now = new Date('2026-12-03T21:00:00Z');
    await signInAgain(late);
    expect(await follow(await approve(tooLate.token), late.cookie)).toBe('/app/dashboard?extension=refunded');
    expect((await refundsOf(tooLate.order.id)).status).toBe('refunded');
    const told = (await mailsOf(t)).filter((mail) => mail.to.includes(late.email) && mail.subject.includes('not extended'));
    expect(told.map((mail) => mail.text.includes('its free period had ended before your payment came through'))).toEqual([true]);
  });

  it('a cancel at PayPal adds nothing and says so', async () => {
    now = new Date('2026-12-01T18:00:00Z');
    const customer = await newCustomer(t.app);
    const { packageId } = await delivered(customer);
    const { token } = await payPal(customer, packageId, 1);
    expect(await follow(`/app/v1/payments/cancel?token=${token}`, customer.cookie)).toBe('/app/dashboard?extension=cancelled');
    expect((await waiting(customer))[0]).toMatchObject({ extendedDays: 0 });
  });

  it('a pickup while the payment is on its way: the money goes back once and the customer is told', async () => {
    now = new Date('2026-12-01T18:00:00Z');
    const customer = await newCustomer(t.app, { credits: 2 });
    const { packageId, pickupCode } = await delivered(customer);
    const { token, order } = await payPal(customer, packageId, 1);
    const returnPath = await approve(token);
    // The package leaves the locker before the browser comes back from PayPal.
    expect((await locker({ type: 'picked_up', hubId, pickupCode })).statusCode).toBe(200);
    await mailsOf(t);

    expect(await follow(returnPath, customer.cookie)).toBe('/app/dashboard?extension=refunded');
    expect(await follow(returnPath, customer.cookie)).toBe('/app/dashboard?extension=refunded');
    expect(await refundsOf(order.id)).toMatchObject({ status: 'refunded', refund_request_id: `refund-${order.id}` });
    expect((await simulatorRefunds()).filter((refund) => refund.request_id === `refund-${order.id}`)).toHaveLength(1);
    expect(await extensionLines(customer.userId)).toEqual([]);
    const told = (await mailsOf(t)).filter((mail) => mail.to.includes(customer.email) && mail.subject.includes('not extended'));
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain('your package was picked up before your payment came through');
    expect(told[0]!.text).toContain('$2.99 is refunded');
  });

  it('the same day paid with credits meanwhile: the PayPal money goes back; the limit likewise', async () => {
    now = new Date('2026-12-01T18:00:00Z');
    const customer = await newCustomer(t.app, { credits: 5 });
    const { packageId } = await delivered(customer);
    const first = await payPal(customer, packageId, 1);
    const second = await payPal(customer, packageId, 1);
    expect((await extend(customer, packageId, 1, 'credits')).json()).toMatchObject({ errorcode: 0, data: { extendedDays: 1 } });
    // Day 1 is taken: a new PayPal payment for it is refused before anything is charged.
    expect((await extend(customer, packageId, 1, 'paypal')).json()).toEqual({ errorcode: -1, message: PICKUP_EXTENSION_MESSAGES.alreadyExtended });

    // Both open payments approved and returned at once: both for a day already added.
    const paths = await Promise.all([approve(first.token), approve(second.token)]);
    const pages = await Promise.all(paths.map((path) => follow(path, customer.cookie)));
    expect(pages).toEqual(['/app/dashboard?extension=refunded', '/app/dashboard?extension=refunded']);
    expect((await refundsOf(first.order.id)).status).toBe('refunded');
    expect((await refundsOf(second.order.id)).status).toBe('refunded');
    expect((await waiting(customer))[0]).toMatchObject({ extendedDays: 1 });
    expect(await extensionLines(customer.userId)).toHaveLength(1);
    expect((await userRow(t.app, customer.userId)).credits).toBe(4);
  });

  it('two PayPal payments for the same day at once: one day added, the other given back', async () => {
    now = new Date('2026-12-01T18:00:00Z');
    const customer = await newCustomer(t.app);
    const { packageId } = await delivered(customer);
    const first = await payPal(customer, packageId, 1);
    const second = await payPal(customer, packageId, 1);
    const paths = await Promise.all([approve(first.token), approve(second.token)]);
    const pages = await Promise.all(paths.map((path) => follow(path, customer.cookie)));
    expect(pages.sort()).toEqual(['/app/dashboard?extension=extended', '/app/dashboard?extension=refunded']);
    const statuses = [(await refundsOf(first.order.id)).status, (await refundsOf(second.order.id)).status].sort();
    expect(statuses).toEqual(['captured', 'refunded']);
    expect((await waiting(customer))[0]).toMatchObject({ extendedDays: 1 });
    expect(await extensionLines(customer.userId)).toHaveLength(1);
  });
});

describe('the late-fee reminder', () => {
  it('offers the extension, and reminds again before the extended end', async () => {
    now = new Date('2026-12-01T18:00:00Z');
    const customer = await newCustomer(t.app, { notify_by_email: 1, credits: 5 });
    const { packageId } = await delivered(customer);
    await mailsOf(t);
    const reminders = async () => {
      await enqueuePickupReminders(t.app);
      return (await mailsOf(t)).filter((mail) => mail.to.includes(customer.email) && mail.subject.includes('before noon'));
    };

    // Wednesday 8:15 AM: the reminder offers a day more, its action the dashboard.
    now = new Date('2026-12-02T16:15:00Z');
    const [first] = await reminders();
    expect(first!.text).toContain('Extend its free period by a day before then for 1 credit');
    expect(first!.text).toContain('Extend a day: http://localhost:8080/app/dashboard');

    await signInAgain(customer);
    expect((await extend(customer, packageId, 1, 'credits')).statusCode).toBe(200);
    // Thursday 8:15 AM: reminded again for the new end, one more day on offer.
    now = new Date('2026-12-03T16:15:00Z');
    const again = await reminders();
    expect(again).toHaveLength(2);
    const second = again.find((mail) => /Dec 3, 2026, 12:00\s?PM PST/.test(mail.text));
    expect(second!.text).toContain('one more day can be added');
  });
});
