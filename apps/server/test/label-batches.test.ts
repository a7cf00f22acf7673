import { ACCOUNT_BUDGETS, BATCH_COLUMNS, BATCH_LIMITS, BATCH_MESSAGES, BATCH_TRACKING_COLUMNS, LABEL_BATCH_ERRORCODE, MESSAGES } from '@airbox/contract';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { SimulatorCarriersProvider } from '../src/providers/carriers/simulator-carriers-provider.js';
import { REFUND_STATUS_DELAY_MS } from '../src/modules/shipments/refunds.service.js';
import { REFUND_JOB_DELAY_MS } from '../src/modules/payments/payment-orders.js';
import type { SimulatorPaymentsProvider } from '../src/providers/payments/simulator-payments-provider.js';
import type { Db } from '../src/db/database.js';
import { spendAccountBudget } from '../src/modules/auth/account-budget.js';
import { DIALECT, mailsOf, postForm, signIn, useTestApp, useTestDatabase } from './helper.js';
import { newCustomer, operationsOf } from './ledger-fixtures.js';
import { LABEL_PAGE_ORDER } from './shipment-fixtures.js';
import { paymentSteps } from './payment-fixtures.js';
import { lockWaits, ownConnections } from './pg-lock-waits.js';

/**
 * Label batches from a spreadsheet (issue 25 item 1), as the web app sends them: a CSV file's
 * bytes in base64 (or pasted cells), rows fixed in place, rated with a rule, paid once on the
 * payments simulator, bought by the job, then the merged labels and the tracking CSV.
 */
const database = useTestDatabase();
// The simulator's trackers move only when a test says so.
const t = useTestApp(database, { carriers: { provider: 'simulator', webhookSecret: undefined, stepMinutes: 0 } });
const carriers = () => t.app.carriers as SimulatorCarriersProvider;
const payments = () => t.app.payments as SimulatorPaymentsProvider;
const { approve, follow } = paymentSteps(t);

type Customer = Awaited<ReturnType<typeof newCustomer>>;
type Cells = Partial<Record<(typeof BATCH_COLUMNS)[number], string>>;

/** The sender, as the label page's From step sends it. */
const FROM = LABEL_PAGE_ORDER.from;

/** A good row: each its own house number, so no two are the same parcel. */
const goodRow = (i: number): Cells => ({
  name: `Customer ${i}`,
  street1: `${100 + i} Elm St`,
  city: 'Portland',
  state: 'OR',
  zip: '97201',
  country: 'US',
  phone: '503-555-0199',
  weight_lb: '1',
  weight_oz: '4',
  length: '10',
  width: '8',
  height: '4',
  reference: `R-${i}`,
});

const quote = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
/** A CSV as a spreadsheet saves it: the template's header, a row a line. */
const csvOf = (rows: Cells[], delimiter = ',') => `${[BATCH_COLUMNS.join(delimiter), ...rows.map((row) => BATCH_COLUMNS.map((column) => quote(row[column] ?? '')).join(delimiter))].join('\r\n')}\r\n`;
const rowsOf = (count: number, change: (i: number, row: Cells) => Cells = (_i, row) => row) => Array.from({ length: count }, (_, i) => change(i + 1, goodRow(i + 1)));
const fileBody = (bytes: Buffer | string, fileName = 'orders.csv') => ({ file: Buffer.from(bytes).toString('base64'), fileName, from: FROM });

function post(path: string, payload: object, cookie: string) {
  return t.app.inject({ method: 'POST', url: path, payload, headers: { cookie } });
}
function get(path: string, cookie: string) {
  return t.app.inject({ method: 'GET', url: path, headers: { cookie } });
}

async function upload(customer: Customer, body: object) {
  const response = await post('/app/v1/labelBatches/upload', body, customer.cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}
const detail = async (customer: Customer, id: number) => {
  const response = await get(`/app/v1/labelBatches/detail?id=${id}`, customer.cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};
const batchCount = async (customer: Customer) => (await t.app.db.selectFrom('label_batches').select('id').where('user_id', '=', customer.userId).execute()).length;

/** Rated with a rule, the job run until the batch is rated. */
async function rated(customer: Customer, id: number, rule: object = { rule: 'cheapest' }) {
  const response = await post('/app/v1/labelBatches/rate', { id, ...rule }, customer.cookie);
  expect(response.json(), response.body).toMatchObject({ errorcode: 0 });
  await t.app.jobs.drain();
  return detail(customer, id);
}

const tokenOf = (answer: { redirectURL: string }) => new URL(answer.redirectURL).searchParams.get('token')!;

/** Paid on the simulator and the return followed; the job run until the batch is bought. */
async function paid(customer: Customer, id: number) {
  const response = await post('/app/v1/labelBatches/pay', { id }, customer.cookie);
  expect(response.json(), response.body).toMatchObject({ errorcode: LABEL_BATCH_ERRORCODE.redirect });
  const returnPath = await approve(tokenOf(response.json()));
  const landing = await follow(returnPath, customer.cookie);
  await t.app.jobs.drain();
  return { returnPath, landing, batch: await detail(customer, id) };
}

/** A new customer's batch of `rows` rated and paid on the simulator, its buying job not run yet. */
async function paidNotBought(rows: number) {
  const customer = await newCustomer(t.app);
  const uploaded = await upload(customer, fileBody(csvOf(rowsOf(rows))));
  await rated(customer, uploaded.id);
  const pay = await post('/app/v1/labelBatches/pay', { id: uploaded.id }, customer.cookie);
  await follow(await approve(tokenOf(pay.json())), customer.cookie);
  return { customer, uploaded };
}

const batchPage = (id: number) => `/app/paySuccess?redirect=${encodeURIComponent(`/ShipmentParent/batches?batch=${id}`)}`;
const capturedOrders = (customer: Customer) =>
  t.app.db.selectFrom('payment_orders').selectAll().where('user_id', '=', customer.userId).where('purpose', '=', 'label-batch').where('status', '=', 'captured').execute();

/** CSV lines read back (the file's own quoting undone). */
function csvRows(text: string): string[][] {
  return text
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
    .map((line) => [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)].slice(0, -1).map((match) => match[1]!.replace(/^"|"$/g, '').replace(/""/g, '"')));
}

describe('a batch of 20 from a CSV, two rows bad', () => {
  // Twenty labels bought and drawn four ways: about 9 s on this 2-core machine alone.
  it('names the bad cells, takes them fixed, rates, is paid once and buys every label: one merged PDF and the tracking CSV', { timeout: 90_000 }, async () => {
    const customer = await newCustomer(t.app);
    const rows = rowsOf(20, (i, row) => {
      if (i === 5) return { ...row, zip: '9720', weight_lb: 'heavy' };
      if (i === 12) return { ...row, name: '', length: '0' };
      if (i === 3) return { ...row, reference: '=HYPERLINK("http://evil.example","Click")' };
      if (i === 4) return { ...row, name: '@Sam Roe', comments: '+1 fragile' };
      return row;
    });
    // Saved with a BOM, as Excel's "CSV UTF-8" does.
    const uploaded = await upload(customer, fileBody(`\uFEFF${csvOf(rows)}`));
    expect(uploaded).toMatchObject({ state: 'draft', fileName: 'orders.csv', counts: { rows: 20, invalid: 2, ready: 18 } });
    expect(uploaded.rows[4]).toMatchObject({ row: 5, state: 'invalid' });
    expect(uploaded.rows[4].errors).toEqual([
      { column: 'zip', message: 'Enter the correct format' },
      { column: 'weight_lb', message: 'Enter the weight: more than 0 and at most 150 lb' },
    ]);
    expect(uploaded.rows[11].errors).toEqual([
      { column: 'name', message: 'Please enter a name' },
      { column: 'length', message: 'Enter inches from 0.1 to 108' },
    ]);
    // Not rated while rows have errors.
    const early = await post('/app/v1/labelBatches/rate', { id: uploaded.id, rule: 'cheapest' }, customer.cookie);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ errorcode: LABEL_BATCH_ERRORCODE.refused, message: BATCH_MESSAGES.hasErrors(2) });

    // Fixed in place, each row sent whole as the form holds it.
    const fix = async (row: number, cells: Cells) => {
      const response = await post('/app/v1/labelBatches/row', { batchId: uploaded.id, row, cells: { ...uploaded.rows[row - 1].cells, ...cells } }, customer.cookie);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data;
    };
    await fix(5, { zip: '97201', weight_lb: '2' });
    const fixed = await fix(12, { name: 'Customer 12', length: '10' });
    expect(fixed.counts).toMatchObject({ rows: 20, invalid: 0, ready: 20 });

    const ratedBatch = await rated(customer, uploaded.id);
    expect(ratedBatch.state).toBe('rated');
    expect(ratedBatch.counts).toMatchObject({ rated: 20, invalid: 0 });
    const prices = ratedBatch.rows.map((row: { rate: { rate: string } }) => Math.round(Number(row.rate.rate) * 100));
    const totalCents = prices.reduce((sum: number, cents: number) => sum + cents, 0);
    expect(Math.round(Number(ratedBatch.total) * 100)).toBe(totalCents);
    expect(ratedBatch.ratesExpireAt).not.toBe('');
    expect(ratedBatch.services.length).toBeGreaterThan(1);

    const purchasesBefore = carriers().purchaseCount();
    const { returnPath, landing, batch } = await paid(customer, uploaded.id);
    expect(landing).toBe(batchPage(uploaded.id));
    expect(batch).toMatchObject({ state: 'finished', counts: { bought: 20, failed: 0, queued: 0 }, progress: { done: 20, total: 20 } });
    expect(carriers().purchaseCount()).toBe(purchasesBefore + 20);
    for (const row of batch.rows) expect(row).toMatchObject({ state: 'bought', orderNo: expect.stringMatching(/^AB/), trackingNum: expect.any(String), shippingIndexID: expect.any(Number) });
    // One payment, captured once, for the total; a replayed return changes nothing.
    expect(await follow(returnPath, customer.cookie)).toBe(batchPage(uploaded.id));
    await t.app.jobs.drain();
    const [order, ...more] = await capturedOrders(customer);
    expect(more).toHaveLength(0);
    expect(order).toMatchObject({ amount_cents: totalCents, quantity: 20 });
    expect(carriers().purchaseCount()).toBe(purchasesBefore + 20);
    // Each label is on Purchased Labels with its ledger line.
    const labelIds = batch.rows.map((row: { shippingIndexID: number }) => row.shippingIndexID);
    const ledger = (await operationsOf(t.app, customer.userId)).filter((op) => labelIds.includes(op.shipment_id));
    expect(ledger.map((op) => op.quote_cents)).toEqual(prices);
    const list = (await get(`/app/v1/userGetShipment?user_id=${customer.userId}&num=50`, customer.cookie)).json();
    expect(list.data.total).toBe(20);

    // The labels in one PDF, a 4x6 page each.
    const labels = await get(`/app/v1/labelBatches/labels?id=${uploaded.id}`, customer.cookie);
    expect(labels.statusCode).toBe(200);
    expect(labels.headers['content-type']).toBe('application/pdf');
    expect(labels.headers['content-disposition']).toBe(`attachment; filename="batch-${uploaded.id}-labels.pdf"`);
    const pdf = await PDFDocument.load(labels.rawPayload);
    expect(pdf.getPageCount()).toBe(20);
    expect(pdf.getPage(0).getSize()).toEqual({ width: 288, height: 432 });
    const letter = await PDFDocument.load((await get(`/app/v1/labelBatches/labels?id=${uploaded.id}&format=pdf-letter`, customer.cookie)).rawPayload);
    expect(letter.getPageCount()).toBe(10);
    const pngPages = await PDFDocument.load((await get(`/app/v1/labelBatches/labels?id=${uploaded.id}&format=png-4x6`, customer.cookie)).rawPayload);
    expect(pngPages.getPageCount()).toBe(20);
    const zpl = (await get(`/app/v1/labelBatches/labels?id=${uploaded.id}&format=zpl`, customer.cookie)).body;
    expect(zpl.match(/\^XA/g)).toHaveLength(20);

    // The tracking numbers as CSV, a spreadsheet's formulas neutralised.
    const tracking = await get(`/app/v1/labelBatches/tracking?id=${uploaded.id}`, customer.cookie);
    expect(tracking.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csvRows(tracking.body);
    expect(lines[0]).toEqual([...BATCH_TRACKING_COLUMNS]);
    expect(lines).toHaveLength(21);
    expect(lines[1]).toEqual(['1', 'R-1', 'Customer 1', batch.rows[0].rate.carrier, batch.rows[0].rate.service, batch.rows[0].trackingNum, batch.rows[0].rate.rate, 'bought']);
    expect(lines[3]![1]).toBe(`'=HYPERLINK("http://evil.example","Click")`);
    expect(lines[4]![2]).toBe("'@Sam Roe");
    expect(tracking.body).not.toMatch(/(^|,)[=+\-@]/m);

    // Told once, when it finished.
    const mails = (await mailsOf(t)).filter((mail) => mail.to === customer.email && mail.subject.includes('batch of 20 labels'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('20 of the 20 labels');

    // Another customer sees none of it.
    const intruder = await newCustomer(t.app);
    for (const path of [`/app/v1/labelBatches/detail?id=${uploaded.id}`, `/app/v1/labelBatches/labels?id=${uploaded.id}`, `/app/v1/labelBatches/tracking?id=${uploaded.id}`]) {
      const answer = await get(path, intruder.cookie);
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ errorcode: LABEL_BATCH_ERRORCODE.notFound, message: BATCH_MESSAGES.notFound });
    }
    expect((await post('/app/v1/labelBatches/pay', { id: uploaded.id }, intruder.cookie)).statusCode).toBe(404);
    expect((await post('/app/v1/labelBatches/row', { batchId: uploaded.id, row: 1, cells: goodRow(1) }, intruder.cookie)).statusCode).toBe(404);
    // A paid batch is not changed any more.
    const late = await post('/app/v1/labelBatches/row/delete', { batchId: uploaded.id, row: 1 }, customer.cookie);
    expect(late.json()).toEqual({ errorcode: LABEL_BATCH_ERRORCODE.refused, message: BATCH_MESSAGES.notEditable });
  });
});

describe('a carrier refusal', () => {
  it('fails that row, refunds its amount once and lists it with the reason', async () => {
    const customer = await newCustomer(t.app);
    const uploaded = await upload(customer, { text: csvOf(rowsOf(3), '\t'), from: FROM });
    expect(uploaded.fileName).toBe('');
    const ratedBatch = await rated(customer, uploaded.id, { rule: 'service', carrier: 'USPS', service: 'Priority' });
    expect(ratedBatch.rows.map((row: { rate: { carrier: string; service: string } }) => `${row.rate.carrier} ${row.rate.service}`)).toEqual(['USPS Priority', 'USPS Priority', 'USPS Priority']);
    // The first label bought (row 1) is refused by the carrier.
    carriers().failNext('buyRate', 'SHIPMENT.POSTAGE.FAILURE');
    const { batch } = await paid(customer, uploaded.id);
    expect(batch).toMatchObject({ state: 'finished', counts: { bought: 2, failed: 1 } });
    const refusedRow = batch.rows[0];
    expect(refusedRow).toMatchObject({ row: 1, state: 'failed', refund: 'refunded', refundAmount: refusedRow.rate.rate, shippingIndexID: null, trackingNum: '' });
    expect(refusedRow.note).toContain('The carrier refused this label');
    expect(batch.refunded).toBe(refusedRow.rate.rate);

    const [order] = await capturedOrders(customer);
    const refunds = async () => t.app.db.selectFrom('payment_simulator_refunds').selectAll().execute();
    const ofOrder = async () => {
      const capture = order!.capture_id;
      return (await refunds()).filter((refund) => refund.capture_id === capture);
    };
    expect((await ofOrder()).map((refund) => refund.amount_cents)).toEqual([Math.round(Number(refusedRow.rate.rate) * 100)]);
    // Its job run again: nothing more. A crash after the provider's refund, before the row said so: the retry asks the
    // provider the same refund (the same key), which makes none, and the row and the batch's sum are written once.
    const { refundBatchRow } = await import('../src/modules/shipments/label-batch-checkout.js');
    const row = await t.app.db.selectFrom('label_batch_rows').select('id').where('batch_id', '=', uploaded.id).where('row_no', '=', 1).executeTakeFirstOrThrow();
    await refundBatchRow(t.app, row.id);
    expect(await ofOrder()).toHaveLength(1);
    await t.app.db.updateTable('label_batch_rows').set({ refund_state: 'pending' }).where('id', '=', row.id).execute();
    await t.app.db.updateTable('label_batches').set({ refunded_cents: 0 }).where('id', '=', uploaded.id).execute();
    await refundBatchRow(t.app, row.id);
    expect(await ofOrder()).toHaveLength(1);
    expect((await detail(customer, uploaded.id)).refunded).toBe(refusedRow.rate.rate);

    const tracking = csvRows((await get(`/app/v1/labelBatches/tracking?id=${uploaded.id}`, customer.cookie)).body);
    expect(tracking[1]![7]).toBe('refunded');
    const pdf = await PDFDocument.load((await get(`/app/v1/labelBatches/labels?id=${uploaded.id}`, customer.cookie)).rawPayload);
    expect(pdf.getPageCount()).toBe(2);
    const mail = (await mailsOf(t)).find((m) => m.to === customer.email && m.subject.includes('batch of 3 labels'));
    expect(mail?.text).toContain('The carrier refused 1 (rows 1)');

    // A label of the batch refunded later by the carrier (Purchased Labels' REFUND): its part of the batch's one payment goes back, once.
    const label = batch.rows[1];
    expect((await postForm(t.app, '/openapi/easyPost/refund', { id: label.shippingIndexID }, customer.cookie)).json()).toMatchObject({ code: 0 });
    await carriers().advance(label.trackingNum);
    t.advance(REFUND_STATUS_DELAY_MS + 1000);
    await t.app.jobs.drain();
    await t.app.jobs.drain();
    const cents = (dollars: string) => Math.round(Number(dollars) * 100);
    expect(await payments().refundsOf(order!.capture_id!)).toEqual([
      { requestId: `refund-${order!.id}-batch-row-${row.id}`, amountCents: cents(refusedRow.rate.rate), currency: 'USD' },
      { requestId: `refund-${order!.id}-label-${label.shippingIndexID}`, amountCents: cents(label.rate.rate), currency: 'USD' },
    ]);
    const labelRow = await t.app.db.selectFrom('shipments').select(['state']).where('id', '=', label.shippingIndexID).executeTakeFirstOrThrow();
    expect(labelRow.state).toBe('refunded');
    // The batch's payment stays captured: its other label is still bought.
    expect((await capturedOrders(customer)).map((captured) => captured.id)).toEqual([order!.id]);
    // The batch's refunded sum counts that label too, once (its job drained again).
    await t.app.jobs.drain();
    expect(cents((await detail(customer, uploaded.id)).refunded)).toBe(cents(refusedRow.rate.rate) + cents(label.rate.rate));
  });

  it('refunds a refused row through its job, once, when the provider does not answer the refund at first', async () => {
    const customer = await newCustomer(t.app);
    const uploaded = await upload(customer, { text: csvOf(rowsOf(2), '\t'), from: FROM });
    await rated(customer, uploaded.id, { rule: 'service', carrier: 'USPS', service: 'Priority' });
    carriers().failNext('buyRate', 'SHIPMENT.POSTAGE.FAILURE');
    payments().failNextRefund(new Error('socket hang up'));
    const { batch } = await paid(customer, uploaded.id);
    expect(batch).toMatchObject({ state: 'finished', counts: { bought: 1, failed: 1 }, refunded: '0.00' });
    expect(batch.rows[0]).toMatchObject({ row: 1, state: 'failed', refund: 'pending' });
    const [order] = await capturedOrders(customer);
    expect(await payments().refundsOf(order!.capture_id!)).toEqual([]);
    // The job waits a minute after the row's own attempt, then gives the row's amount back, once.
    t.advance(REFUND_JOB_DELAY_MS);
    await t.app.jobs.drain();
    await t.app.jobs.drain();
    const after = await detail(customer, uploaded.id);
    expect(after.rows[0]).toMatchObject({ row: 1, state: 'failed', refund: 'refunded' });
    expect(after.refunded).toBe(after.rows[0].refundAmount);
    expect((await payments().refundsOf(order!.capture_id!)).map((refund) => refund.amountCents)).toEqual([Math.round(Number(after.rows[0].refundAmount) * 100)]);
  });
});

describe('a carrier that does not answer', () => {
  it('leaves the progress where it was and goes on later, buying nothing twice (the first label made but its answer lost)', async () => {
    const customer = await newCustomer(t.app);
    const uploaded = await upload(customer, fileBody(csvOf(rowsOf(3))));
    await rated(customer, uploaded.id);
    const before = carriers().purchaseCount();
    // The carrier makes the first label, but its answer never comes back.
    carriers().failNext('buyRate', 'UNAVAILABLE', { afterEffect: true });
    const { batch } = await paid(customer, uploaded.id);
    expect(batch).toMatchObject({ state: 'buying', counts: { queued: 3, bought: 0 }, progress: { done: 0, total: 3 } });
    // A reload reads the same; the job tries again later with the same key a row.
    expect((await detail(customer, uploaded.id)).progress).toEqual({ done: 0, total: 3 });
    t.advance(60_000);
    await t.app.jobs.drain();
    const done = await detail(customer, uploaded.id);
    expect(done).toMatchObject({ state: 'finished', counts: { bought: 3 }, progress: { done: 3, total: 3 } });
    expect(carriers().purchaseCount()).toBe(before + 3);
    expect(new Set(done.rows.map((row: { trackingNum: string }) => row.trackingNum)).size).toBe(3);
  });
});

describe('two runs of the buying job at once', () => {
  it('buy and record each row once', async () => {
    const { customer, uploaded } = await paidNotBought(3);
    const before = carriers().purchaseCount();
    const { runBatchBuying } = await import('../src/modules/shipments/label-batch-checkout.js');
    await Promise.all([runBatchBuying(t.app, uploaded.id), runBatchBuying(t.app, uploaded.id)]);
    await t.app.jobs.drain();
    expect((await detail(customer, uploaded.id)).counts).toMatchObject({ bought: 3, queued: 0 });
    expect(carriers().purchaseCount()).toBe(before + 3);
    const labels = await t.app.db.selectFrom('shipments').select('id').where('user_id', '=', customer.userId).execute();
    expect(labels).toHaveLength(3);
    const invoices = await t.app.db.selectFrom('invoices').select('id').where('shipment_id', 'in', labels.map((label) => label.id)).execute();
    expect(invoices).toHaveLength(3);
    expect(await operationsOf(t.app, customer.userId)).toHaveLength(3);
  });
});

/** The database with `hook` run (awaited) just before the next transaction begins: what another request does at that moment. */
function beforeNextTransaction(db: Db, hook: () => Promise<void>): Db {
  let pending = true;
  return new Proxy(db, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      if (property !== 'connection' && property !== 'transaction') return value.bind(target);
      return () => {
        const builder = value.call(target) as { execute: (work: unknown) => Promise<unknown> };
        return {
          execute: async (work: unknown) => {
            if (pending) {
              pending = false;
              await hook();
            }
            return builder.execute(work);
          },
        };
      };
    },
  });
}

const centsOf = (dollars: string) => Math.round(Number(dollars) * 100);
const totalOf = (batch: { rows: { rate: { rate: string } | null }[] }) => batch.rows.reduce((sum, row) => sum + centsOf(row.rate?.rate ?? '0'), 0);

describe('paying while the rows change', () => {
  it('opens the order for the rows as they stand when a rating with another rule lands just before it', async () => {
    const customer = await newCustomer(t.app);
    const uploaded = await upload(customer, fileBody(csvOf(rowsOf(3))));
    const cheapest = await rated(customer, uploaded.id, { rule: 'cheapest' });
    // The rule changed at the very moment PAY is asked: the rows' fresh rates, so rated at once.
    const { payLabelBatch } = await import('../src/modules/shipments/label-batches.service.js');
    let fastestCents = 0;
    const db = beforeNextTransaction(t.app.db, async () => {
      const answer = await post('/app/v1/labelBatches/rate', { id: uploaded.id, rule: 'fastest' }, customer.cookie);
      expect(answer.json().data.state).toBe('rated');
      fastestCents = totalOf(answer.json().data);
    });
    const redirectURL = await payLabelBatch({ db, config: t.app.config, log: t.app.log, payments: t.app.payments, carriers: t.app.carriers }, customer.userId, uploaded.id);
    expect(fastestCents).not.toBe(totalOf(cheapest));
    await follow(await approve(tokenOf({ redirectURL })), customer.cookie);
    await t.app.jobs.drain();
    const batch = await detail(customer, uploaded.id);
    expect(batch).toMatchObject({ state: 'finished', counts: { bought: 3 } });
    // The money taken is what the labels bought cost.
    const [order] = await capturedOrders(customer);
    expect(order!.amount_cents).toBe(totalOf(batch));
    expect(order!.amount_cents).toBe(fastestCents);
    expect(centsOf(batch.total)).toBe(fastestCents);
  });

  it('buys nothing and gives the money back when the paid rows no longer cost what was paid', async () => {
    const customer = await newCustomer(t.app);
    const uploaded = await upload(customer, fileBody(csvOf(rowsOf(2))));
    await rated(customer, uploaded.id);
    const pay = await post('/app/v1/labelBatches/pay', { id: uploaded.id }, customer.cookie);
    // A row's price changed behind the open order (as a race with a rating left it).
    await t.app.db.updateTable('label_batch_rows').set((eb) => ({ price_cents: eb('price_cents', '+', 500) })).where('batch_id', '=', uploaded.id).where('row_no', '=', 1).execute();
    const before = carriers().purchaseCount();
    await follow(await approve(tokenOf(pay.json())), customer.cookie);
    await t.app.jobs.drain();
    expect(carriers().purchaseCount()).toBe(before);
    const orders = await t.app.db.selectFrom('payment_orders').select(['status', 'capture_id', 'amount_cents']).where('user_id', '=', customer.userId).where('purpose', '=', 'label-batch').execute();
    expect(orders.map((order) => order.status)).toEqual(['refunded']);
    expect(await payments().refundsOf(orders[0]!.capture_id!)).toEqual([expect.objectContaining({ amountCents: orders[0]!.amount_cents })]);
    // The batch is a draft again: rated and paid afresh, at what its rows cost.
    expect((await detail(customer, uploaded.id)).state).toBe('draft');
    t.advance(31 * 60 * 1000);
    const again = await rated(customer, uploaded.id);
    expect(again.state).toBe('rated');
    const { batch } = await paid(customer, uploaded.id);
    expect(batch).toMatchObject({ state: 'finished', counts: { bought: 2 } });
    const [order] = await capturedOrders(customer);
    expect(order!.amount_cents).toBe(totalOf(batch));
  });
});

describe('a buying run that died holding a row', () => {
  it('is taken up again once its claim runs out: the batch finishes instead of staying buying', async () => {
    const { customer, uploaded } = await paidNotBought(3);
    // A worker claimed row 2 and was killed during its carrier call: its claim is fresh when the job runs again.
    await t.app.db
      .updateTable('label_batch_rows')
      .set({ note: 'buying:dead-run', updated_at: t.app.config.clock().toISOString() })
      .where('batch_id', '=', uploaded.id)
      .where('row_no', '=', 2)
      .execute();
    await t.app.jobs.drain();
    expect((await detail(customer, uploaded.id))).toMatchObject({ state: 'buying', counts: { bought: 2, queued: 1 } });
    const { BATCH_ROW_CLAIM_MS } = await import('../src/modules/shipments/label-batch-checkout.js');
    t.advance(BATCH_ROW_CLAIM_MS + 2000);
    await t.app.jobs.drain();
    const done = await detail(customer, uploaded.id);
    expect(done).toMatchObject({ state: 'finished', counts: { bought: 3, queued: 0 }, progress: { done: 3, total: 3 } });
    expect(new Set(done.rows.map((row: { trackingNum: string }) => row.trackingNum)).size).toBe(3);
  });
});

describe('the carrier calls a rating costs', () => {
  it('are charged by its rows to rate (a unit for 10), refused 429 when the hour has not that many left; a new rule costs none', async () => {
    const customer = await newCustomer(t.app);
    const uploaded = await upload(customer, fileBody(csvOf(rowsOf(41))));
    // The upload took 1 unit; the hour's budget is spent but for 4.
    await spendAccountBudget(t.app.accountBudgets, customer.userId, 'carrierCalls', ACCOUNT_BUDGETS.carrierCalls - 1 - 4);
    const refused = await post('/app/v1/labelBatches/rate', { id: uploaded.id, rule: 'cheapest' }, customer.cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(MESSAGES.carrierCallsUsedUp(60));
    expect((await detail(customer, uploaded.id)).state).toBe('draft');
    // 40 rows: 4 units, which are left.
    await post('/app/v1/labelBatches/row/delete', { batchId: uploaded.id, row: 41 }, customer.cookie);
    expect((await rated(customer, uploaded.id)).state).toBe('rated');
    // Another rule over fresh rates asks the carriers nothing: allowed with the budget spent.
    expect((await rated(customer, uploaded.id, { rule: 'fastest' })).state).toBe('rated');
    // A fixed row is asked again: 1 unit, none left.
    await post('/app/v1/labelBatches/row', { batchId: uploaded.id, row: 1, cells: { ...uploaded.rows[0].cells, weight_lb: '2' } }, customer.cookie);
    expect((await post('/app/v1/labelBatches/rate', { id: uploaded.id, rule: 'fastest' }, customer.cookie)).statusCode).toBe(429);
  });
});

describe('a rating the carriers never answer', () => {
  it('sends the batch back to draft after two hours, its unrated rows saying why', async () => {
    const customer = await newCustomer(t.app);
    const uploaded = await upload(customer, fileBody(csvOf(rowsOf(1))));
    expect((await post('/app/v1/labelBatches/rate', { id: uploaded.id, rule: 'cheapest' }, customer.cookie)).json().data.state).toBe('rating');
    // The carriers down from then on: the job's last tries come two hours later.
    t.advance(2 * 60 * 60 * 1000 + 60_000);
    carriers().failNext('rateShipment', 'UNAVAILABLE');
    await t.app.jobs.drain();
    const { cookie } = await signIn(t.app, customer.email);
    const batch = await detail({ ...customer, cookie }, uploaded.id);
    expect(batch.state).toBe('draft');
    expect(batch.rows[0]).toMatchObject({ state: 'ready', notes: ['The carriers did not answer for two hours, so this row has no rate yet: rate the batch again.'] });
    // Rated again once they answer.
    expect((await rated({ ...customer, cookie }, uploaded.id)).state).toBe('rated');
  });
});

describe('paying', () => {
  it('captures once when pay is asked twice at once and every opened payment is approved and returned twice', async () => {
    const customer = await newCustomer(t.app);
    const uploaded = await upload(customer, fileBody(csvOf(rowsOf(4))));
    await rated(customer, uploaded.id, { rule: 'fastest' });
    const answers = await Promise.all([1, 2].map(() => post('/app/v1/labelBatches/pay', { id: uploaded.id }, customer.cookie)));
    const opened = answers.filter((answer) => answer.json().errorcode === LABEL_BATCH_ERRORCODE.redirect);
    expect(opened.length).toBeGreaterThanOrEqual(1);
    for (const answer of answers.filter((other) => !opened.includes(other))) expect(answer.statusCode).toBe(409);
    const before = carriers().purchaseCount();
    const returns = await Promise.all(opened.map(async (answer) => approve(tokenOf(answer.json()))));
    await Promise.all(returns.flatMap((path) => [follow(path, customer.cookie), follow(path, customer.cookie)]));
    await t.app.jobs.drain();
    expect(await capturedOrders(customer)).toHaveLength(1);
    expect((await detail(customer, uploaded.id)).counts).toMatchObject({ bought: 4 });
    expect(carriers().purchaseCount()).toBe(before + 4);
    // Any other approved payment went back whole.
    const others = await t.app.db.selectFrom('payment_orders').select('status').where('user_id', '=', customer.userId).where('status', 'not in', ['captured', 'cancelled']).execute();
    for (const other of others) expect(other.status).toBe('refunded');
  });

  it('lets a batch whose payment was left open change again, its payment then void: approved later, it is given back', async () => {
    const customer = await newCustomer(t.app);
    const uploaded = await upload(customer, fileBody(csvOf(rowsOf(2))));
    await rated(customer, uploaded.id);
    const opened = await post('/app/v1/labelBatches/pay', { id: uploaded.id }, customer.cookie);
    expect((await detail(customer, uploaded.id)).state).toBe('paying');
    // The customer comes back without paying and fixes a row.
    const fixed = await post('/app/v1/labelBatches/row', { batchId: uploaded.id, row: 2, cells: { ...uploaded.rows[1].cells, weight_lb: '3' } }, customer.cookie);
    expect(fixed.json().data).toMatchObject({ state: 'draft', counts: { ready: 1, rated: 1 } });
    // The old payment approved all the same: nothing is bought, the money goes back.
    const before = carriers().purchaseCount();
    await follow(await approve(tokenOf(opened.json())), customer.cookie);
    await t.app.jobs.drain();
    expect(await capturedOrders(customer)).toHaveLength(0);
    expect(carriers().purchaseCount()).toBe(before);
    expect((await detail(customer, uploaded.id)).state).toBe('draft');
  });

  it('refuses to pay rates that expired, and a batch not rated', async () => {
    const customer = await newCustomer(t.app);
    const uploaded = await upload(customer, fileBody(csvOf(rowsOf(2))));
    const unrated = await post('/app/v1/labelBatches/pay', { id: uploaded.id }, customer.cookie);
    expect(unrated.json()).toEqual({ errorcode: LABEL_BATCH_ERRORCODE.refused, message: BATCH_MESSAGES.notRated });
    await rated(customer, uploaded.id);
    t.advance(31 * 60 * 1000);
    const expired = await post('/app/v1/labelBatches/pay', { id: uploaded.id }, customer.cookie);
    expect(expired.json()).toEqual({ errorcode: LABEL_BATCH_ERRORCODE.expired, message: BATCH_MESSAGES.expired });
    // Rated again (the rows' rates are old): payable.
    expect((await rated(customer, uploaded.id)).state).toBe('rated');
    expect((await post('/app/v1/labelBatches/pay', { id: uploaded.id }, customer.cookie)).json().errorcode).toBe(LABEL_BATCH_ERRORCODE.redirect);
  });
});

describe('a rating that never ends', () => {
  it('keeps the rows as they are while the job may still run, then lets the batch change and be rated again', async () => {
    const customer = await newCustomer(t.app);
    const uploaded = await upload(customer, fileBody(csvOf(rowsOf(2))));
    // Rating asked, its job never run (as when its tries ran out with the carriers down).
    expect((await post('/app/v1/labelBatches/rate', { id: uploaded.id, rule: 'cheapest' }, customer.cookie)).json().data.state).toBe('rating');
    const fix = () => post('/app/v1/labelBatches/row', { batchId: uploaded.id, row: 1, cells: { ...uploaded.rows[0].cells, weight_lb: '2' } }, customer.cookie);
    expect((await fix()).json()).toEqual({ errorcode: LABEL_BATCH_ERRORCODE.refused, message: 'The batch is being rated: wait until it is done.' });
    await t.app.db.deleteFrom('jobs').where('name', '=', 'label-batch-rate').where('status', '=', 'queued').execute();
    const { RATING_STALLED_MS } = await import('../src/modules/shipments/label-batches.service.js');
    t.advance(RATING_STALLED_MS + 60_000);
    const { cookie } = await signIn(t.app, customer.email);
    const fixed = await post('/app/v1/labelBatches/row', { batchId: uploaded.id, row: 1, cells: { ...uploaded.rows[0].cells, weight_lb: '2' } }, cookie);
    expect(fixed.json().data.state).toBe('draft');
    expect((await rated({ ...customer, cookie }, uploaded.id)).state).toBe('rated');
  });
});

describe('the hourly clean-up', () => {
  it('deletes a batch never paid a day after its last change, and keeps a paid one', async () => {
    const customer = await newCustomer(t.app);
    const unpaid = await upload(customer, fileBody(csvOf(rowsOf(1))));
    const paidBatch = await upload(customer, fileBody(csvOf(rowsOf(1))));
    await rated(customer, paidBatch.id);
    await paid(customer, paidBatch.id);
    const { cleanUpExpiredRows } = await import('../src/jobs/clean-up.job.js');
    await cleanUpExpiredRows(t.app);
    expect(await batchCount(customer)).toBe(2);
    t.advance(24 * 60 * 60 * 1000 + 60_000);
    await cleanUpExpiredRows(t.app);
    // (The session has expired by then: the tables are read.)
    const left = await t.app.db.selectFrom('label_batches').select(['id', 'state']).where('user_id', '=', customer.userId).execute();
    expect(left).toEqual([{ id: paidBatch.id, state: 'finished' }]);
    expect(await t.app.db.selectFrom('label_batch_rows').select('id').where('batch_id', '=', unpaid.id).execute()).toEqual([]);
  });

  it('deletes a batch whose payment was left open a day, its order cancelled: approved later, nothing is bought and the money goes back', async () => {
    const customer = await newCustomer(t.app);
    const uploaded = await upload(customer, fileBody(csvOf(rowsOf(1))));
    await rated(customer, uploaded.id);
    const pay = await post('/app/v1/labelBatches/pay', { id: uploaded.id }, customer.cookie);
    expect((await detail(customer, uploaded.id)).state).toBe('paying');
    t.advance(24 * 60 * 60 * 1000 + 60_000);
    const { cleanUpExpiredRows } = await import('../src/jobs/clean-up.job.js');
    await cleanUpExpiredRows(t.app);
    expect(await batchCount(customer)).toBe(0);
    const before = carriers().purchaseCount();
    await approve(tokenOf(pay.json())).then((path) => follow(path));
    await t.app.jobs.drain();
    expect(carriers().purchaseCount()).toBe(before);
    expect(await capturedOrders(customer)).toHaveLength(0);
  });
});

describe('rows the carriers or the rule refuse', () => {
  it('an address not verified and a service not offered are errors of their row', async () => {
    const customer = await newCustomer(t.app);
    const rows = rowsOf(3, (i, row) => (i === 2 ? { ...row, street1: 'Elm St' } : i === 3 ? { ...row, service: 'FedEx FEDEX_NOT_A_SERVICE' } : row));
    const uploaded = await upload(customer, fileBody(csvOf(rows)));
    const batch = await rated(customer, uploaded.id);
    expect(batch.state).toBe('draft');
    expect(batch.rows[0].state).toBe('rated');
    expect(batch.rows[1]).toMatchObject({ state: 'invalid', errors: [{ column: null, message: BATCH_MESSAGES.notVerified('Street address needs a house number') }] });
    expect(batch.rows[2]).toMatchObject({ state: 'invalid', errors: [{ column: null, message: BATCH_MESSAGES.noRateForRule('FedEx FEDEX_NOT_A_SERVICE') }] });
    // Fixed, only that row is asked of the carriers again; the rule changed costs no carrier call.
    await post('/app/v1/labelBatches/row', { batchId: uploaded.id, row: 2, cells: { ...batch.rows[1].cells, street1: '7 Elm St' } }, customer.cookie);
    await post('/app/v1/labelBatches/row', { batchId: uploaded.id, row: 3, cells: { ...batch.rows[2].cells, service: '' } }, customer.cookie);
    const again = await rated(customer, uploaded.id);
    expect(again.state).toBe('rated');
  });
});

describe('uploads that are refused, each saying why and keeping nothing', () => {
  const header = 'name,street1,city,state,zip,phone,weight_lb,length,width,height';
  const line = 'José Díaz,1 Main St,Portland,OR,97201,503-555-0199,1,10,8,4';

  it.each([
    ['UTF-16 with its BOM', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`${header}\r\n${line}\r\n`, 'utf16le')]), BATCH_MESSAGES.utf16],
    ['UTF-16 without a BOM', Buffer.from(`${header}\r\n${line}\r\n`, 'utf16le'), BATCH_MESSAGES.utf16],
    ['Latin-1', Buffer.from(`${header}\n${line}\n`, 'latin1'), BATCH_MESSAGES.notUtf8(2)],
    ['a PDF', Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n'), BATCH_MESSAGES.wrongKind('a PDF document')],
    ['an xlsx workbook', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('[Content_Types].xml')]), BATCH_MESSAGES.wrongKind('an Excel workbook (.xlsx) or another zip file')],
    ['a binary file', Buffer.from([0x41, 0x42, 0x43, 0x0a, 0x00, 0x13, 0x37, 0x00, 0x99]), BATCH_MESSAGES.wrongKind('a binary file')],
    ['an unclosed quote', Buffer.from(`${header}\n"Ann Lee,1 Main St,Portland,OR,97201,503-555-0199,1,10,8,4\nBob,2 Main St,Portland,OR,97201,503-555-0199,1,10,8,4\n`), BATCH_MESSAGES.malformed(2, 'a quoted cell is not closed (a " without its closing ")')],
    ['a line with more cells than the header', Buffer.from(`${header}\n${line}\n${line},extra\n`), BATCH_MESSAGES.malformed(3, '11 cells, but the header names 10 columns')],
    ['an unknown column', Buffer.from(`${header},colour\n${line},blue\n`), BATCH_MESSAGES.unknownHeader(['colour'])],
    ['no header', Buffer.from(`${line}\n${line}\n`), BATCH_MESSAGES.unknownHeader(['José Díaz', '1 Main St', 'Portland', 'OR', '97201', '503-555-0199', '1', '10', '8', '4'])],
    ['an empty file', Buffer.from(''), BATCH_MESSAGES.neither],
    ['a header only', Buffer.from(`${header}\n`), BATCH_MESSAGES.noRows],
    ['more than 500 rows', Buffer.from(csvOf(rowsOf(BATCH_LIMITS.rows + 1))), BATCH_MESSAGES.tooManyRows(BATCH_LIMITS.rows + 1)],
  ])('%s', async (_what, bytes, message) => {
    const customer = await newCustomer(t.app);
    const response = await post('/app/v1/labelBatches/upload', fileBody(bytes), customer.cookie);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ errorcode: -400, message: expect.stringContaining(message) });
    expect(await batchCount(customer)).toBe(0);
  });

  it('a file not sent as base64', async () => {
    const customer = await newCustomer(t.app);
    const response = await post('/app/v1/labelBatches/upload', { file: csvOf(rowsOf(2)), fileName: 'orders.csv', from: FROM }, customer.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errorcode: -400, message: "file: is not base64. Send the file's bytes base64-encoded (or the pasted cells as text)." });
    expect(await batchCount(customer)).toBe(0);
  });

  it('a cell over 1,000 characters, named with its line and column', async () => {
    const customer = await newCustomer(t.app);
    const rows = rowsOf(3, (i, row) => (i === 2 ? { ...row, comments: 'x'.repeat(1001) } : row));
    const response = await post('/app/v1/labelBatches/upload', fileBody(csvOf(rows)), customer.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('line 3: the comments cell has 1,001 characters; a cell holds at most 1,000. Shorten it in your spreadsheet and upload the file again.');
    expect(await batchCount(customer)).toBe(0);
  });

  it('a file over 512 KB', async () => {
    const customer = await newCustomer(t.app);
    const response = await post('/app/v1/labelBatches/upload', fileBody(Buffer.alloc(BATCH_LIMITS.fileBytes + 1, 0x41)), customer.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(BATCH_MESSAGES.tooLarge(BATCH_LIMITS.fileBytes));
    expect(await batchCount(customer)).toBe(0);
  });

  it('flags a duplicated row on the later row, and takes the batch once it is deleted', async () => {
    const customer = await newCustomer(t.app);
    const rows = rowsOf(3, (i, row) => (i === 3 ? { ...goodRow(1), name: 'customer  1', reference: 'again' } : row));
    const uploaded = await upload(customer, fileBody(csvOf(rows)));
    expect(uploaded.rows[0].errors).toEqual([]);
    expect(uploaded.rows[2]).toMatchObject({ state: 'invalid', errors: [{ column: null, message: BATCH_MESSAGES.duplicate(1) }] });
    const removed = await post('/app/v1/labelBatches/row/delete', { batchId: uploaded.id, row: 3 }, customer.cookie);
    expect(removed.json().data.counts).toMatchObject({ rows: 2, invalid: 0 });
    expect(removed.json().data.rows.map((row: { row: number }) => row.row)).toEqual([1, 2]);
  });

  it(`keeps at most ${BATCH_LIMITS.openBatches} batches not paid`, async () => {
    const customer = await newCustomer(t.app);
    for (let i = 0; i < BATCH_LIMITS.openBatches; i += 1) await upload(customer, fileBody(csvOf(rowsOf(1))));
    const refused = await post('/app/v1/labelBatches/upload', fileBody(csvOf(rowsOf(1))), customer.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ errorcode: -409, message: BATCH_MESSAGES.openBatches(BATCH_LIMITS.openBatches) });
    expect(await batchCount(customer)).toBe(BATCH_LIMITS.openBatches);
    // One deleted, another fits.
    const [newest] = (await get('/app/v1/labelBatches', customer.cookie)).json().data;
    expect((await post('/app/v1/labelBatches/delete', { id: newest.id }, customer.cookie)).json()).toEqual({ errorcode: 0, message: BATCH_MESSAGES.deleted });
    await upload(customer, fileBody(csvOf(rowsOf(1))));
  });

  it('answers the template, which uploads as it is', async () => {
    const customer = await newCustomer(t.app);
    const template = await get('/app/v1/labelBatches/template', customer.cookie);
    expect(template.statusCode).toBe(200);
    expect(template.headers['content-disposition']).toBe('attachment; filename="label-batch-template.csv"');
    const batch = await upload(customer, fileBody(template.rawPayload, 'label-batch-template.csv'));
    expect(batch.counts).toMatchObject({ rows: 1, invalid: 0 });
  });

  it.runIf(DIALECT === 'postgres')('deletes a batch waiting for its payment while paying it again is being written: both go through (no deadlock on PostgreSQL)', async () => {
    const customer = await newCustomer(t.app);
    const batch = await upload(customer, fileBody(csvOf(rowsOf(2))));
    await rated(customer, batch.id);
    expect((await post('/app/v1/labelBatches/pay', { id: batch.id }, customer.cookie)).json()).toMatchObject({ errorcode: LABEL_BATCH_ERRORCODE.redirect });
    const order = (await t.app.db.selectFrom('label_batches').select('payment_order_id').where('id', '=', batch.id).executeTakeFirstOrThrow()).payment_order_id!;
    // Paying again, as payLabelBatch takes its rows: the customer, the batch, then the order opened before (cancelled).
    const [paying, watcher] = await ownConnections(database.url(), 2);
    try {
      await paying!.query('begin');
      await paying!.query('select user_id from users where user_id = $1 for no key update', [customer.userId]);
      await paying!.query('update label_batches set updated_at = updated_at where id = $1', [batch.id]);
      const deleting = post('/app/v1/labelBatches/delete', { id: batch.id }, customer.cookie);
      await lockWaits(watcher!, 1, deleting);
      const orderCancelled = await paying!.query("update payment_orders set status = 'cancelled' where id = $1", [order]).then(
        () => 'written',
        (error: { code?: string }) => error.code,
      );
      await paying!.query('commit');
      expect(orderCancelled).toBe('written');
      expect((await deleting).json()).toEqual({ errorcode: 0, message: BATCH_MESSAGES.deleted });
      expect(await batchCount(customer)).toBe(0);
    } finally {
      for (const client of [paying, watcher]) await client!.end();
    }
  });
});
