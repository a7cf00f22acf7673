import {
  LABEL_FILE_ERRORCODE,
  READ_ERRORCODE,
  SHIPMENT_DETAIL_ERRORCODE,
  SHIPMENT_MESSAGES,
  UPDATE_SHIPMENT_ERRORCODE,
} from '@airbox/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_PASSWORD, insertAccountUser } from './account-fixtures.js';
import { postForm, signIn, useTestApp, useTestDatabase } from './helper.js';
import { pdfText } from './pdf-text.js';
import { insertShipment, type ShipmentFixture } from './shipment-fixtures.js';

const database = useTestDatabase();
const t = useTestApp(database, { seedDemoData: false });

interface Customer {
  userId: number;
  cookie: string;
}

async function newCustomer(): Promise<Customer> {
  const user = await insertAccountUser(t.app.db);
  const { cookie } = await signIn(t.app, user.email, FIXTURE_PASSWORD);
  return { userId: user.userId, cookie };
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

async function listOf(customer: Customer, query: Record<string, string | number> = {}) {
  const params = new URLSearchParams(Object.entries({ user_id: customer.userId, ...query }).map(([k, v]): [string, string] => [k, String(v)]));
  const response = await t.app.inject({ method: 'GET', url: `/app/v1/userGetShipment?${params}`, headers: { cookie: customer.cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { errorcode: number; message: string; data: { total: number; list: Record<string, unknown>[] } };
}

function detailOf(customer: Customer, shipmentIndexID: number, shipmentID = '') {
  const query = new URLSearchParams({ shipmentIndexID: String(shipmentIndexID), ...(shipmentID ? { shipmentID } : {}) });
  return t.app.inject({ method: 'GET', url: `/app/v1/getShipmentDetail?${query}`, headers: { cookie: customer.cookie } });
}

describe('Purchased Labels: userGetShipment', () => {
  let owner: Customer;
  let other: Customer;
  const made: Record<string, ShipmentFixture> = {};

  beforeAll(async () => {
    owner = await newCustomer();
    other = await newCustomer();
    made.draft = await insertShipment(t.app.db, owner.userId, { state: 'draft', created_at: minutesAgo(1) });
    // Paid, its label being bought: listed. An unpaid one is listed apart (getUnpaidLabelsCall).
    made.buying = await insertShipment(t.app.db, owner.userId, { state: 'buying', carrier: 'UPS', service: '2ndDayAir', created_at: minutesAgo(2), to_phone: '(206) 555-0175' });
    made.unpaid = await insertShipment(t.app.db, owner.userId, { state: 'paying', carrier: 'UPS', service: 'Ground', created_at: minutesAgo(2), to_phone: '(206) 555-0175', comments: 'Birthday present for MOM' });
    made.label = await insertShipment(t.app.db, owner.userId, {
      state: 'bought',
      created_at: minutesAgo(3),
      comments: 'Birthday present for MOM',
      box_id: '7123456',
      insured_value_cents: 10_000,
      rate_cents: 895,
      retail_cents: 1045,
    });
    made.transit = await insertShipment(t.app.db, owner.userId, { state: 'bought', carrier: 'FedEx', service: 'FEDEX_GROUND', tracker_status: 'in_transit', created_at: minutesAgo(4) });
    made.pending = await insertShipment(t.app.db, owner.userId, { state: 'refund_pending', refund_status: 'submitted', created_at: minutesAgo(5) });
    made.refunded = await insertShipment(t.app.db, owner.userId, { state: 'refunded', refund_status: 'refunded', auto_refund: 1, created_at: minutesAgo(6) });
    made.failed = await insertShipment(t.app.db, owner.userId, { state: 'failed', purchase_note: 'The carrier refused the label; your payment was refunded.', created_at: minutesAgo(7) });
    made.othersLabel = await insertShipment(t.app.db, other.userId, { state: 'bought', comments: 'Birthday present for MOM', created_at: minutesAgo(1) });
  });

  it('lists the purchases newest first, without drafts or unpaid labels, each row in the spec’s fields', async () => {
    const body = await listOf(owner);
    expect(body.errorcode).toBe(READ_ERRORCODE.ok);
    expect(body.data.total).toBe(6);
    expect(body.data.list.map((row) => row.shippingIndexID)).toEqual(
      [made.buying, made.label, made.transit, made.pending, made.refunded, made.failed].map((shipment) => shipment!.id),
    );
    expect(body.data.list.map((row) => row.status_flag)).toEqual(['0', '1', '1', '2', '2', '0']);
    const label = body.data.list[1]!;
    expect(label).toEqual({
      shipmentID: made.label!.providerShipmentId,
      shippingIndexID: made.label!.id,
      shippingdetails_id: made.label!.id,
      createTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      orderNo: made.label!.orderNo,
      rateCarrier: 'USPS',
      rateService: 'Priority',
      retailRate: '10.45',
      listRate: '10.45',
      insurance: '1.00',
      chargePrice: '1.50',
      TotalPrice: '9.95',
      trackingNum: made.label!.trackingCode,
      comments: 'Birthday present for MOM',
      status_flag: '1',
      easypostStatus: '',
      pickupId: '',
      labelURL: `/app/v1/shipments/${made.label!.id}/label.png`,
      fromAddress1: '1 Main St, Apt 2',
      fromAddress2: 'San Francisco, CA 94105',
      toAddress1: '55 Elm St',
      toAddress2: 'Portland, OR 97201',
      fromName: 'Casey Customer',
      toName: 'Maria Lopez',
      fromPhone: '415-555-0101',
      toPhone: '503-555-0199',
      height: 6,
      length: 12,
      width: 10,
      weight: 40,
      // The customer's own box: no carrier package.
      predefinedPackage: null,
      refund_status: '',
      autoRefund: false,
      purchaseNote: '',
      pickupNote: '',
      // Issue 23: not dropped off at a hub, no QR code instead of a printout, not a return label.
      dropOff: null,
      qrCode: false,
      returnOf: '',
    });
    // UPS goes out as UPSDAP; only a bought label has a labelURL (one being bought has none yet); the refund and failure facts come along.
    expect(body.data.list[0]).toMatchObject({ rateCarrier: 'UPSDAP', labelURL: '', trackingNum: '', shipmentID: made.buying!.providerShipmentId });
    expect(body.data.list[3]).toMatchObject({ refund_status: 'submitted', labelURL: '' });
    expect(body.data.list[4]).toMatchObject({ refund_status: 'refunded', autoRefund: true });
    expect(body.data.list[5]).toMatchObject({ purchaseNote: 'The carrier refused the label; your payment was refunded.' });
  });

  it('pages with start and num, the total unchanged', async () => {
    const first = await listOf(owner, { start: 0, num: 4 });
    const second = await listOf(owner, { start: 4, num: 4 });
    expect(first.data.total).toBe(6);
    expect(second.data.total).toBe(6);
    expect(first.data.list).toHaveLength(4);
    expect(second.data.list.map((row) => row.shippingIndexID)).toEqual([made.refunded!.id, made.failed!.id]);
    expect((await listOf(owner, { start: 50, num: 10 })).data).toEqual({ total: 6, list: [] });
    // A search that matches nothing says 0, on the first page and past it.
    expect((await listOf(owner, { comments: 'no such words' })).data).toEqual({ total: 0, list: [] });
    expect((await listOf(owner, { comments: 'no such words', start: 10 })).data).toEqual({ total: 0, list: [] });
  });

  it('filters by each Search Option', async () => {
    const ids = async (query: Record<string, string>) => (await listOf(owner, query)).data.list.map((row) => row.shippingIndexID);
    expect(await ids({ boxId: '71234' })).toEqual([made.label!.id]);
    expect(await ids({ trackingNum: made.transit!.trackingCode!.slice(2, 9) })).toEqual([made.transit!.id]);
    expect(await ids({ carrier: 'UPSDAP' })).toEqual([made.buying!.id]);
    expect(await ids({ carrier: 'FedEx' })).toEqual([made.transit!.id]);
    expect((await ids({ carrier: 'USPS' })).length).toBe(4);
    expect(await ids({ orderNo: made.pending!.orderNo.toLowerCase() })).toEqual([made.pending!.id]);
    expect(await ids({ service: 'fedex_gr' })).toEqual([made.transit!.id]);
    expect(await ids({ comments: 'birthday present' })).toEqual([made.label!.id]);
    // The digits of either phone, however they are written.
    expect(await ids({ mobile: '2065550175' })).toEqual([made.buying!.id]);
    expect(await ids({ mobile: '206-555' })).toEqual([made.buying!.id]);
    expect((await ids({ mobile: '415 555 0101' })).length).toBe(6);
    expect(await ids({ mobile: 'abc' })).toEqual([]);
    // Filters add up; LIKE's wildcards are plain characters.
    expect(await ids({ carrier: 'USPS', comments: 'MOM' })).toEqual([made.label!.id]);
    expect(await ids({ comments: '%' })).toEqual([]);
    expect(await ids({ orderNo: '_' })).toEqual([]);
    expect(await ids({ service: 'fedex%' })).toEqual([]);
    expect(await ids({ boxId: '%' })).toEqual([]);
    expect(await ids({ trackingNum: '_' })).toEqual([]);
    // A search's page past its end still counts what matches; a phone without a digit matches nothing, whatever else is asked.
    expect((await listOf(owner, { carrier: 'USPS', start: 50 })).data).toEqual({ total: 4, list: [] });
    expect((await listOf(owner, { carrier: 'USPS', mobile: 'abc', start: 10 })).data).toEqual({ total: 0, list: [] });
  });

  it('shows a second customer only their own labels', async () => {
    const body = await listOf(other);
    expect(body.data.total).toBe(1);
    expect(body.data.list.map((row) => row.shippingIndexID)).toEqual([made.othersLabel!.id]);
    expect((await listOf(other, { comments: 'birthday' })).data.total).toBe(1);
  });

  it('refuses a user_id that is not the session’s, and a signed-out caller', async () => {
    const forged = await t.app.inject({ method: 'GET', url: `/app/v1/userGetShipment?user_id=${other.userId}`, headers: { cookie: owner.cookie } });
    expect(forged.statusCode).toBe(403);
    expect(JSON.stringify(forged.json())).not.toContain(made.othersLabel!.orderNo);
    const anonymous = await t.app.inject({ method: 'GET', url: `/app/v1/userGetShipment?user_id=${owner.userId}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('names a bad field in a 400', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/app/v1/userGetShipment?user_id=${owner.userId}&num=0&comments=${'x'.repeat(256)}`, headers: { cookie: owner.cookie } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/num: .*comments: /);
  });
});

describe('a shipment’s details and comments', () => {
  let owner: Customer;
  let other: Customer;
  let label: ShipmentFixture;
  let draft: ShipmentFixture;

  beforeAll(async () => {
    owner = await newCustomer();
    other = await newCustomer();
    label = await insertShipment(t.app.db, owner.userId, {
      carrier: 'UPS',
      service: 'Ground',
      tracker_status: 'in_transit',
      tracking_events: JSON.stringify([
        { status: 'pre_transit', message: 'Label created', datetime: '2026-11-20T10:00:00.000Z', city: 'San Francisco', state: 'CA', zip: '94105' },
        { status: 'in_transit', message: 'Departed from facility', datetime: '2026-11-21T08:00:00.000Z', city: 'Oakland', state: 'CA', zip: null },
      ]),
      insured_value_cents: 25_000,
      tracking_token: 'tok_abcdefghijklmnopqrstuv',
      delivery_days: 3,
    });
    draft = await insertShipment(t.app.db, owner.userId, { state: 'draft' });
  });

  it('answers the spec’s detail of the owner’s shipment', async () => {
    const response = await detailOf(owner, label.id, label.providerShipmentId);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.errorcode).toBe(SHIPMENT_DETAIL_ERRORCODE.ok);
    expect(body.data).toEqual({
      comments: '',
      // Issue 25 item 3: a label at home has no customs declaration.
      customs: null,
      from_address: { name: 'Casey Customer', company: '', street1: '1 Main St', street2: 'Apt 2', city: 'San Francisco', state: 'CA', zip: '94105', country: 'US', phone: '415-555-0101', email: 'casey@example.com' },
      to_address: { name: 'Maria Lopez', company: '', street1: '55 Elm St', street2: '', city: 'Portland', state: 'OR', zip: '97201', country: 'US', phone: '503-555-0199', email: 'maria@example.com' },
      tracker: {
        status: 'in_transit',
        trackingCode: label.trackingCode,
        trackingDetails: [
          { status: 'pre_transit', message: 'Label created', datetime: '2026-11-20T10:00:00.000Z' },
          { status: 'in_transit', message: 'Departed from facility', datetime: '2026-11-21T08:00:00.000Z' },
        ],
      },
      selected_rate: { carrier: 'UPSDAP', service: 'Ground', deliveryDays: 3 },
      refund_status: '',
      discount_amount: '1.50',
      parcel: { weight: 40, height: 6, width: 10, length: 12, createdAt: expect.stringMatching(/^\d{4}-/), predefinedPackage: null },
      postage_label: { trackingCode: label.trackingCode, labelPdfUrl: `/app/v1/shipments/${label.id}/label.pdf` },
      shippingdetails_id: label.id,
      orderNo: label.orderNo,
      status_flag: '1',
      retailRate: '10.45',
      insurance: '2.50',
      TotalPrice: '11.45',
      paymentReference: expect.stringMatching(/^simulator …/),
      publicTrackingUrl: 'http://localhost:8080/app/track/tok_abcdefghijklmnopqrstuv',
      // Bought before ship dates were asked: none, and no day promised.
      shipDate: '',
      deliveryDate: null,
    });
    // Without shipmentID the row id alone is enough.
    expect((await detailOf(owner, label.id)).json().errorcode).toBe(SHIPMENT_DETAIL_ERRORCODE.ok);
  });

  it('answers " ShipmentID expired" for another’s, a missing, a draft or a mismatched shipment, alike', async () => {
    const expired = { errorcode: SHIPMENT_DETAIL_ERRORCODE.expired, message: SHIPMENT_MESSAGES.shipmentExpired };
    for (const response of [
      await detailOf(other, label.id),
      await detailOf(other, label.id, label.providerShipmentId),
      await detailOf(owner, 2_000_000_000),
      await detailOf(owner, draft.id),
      await detailOf(owner, label.id, 'shp_someone_else'),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(expired);
    }
  });

  it('saves comments with whitespace collapsed; refuses 201 characters; another’s shipment fails and stays', async () => {
    const saved = await postForm(t.app, '/app/v1/updateShipmentDetail', { shipmentIndexID: label.id, comments: '  Leave   at the\n back door ' }, owner.cookie);
    expect(saved.json()).toEqual({ errorcode: UPDATE_SHIPMENT_ERRORCODE.updated, message: 'Update success' });
    expect((await detailOf(owner, label.id)).json().data.comments).toBe('Leave at the back door');

    const tooLong = await postForm(t.app, '/app/v1/updateShipmentDetail', { shipmentIndexID: label.id, comments: 'x'.repeat(201) }, owner.cookie);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe('comments: Comments must be at most 200 characters');
    expect((await postForm(t.app, '/app/v1/updateShipmentDetail', { shipmentIndexID: label.id, comments: `${'y'.repeat(200)}   ` }, owner.cookie)).json().errorcode).toBe(
      UPDATE_SHIPMENT_ERRORCODE.updated,
    );

    for (const [customer, id] of [[other, label.id], [owner, draft.id], [owner, 2_000_000_000]] as const) {
      const refused = await postForm(t.app, '/app/v1/updateShipmentDetail', { shipmentIndexID: id, comments: 'hijacked' }, customer.cookie);
      expect(refused.statusCode).toBe(200);
      expect(refused.json()).toEqual({ errorcode: UPDATE_SHIPMENT_ERRORCODE.failed, message: ' Failure' });
    }
    expect((await detailOf(owner, label.id)).json().data.comments).toBe('y'.repeat(200));
  });
});

describe('label files', () => {
  let owner: Customer;
  let other: Customer;
  let label: ShipmentFixture;
  let unpaid: ShipmentFixture;
  let refunded: ShipmentFixture;

  beforeAll(async () => {
    owner = await newCustomer();
    other = await newCustomer();
    label = await insertShipment(t.app.db, owner.userId);
    unpaid = await insertShipment(t.app.db, owner.userId, { state: 'paying' });
    refunded = await insertShipment(t.app.db, owner.userId, { state: 'refunded', refund_status: 'refunded' });
  });

  const labelUrlOf = async (customer: Customer, id: number) =>
    (await listOf(customer)).data.list.find((row) => row.shippingIndexID === id)?.labelURL as string;

  it('getShippingLabel answers the owner’s PNG as base64, from the row’s labelURL', async () => {
    const labelURL = await labelUrlOf(owner, label.id);
    const response = await postForm(t.app, '/app/v1/getShippingLabel', { label_url: labelURL }, owner.cookie);
    expect(response.json().errorcode).toBe(LABEL_FILE_ERRORCODE.ok);
    const png = Buffer.from(response.json().data, 'base64');
    expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    // An absolute URL of the same path is the same label.
    const absolute = await postForm(t.app, '/app/v1/getShippingLabel', { label_url: `http://localhost:8080${labelURL}` }, owner.cookie);
    expect(absolute.json().data).toBe(response.json().data);
  });

  it('getShippingLabel gives nothing of another’s, an unpaid or a refunded label, or a made-up URL', async () => {
    const none = { errorcode: LABEL_FILE_ERRORCODE.none, message: SHIPMENT_MESSAGES.notFound, data: '' };
    for (const [customer, url] of [
      [other, `/app/v1/shipments/${label.id}/label.png`],
      [owner, `/app/v1/shipments/${unpaid.id}/label.png`],
      [owner, `/app/v1/shipments/${refunded.id}/label.png`],
      [owner, `/app/v1/shipments/${label.id}/label.png/../../../${label.id}`],
      [owner, 'https://evil.example/label.png'],
    ] as const) {
      expect((await postForm(t.app, '/app/v1/getShippingLabel', { label_url: url }, customer.cookie)).json()).toEqual(none);
    }
  });

  it('downloadLabelPdf sends the owner’s label as a PDF attachment named by the order', async () => {
    const response = await postForm(t.app, '/app/v1/downloadLabelPdf', { shipmentId: label.providerShipmentId }, owner.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="label-${label.orderNo}.pdf"`);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('downloadLabelPdf answers 404 in JSON for another’s, an unpaid or a refunded label', async () => {
    for (const [customer, shipmentId] of [
      [other, label.providerShipmentId],
      [owner, unpaid.providerShipmentId],
      [owner, refunded.providerShipmentId],
      [owner, 'shp_nothing'],
    ] as const) {
      const response = await postForm(t.app, '/app/v1/downloadLabelPdf', { shipmentId }, customer.cookie);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ errorcode: LABEL_FILE_ERRORCODE.none, message: SHIPMENT_MESSAGES.notFound });
    }
    expect((await postForm(t.app, '/app/v1/downloadLabelPdf', { shipmentId: '' }, owner.cookie)).statusCode).toBe(400);
  });

  it('the labelURL and labelPdfUrl show the file to its owner only, never cached', async () => {
    const png = await t.app.inject({ method: 'GET', url: `/app/v1/shipments/${label.id}/label.png`, headers: { cookie: owner.cookie } });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['content-disposition']).toBe(`inline; filename="label-${label.orderNo}.png"`);
    expect(png.headers['cache-control']).toBe('no-store');
    expect(png.rawPayload.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    const pdfUrl = (await detailOf(owner, label.id)).json().data.postage_label.labelPdfUrl;
    const pdf = await t.app.inject({ method: 'GET', url: pdfUrl, headers: { cookie: owner.cookie } });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const stranger = await t.app.inject({ method: 'GET', url: `/app/v1/shipments/${label.id}/label.png`, headers: { cookie: other.cookie } });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({ errorcode: LABEL_FILE_ERRORCODE.none, message: SHIPMENT_MESSAGES.notFound });
    expect((await t.app.inject({ method: 'GET', url: `/app/v1/shipments/${label.id}/label.pdf` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/app/v1/shipments/99999999999/label.png', headers: { cookie: owner.cookie } })).statusCode).toBe(400);
  });
});

describe('invoices', () => {
  let owner: Customer;
  let other: Customer;
  let label: ShipmentFixture;
  let unpaid: ShipmentFixture;
  let failed: ShipmentFixture;
  let refunded: ShipmentFixture;

  beforeAll(async () => {
    owner = await newCustomer();
    other = await newCustomer();
    label = await insertShipment(t.app.db, owner.userId, { insured_value_cents: 20_000, carrier: 'FedEx', service: 'FEDEX_2_DAY' });
    unpaid = await insertShipment(t.app.db, owner.userId, { state: 'paying' });
    failed = await insertShipment(t.app.db, owner.userId, { state: 'failed' });
    refunded = await insertShipment(t.app.db, owner.userId, { state: 'refunded', refund_status: 'refunded', refunded_at: '2026-11-20T12:00:00.000Z' });
  });

  it('getInvoice answers where the owner views a paid label’s invoice; the PDF is real and names the invoice', async () => {
    const response = await postForm(t.app, '/app/v1/getInvoice', { shippingIndexID: label.id }, owner.cookie);
    expect(response.json()).toEqual({ errorcode: LABEL_FILE_ERRORCODE.ok, message: 'success', invoiceUrl: `/app/v1/shipments/${label.id}/invoice.pdf` });
    const pdf = await t.app.inject({ method: 'GET', url: response.json().invoiceUrl, headers: { cookie: owner.cookie } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`inline; filename="invoice-${label.orderNo}.pdf"`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain(`Invoice number: ${label.invoiceNo}`);
    expect(text).toContain(`Order number: ${label.orderNo}`);
    expect(text).toContain(`Tracking number: ${label.trackingCode}`);
    expect(text).toContain('Carrier: FedEx');
    // The service named once (issue 21 item 9): FEDEX_2_DAY is not in this database's renaming list.
    expect(text).toContain('Service: FedEx 2 Day');
    expect(text).toContain('Postage: FedEx 2 Day (retail price)');
    expect(text).not.toContain('FedEx FedEx');
    expect(text).toContain('Insurance for a declared value of $200.00');
    expect(text).toContain('$10.45');
    expect(text).toContain('-$1.50');
    expect(text).toContain('$2.00');
    expect(text).toContain('$10.95 USD');
    expect(text).toContain('Casey Customer');
    expect(text).toMatch(/Payment reference: simulator \.\.\.[0-9A-F]{8}/);
    expect(text).not.toContain('Refunded');
  });

  it('a refunded label’s invoice says so; downloadInvoice sends it as an attachment', async () => {
    const response = await postForm(t.app, '/app/v1/downloadInvoice', { shippingIndexID: refunded.id }, owner.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="invoice-${refunded.orderNo}.pdf"`);
    expect(pdfText(response.rawPayload)).toContain('Refunded on November 20, 2026');
  });

  it('"This order has no invoice information!" for an unpaid, a failed or another’s purchase', async () => {
    const none = { errorcode: LABEL_FILE_ERRORCODE.none, message: 'This order has no invoice information!' };
    for (const [customer, id] of [[owner, unpaid.id], [owner, failed.id], [other, label.id], [owner, 2_000_000_000]] as const) {
      expect((await postForm(t.app, '/app/v1/getInvoice', { shippingIndexID: id }, customer.cookie)).json()).toEqual({ ...none, invoiceUrl: '' });
      const download = await postForm(t.app, '/app/v1/downloadInvoice', { shippingIndexID: id }, customer.cookie);
      expect(download.statusCode).toBe(404);
      expect(download.json()).toEqual(none);
      const view = await t.app.inject({ method: 'GET', url: `/app/v1/shipments/${id}/invoice.pdf`, headers: { cookie: customer.cookie } });
      expect(view.statusCode).toBe(404);
    }
  });
});
