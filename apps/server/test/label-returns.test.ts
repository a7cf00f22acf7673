import { LABEL_PURCHASE_ERRORCODE, LABEL_RETURN_MESSAGES, RETURN_LABEL_ERRORCODE, RETURN_LABEL_SENDS_PER_DAY } from '@airbox/contract';
import { describe, expect, it } from 'vitest';
import { labelBrokerPayload } from '../src/providers/carriers/simulator-qr-code.js';
import { mailsOf, postForm, rawMailsTo, signIn, useTestApp, useTestDatabase } from './helper.js';
import { newCustomer } from './ledger-fixtures.js';
import { paymentSteps } from './payment-fixtures.js';

/*
 * QR-code labels and return labels (issue 23 items 2 and 3) through the carriers simulator, on
 * SQLite and PostgreSQL: a USPS label bought with its QR code (row, image, the label-ready mail
 * carrying it), a QR code refused for a carrier without one; a return label rated from a bought
 * label with the addresses swapped and bought through the same checkout; a return label mailed
 * (PDF and QR code attached), limited per day; another customer's label refused throughout.
 */

const database = useTestDatabase();
const t = useTestApp(database, { seedDemoData: true, carriers: { provider: 'simulator', webhookSecret: undefined, stepMinutes: 0 } });
const { approve, follow } = paymentSteps(t);

type Customer = Awaited<ReturnType<typeof newCustomer>>;

const FROM = { firstName: 'Casey', lastName: 'Customer', company: '', address1: '1 Main St', address2: '', city: 'San Francisco', state: 'CA', zipcode: '94105', phone: '415-555-0101', email: '', residential: false };
const TO = { firstName: 'Maria', lastName: 'Lopez', company: '', address1: '55 Elm St', address2: '', city: 'Portland', state: 'OR', zipcode: '97201', phone: '503-555-0199', email: 'maria@example.com', residential: true };
const ORDER = { from: FROM, to: TO, parcel: { length: 12, width: 10, height: 6, weightLb: 2, weightOz: 8 }, insuredValue: 0, comments: '' };

async function rate(customer: Customer, payload: Record<string, unknown> = ORDER) {
  const rated = await t.app.inject({ method: 'POST', url: '/app/v1/labelPurchase/rates', payload, headers: { cookie: customer.cookie } });
  return rated;
}

/** Rated (optionally as a return), paid for the carrier's first rate through the payment simulator, bought. */
async function bought(customer: Customer, options: { carrier?: string; qrCode?: boolean; payload?: Record<string, unknown> } = {}) {
  const rated = await rate(customer, options.payload);
  expect(rated.json(), rated.body).toMatchObject({ errorcode: LABEL_PURCHASE_ERRORCODE.ok });
  const { draftId, rates } = rated.json().data as { draftId: number; rates: { rateId: string; carrier: string }[] };
  const chosen = rates.find((candidate) => candidate.carrier === (options.carrier ?? 'USPS'))!;
  const buy = await t.app.inject({ method: 'POST', url: '/app/v1/labelPurchase/buy', payload: { draftId, rateId: chosen.rateId, qrCode: options.qrCode ?? false }, headers: { cookie: customer.cookie } });
  expect(buy.statusCode, buy.body).toBe(200);
  const token = new URL(buy.json().redirectURL as string).searchParams.get('token')!;
  await follow(await approve(token), customer.cookie);
  const row = await t.app.db.selectFrom('shipments').selectAll().where('id', '=', draftId).executeTakeFirstOrThrow();
  expect(row.state).toBe('bought');
  return row;
}

async function listRow(customer: Customer, id: number) {
  const list = await t.app.inject({ method: 'GET', url: `/app/v1/userGetShipment?user_id=${customer.userId}&start=0&num=50`, headers: { cookie: customer.cookie } });
  return list.json().data.list.find((row: { shippingIndexID: number }) => row.shippingIndexID === id);
}

describe('QR-code labels (issue 23 item 2)', () => {
  it('buys a USPS label with its QR code: the row says so, the image is a PNG, the label-ready mail carries it', async () => {
    const customer = await newCustomer(t.app);
    const row = await bought(customer, { qrCode: true });
    expect(row.label_qr_code).toBe(1);
    expect(await listRow(customer, row.id)).toMatchObject({ qrCode: true, returnOf: '' });
    const qr = await postForm(t.app, '/app/v1/getLabelQrCode', { shippingIndexID: row.id }, customer.cookie);
    expect(qr.json()).toMatchObject({ errorcode: 0 });
    const png = Buffer.from(qr.json().data as string, 'base64');
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(png.readUInt32BE(16)).toBe(png.readUInt32BE(20));
    expect(labelBrokerPayload('pl_x', row.tracking_code!)).toContain(`TRK:${row.tracking_code}`);
    const [mail] = await rawMailsTo(t, customer.email);
    expect(mail).toContain(`label ${row.order_no} is ready`);
    expect(mail).toContain(`filename=label-${row.order_no}-qr-code.png`);
    const text = (await mailsOf(t)).find((m) => m.to === customer.email && m.subject.includes(row.order_no))!.text;
    expect(text).toContain('No printer needed: show the attached QR code');
  });

  it('a label bought without it has no QR code', async () => {
    const customer = await newCustomer(t.app);
    const row = await bought(customer);
    expect(await listRow(customer, row.id)).toMatchObject({ qrCode: false });
    const qr = await postForm(t.app, '/app/v1/getLabelQrCode', { shippingIndexID: row.id }, customer.cookie);
    expect(qr.json()).toMatchObject({ errorcode: -1, data: '' });
  });

  it('refuses a QR code for a carrier without one, naming the field, before any payment opens', async () => {
    const customer = await newCustomer(t.app);
    const { draftId, rates } = (await rate(customer)).json().data as { draftId: number; rates: { rateId: string; carrier: string }[] };
    const fedex = rates.find((candidate) => candidate.carrier === 'FedEx')!;
    const refused = await t.app.inject({ method: 'POST', url: '/app/v1/labelPurchase/buy', payload: { draftId, rateId: fedex.rateId, qrCode: true }, headers: { cookie: customer.cookie } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(LABEL_RETURN_MESSAGES.qrCodeNotOffered('FedEx'));
    const row = await t.app.db.selectFrom('shipments').select(['state', 'payment_order_id']).where('id', '=', draftId).executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 'draft', payment_order_id: null });
  });

  it('another customer’s QR code answers as none', async () => {
    const owner = await newCustomer(t.app);
    const row = await bought(owner, { qrCode: true });
    const other = await newCustomer(t.app);
    const qr = await postForm(t.app, '/app/v1/getLabelQrCode', { shippingIndexID: row.id }, other.cookie);
    expect(qr.json()).toMatchObject({ errorcode: -1, data: '' });
  });
});

describe('return labels (issue 23 item 3)', () => {
  const swapped = { ...ORDER, from: { ...TO, saveRecipient: false }, to: FROM };

  it('rates a return of a bought label with the addresses swapped, buys it through the same checkout, and lists what it returns', async () => {
    const customer = await newCustomer(t.app);
    const outbound = await bought(customer);
    const rated = await rate(customer, { ...swapped, returnOf: outbound.id });
    expect(rated.json()).toMatchObject({ errorcode: LABEL_PURCHASE_ERRORCODE.ok });
    const draft = await t.app.db.selectFrom('shipments').selectAll().where('id', '=', rated.json().data.draftId).executeTakeFirstOrThrow();
    expect(draft.return_of_id).toBe(outbound.id);
    expect([draft.from_city, draft.to_city]).toEqual(['Portland', 'San Francisco']);
    const returned = await bought(customer, { qrCode: true, payload: { ...swapped, returnOf: outbound.id } });
    expect(returned.return_of_id).toBe(outbound.id);
    expect(await listRow(customer, returned.id)).toMatchObject({ returnOf: outbound.order_no, qrCode: true, fromName: 'Maria Lopez', toName: 'Casey Customer' });
  });

  it('refuses a return of another customer’s label, of a draft and of no label, naming the field', async () => {
    const owner = await newCustomer(t.app);
    const outbound = await bought(owner);
    const other = await newCustomer(t.app);
    const { draftId } = (await rate(other)).json().data as { draftId: number };
    for (const returnOf of [outbound.id, draftId, 999_999]) {
      const refused = await rate(other, { ...swapped, returnOf });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(LABEL_RETURN_MESSAGES.returnOfNotFound);
    }
  });

  it('mails a return label to the person who will use it, the PDF and QR code attached, with a copy to the customer', async () => {
    const customer = await newCustomer(t.app);
    const outbound = await bought(customer);
    const returned = await bought(customer, { qrCode: true, payload: { ...swapped, returnOf: outbound.id } });
    const sent = await t.app.inject({
      method: 'POST',
      url: '/app/v1/labelPurchase/sendReturnLabel',
      payload: { id: returned.id, email: 'maria.sender@example.com', copyMe: true },
      headers: { cookie: customer.cookie },
    });
    expect(sent.json()).toEqual({ errorcode: RETURN_LABEL_ERRORCODE.ok, message: LABEL_RETURN_MESSAGES.sent('maria.sender@example.com') });
    const [mail] = await rawMailsTo(t, 'maria.sender@example.com');
    expect(mail).toMatch(/Subject: .*a return label from/);
    expect(mail).toContain(`filename=return-label-${returned.order_no}.pdf`);
    expect(mail).toContain(`filename=label-${returned.order_no}-qr-code.png`);
    const copy = (await mailsOf(t)).find((m) => m.to === customer.email && m.subject.includes(`return label ${returned.order_no} was sent to maria.sender@example.com`));
    expect(copy?.text).toContain('A copy is attached.');
  });

  it('refuses to send a label that is not a return, another customer’s, and a bad address; limits the day’s sends', async () => {
    const customer = await newCustomer(t.app);
    const outbound = await bought(customer);
    const send = (who: Customer, id: number, email = 'someone@example.com') =>
      t.app.inject({ method: 'POST', url: '/app/v1/labelPurchase/sendReturnLabel', payload: { id, email }, headers: { cookie: who.cookie } });
    const notReturn = await send(customer, outbound.id);
    expect(notReturn.statusCode).toBe(404);
    expect(notReturn.json()).toMatchObject({ errorcode: RETURN_LABEL_ERRORCODE.notFound });
    const returned = await bought(customer, { payload: { ...swapped, returnOf: outbound.id } });
    const other = await newCustomer(t.app);
    expect((await send(other, returned.id)).statusCode).toBe(404);
    const badAddress = await send(customer, returned.id, 'not-an-address');
    expect(badAddress.statusCode).toBe(400);
    expect(badAddress.body).toContain(LABEL_RETURN_MESSAGES.emailRequired);
    for (let n = 0; n < RETURN_LABEL_SENDS_PER_DAY; n += 1) expect((await send(customer, returned.id)).statusCode).toBe(200);
    const tooMany = await send(customer, returned.id);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toMatchObject({ errorcode: RETURN_LABEL_ERRORCODE.limitReached, message: LABEL_RETURN_MESSAGES.perDay(RETURN_LABEL_SENDS_PER_DAY) });
  });
});

describe('demo data (issue 23 items 2 and 3)', () => {
  it('the demo customer has a return label of their delivered label, with its QR code', async () => {
    const { cookie, userId } = await signIn(t.app, 'demo@example.com');
    const list = await t.app.inject({ method: 'GET', url: `/app/v1/userGetShipment?user_id=${userId}&start=0&num=50`, headers: { cookie } });
    const rows = list.json().data.list as { shippingIndexID: number; orderNo: string; returnOf: string; qrCode: boolean; easypostStatus: string; rateCarrier: string; fromName: string; toName: string }[];
    const returned = rows.find((row) => row.returnOf !== '')!;
    const outbound = rows.find((row) => row.orderNo === returned.returnOf)!;
    expect(outbound.easypostStatus).toBe('delivered');
    expect(returned).toMatchObject({ qrCode: true, rateCarrier: 'USPS', fromName: outbound.toName, toName: outbound.fromName });
    const qr = await postForm(t.app, '/app/v1/getLabelQrCode', { shippingIndexID: returned.shippingIndexID }, cookie);
    expect(qr.json().errorcode).toBe(0);
  });
});
