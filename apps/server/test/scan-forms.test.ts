import { SCAN_FORM_ERRORCODE, SCAN_FORM_LIMITS, SCAN_FORM_MESSAGES } from '@airbox/contract';
import { describe, expect, it } from 'vitest';
import { type SimulatorCarriersProvider, storeSeededLabel } from '../src/providers/carriers/simulator-carriers-provider.js';
import { createDatabaseSimulatorStore } from '../src/providers/carriers/simulator-store.js';
import { useTestApp, useTestDatabase } from './helper.js';
import { newCustomer } from './ledger-fixtures.js';
import { pdfText } from './pdf-text.js';
import { insertShipment } from './shipment-fixtures.js';

const database = useTestDatabase();
const t = useTestApp(database);

type Customer = Awaited<ReturnType<typeof newCustomer>>;

/**
 * A bought label of the customer that the carriers simulator knows as bought (as a label bought
 * through it is): its row, and the simulator's shipment with the same sender.
 */
async function boughtLabel(customer: Customer, overrides: Parameters<typeof insertShipment>[2] = {}) {
  const label = await insertShipment(t.app.db, customer.userId, { carrier: 'USPS', service: 'Priority', ...overrides }, { labels: false, invoice: false });
  if (!label.trackingCode) return label;
  const row = await t.app.db.selectFrom('shipments').selectAll().where('id', '=', label.id).executeTakeFirstOrThrow();
  await storeSeededLabel(createDatabaseSimulatorStore(t.app.db), {
    shipmentId: label.providerShipmentId,
    trackerId: row.tracker_id ?? `trk_${label.id}`,
    trackingCode: label.trackingCode,
    carrier: row.carrier === 'USPS' ? 'USPS' : row.carrier === 'UPS' ? 'UPS' : 'FedEx',
    service: row.service,
    priceCents: row.rate_cents,
    deliveryDays: 2,
    from: { name: 'Casey Customer', street1: row.from_address1, street2: row.from_address2, city: row.from_city, state: row.from_state, zip: row.from_zipcode },
    to: { name: 'Maria Lopez', street1: row.to_address1, city: row.to_city, state: row.to_state, zip: row.to_zipcode },
    parcel: { lengthIn: 12, widthIn: 10, heightIn: 6, weightOz: row.weight_oz },
    insuredCents: 0,
    boughtAt: t.config.clock(),
    events: [],
    refund: null,
  });
  return label;
}

/** A JSON call as the web app sends it. */
function create(customer: Customer, shipmentIds: unknown) {
  return t.app.inject({ method: 'POST', url: '/app/v1/scanForms/create', payload: { shipmentIds }, headers: { cookie: customer.cookie } });
}

const list = (customer: Customer) => t.app.inject({ method: 'GET', url: '/app/v1/scanForms/list?start=0&num=10', headers: { cookie: customer.cookie } });

const download = (customer: Customer, id: number) =>
  t.app.inject({ method: 'POST', url: '/app/v1/scanForms/download', payload: `id=${id}`, headers: { cookie: customer.cookie, 'content-type': 'application/x-www-form-urlencoded' } });

describe('scan forms (issue 25 item 2)', () => {
  it('makes one scan form for three USPS labels, whose PDF lists their tracking numbers under one barcode', async () => {
    const customer = await newCustomer(t.app);
    const labels = [await boughtLabel(customer), await boughtLabel(customer), await boughtLabel(customer)];
    const response = await create(customer, labels.map((label) => label.id));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ errorcode: SCAN_FORM_ERRORCODE.ok, message: SCAN_FORM_MESSAGES.created(3) });
    expect(body.data).toMatchObject({ status: 'created', scanFormId: expect.stringMatching(/^sf_/), fromAddress: expect.stringContaining('1 Main St') });
    expect(body.data.labels.map((label: { orderNo: string; trackingNum: string }) => [label.orderNo, label.trackingNum])).toEqual(labels.map((label) => [label.orderNo, label.trackingCode]));

    const listed = (await list(customer)).json();
    expect(listed.data.total).toBe(1);
    expect(listed.data.list[0]).toMatchObject({ id: body.data.id, status: 'created' });

    const file = await download(customer, body.data.id);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="scan-form-${body.data.id}.pdf"`);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(file.rawPayload);
    expect(text).toContain('USPS SCAN FORM');
    expect(text).toContain('PS Form 5630');
    expect(text).toContain('Total pieces: 3');
    for (const label of labels) expect(text).toContain(label.trackingCode);
  });

  it('makes the form once when the same labels are sent twice at once, and answers the replay with it', async () => {
    const customer = await newCustomer(t.app);
    const ids = [(await boughtLabel(customer)).id, (await boughtLabel(customer)).id];
    const answers = await Promise.all([create(customer, ids), create(customer, ids), create(customer, [...ids].reverse())]);
    const made = answers.map((answer) => answer.json());
    for (const answer of made) expect(answer.errorcode).toBe(SCAN_FORM_ERRORCODE.ok);
    expect(new Set(made.map((answer) => answer.data.id)).size).toBe(1);
    // The request that wrote the form asked the carrier; the others answered it as it stood (being made, or made).
    expect(new Set(made.map((answer) => answer.data.scanFormId).filter(Boolean)).size).toBe(1);
    for (const answer of made) expect(['creating', 'created']).toContain(answer.data.status);
    const listed = (await list(customer)).json().data;
    expect(listed.total).toBe(1);
    expect(listed.list[0]).toMatchObject({ status: 'created', scanFormId: made.find((answer) => answer.data.scanFormId)?.data.scanFormId });
    // Sent again later: the same form.
    expect((await create(customer, ids)).json().data.id).toBe(made[0].data.id);
  });

  it('refuses, naming each label and why: another carrier, refunded, already on a form, another sender, another customer’s, none made', async () => {
    const customer = await newCustomer(t.app);
    const other = await newCustomer(t.app);
    const good = await boughtLabel(customer);
    const onForm = await boughtLabel(customer);
    expect((await create(customer, [onForm.id])).json().errorcode).toBe(SCAN_FORM_ERRORCODE.ok);
    const formId = (await list(customer)).json().data.list[0].id;
    const fedex = await boughtLabel(customer, { carrier: 'FedEx', service: 'FEDEX_GROUND' });
    const refunded = await boughtLabel(customer, { state: 'refunded' });
    const elsewhere = await boughtLabel(customer, { from_address1: '9 Oak St' });
    const scanned = await boughtLabel(customer, { tracker_status: 'in_transit' });
    const theirs = await boughtLabel(other);

    const response = await create(customer, [good.id, fedex.id, refunded.id, onForm.id, elsewhere.id, scanned.id, theirs.id]);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.errorcode).toBe(SCAN_FORM_ERRORCODE.refused);
    expect(body.message).toBe(
      SCAN_FORM_MESSAGES.refused([
        `Order ${fedex.orderNo}: ${SCAN_FORM_MESSAGES.notUsps}`,
        `Order ${refunded.orderNo}: ${SCAN_FORM_MESSAGES.refunded}`,
        `Order ${onForm.orderNo}: ${SCAN_FORM_MESSAGES.onScanForm(formId)}`,
        `Order ${elsewhere.orderNo}: ${SCAN_FORM_MESSAGES.otherSender}`,
        `Order ${scanned.orderNo}: ${SCAN_FORM_MESSAGES.scanned}`,
        `Label #${theirs.id}: ${SCAN_FORM_MESSAGES.noSuchLabel}`,
      ]),
    );
    // Nothing was made, and the good label is still free.
    expect((await list(customer)).json().data.total).toBe(1);
    expect((await create(customer, [good.id])).json().errorcode).toBe(SCAN_FORM_ERRORCODE.ok);
    // Another customer's form is not found for them.
    expect((await download(other, formId)).statusCode).toBe(404);
  });

  it('refuses a label whose ship date has passed and labels of two ship dates', async () => {
    const customer = await newCustomer(t.app);
    const today = await boughtLabel(customer);
    const past = await boughtLabel(customer, { ship_date: '2020-01-02' });
    const later = await boughtLabel(customer, { ship_date: '2099-01-05' });
    const body = (await create(customer, [today.id, past.id, later.id])).json();
    expect(body.errorcode).toBe(SCAN_FORM_ERRORCODE.refused);
    expect(body.message).toContain(`Order ${past.orderNo}: ${SCAN_FORM_MESSAGES.shipDatePassed('2020-01-02')}`);
    expect(body.message).toContain(`Order ${later.orderNo}: ${SCAN_FORM_MESSAGES.otherShipDate}`);
  });

  it('refuses a list that is empty, too long, not ids or past int4, naming shipmentIds', async () => {
    const customer = await newCustomer(t.app);
    for (const shipmentIds of [[], Array.from({ length: SCAN_FORM_LIMITS.labelsMax + 1 }, (_, index) => index + 1), ['x'], 'x', [2_147_483_648], '1,\u0000']) {
      const response = await create(customer, shipmentIds);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain('shipmentIds');
    }
  });

  it('frees the labels when the carrier refuses the form, and says the carrier did not answer with a 503 (the retry makes it)', async () => {
    const customer = await newCustomer(t.app);
    const ids = [(await boughtLabel(customer)).id, (await boughtLabel(customer)).id];
    const simulator = t.app.carriers as SimulatorCarriersProvider;
    simulator.failNext('createScanForm', 'INVALID_REQUEST');
    const refused = (await create(customer, ids)).json();
    expect(refused).toMatchObject({ errorcode: SCAN_FORM_ERRORCODE.refused, message: expect.stringContaining('USPS did not make the scan form') });
    expect((await list(customer)).json().data.list[0]).toMatchObject({ status: 'failed', labels: [] });

    simulator.failNext('createScanForm', 'UNAVAILABLE');
    expect((await create(customer, ids)).statusCode).toBe(503);
    const retried = (await create(customer, ids)).json();
    expect(retried).toMatchObject({ errorcode: SCAN_FORM_ERRORCODE.ok, data: { status: 'created' } });
    expect((await list(customer)).json().data.total).toBe(2);
  });

  it('answers the form the carrier made when its answer was lost: the retry looks it up, never asks again (the carrier refuses a repeat)', async () => {
    const customer = await newCustomer(t.app);
    const ids = [(await boughtLabel(customer)).id, (await boughtLabel(customer)).id];
    const simulator = t.app.carriers as SimulatorCarriersProvider;
    simulator.failNext('createScanForm', 'UNAVAILABLE', { afterEffect: true });
    expect((await create(customer, ids)).statusCode).toBe(503);
    const retried = (await create(customer, ids)).json();
    expect(retried).toMatchObject({ errorcode: SCAN_FORM_ERRORCODE.ok, data: { status: 'created', scanFormId: expect.stringMatching(/^sf_/) } });
    const listed = (await list(customer)).json().data;
    expect(listed.total).toBe(1);
    expect(listed.list[0]).toMatchObject({ status: 'created', labels: ids.map((id) => ({ shippingdetails_id: id })) });
  });

  it('keeps a refunded label on its form, marked refunded, with a note', async () => {
    const customer = await newCustomer(t.app);
    const labels = [await boughtLabel(customer), await boughtLabel(customer)];
    const made = (await create(customer, labels.map((label) => label.id))).json();
    await t.app.db.updateTable('shipments').set({ state: 'refunded' }).where('id', '=', labels[1]!.id).execute();
    const form = (await list(customer)).json().data.list[0];
    expect(form.id).toBe(made.data.id);
    expect(form.labels.map((label: { refunded: boolean }) => label.refunded)).toEqual([false, true]);
    expect(form.note).toBe(SCAN_FORM_MESSAGES.refundedOnForm);
  });

  it(`refuses a ${SCAN_FORM_LIMITS.formsPerDay + 1}th form in 24 hours with 409`, async () => {
    const customer = await newCustomer(t.app);
    const nowIso = t.config.clock().toISOString();
    await t.app.db
      .insertInto('scan_forms')
      .values(
        Array.from({ length: SCAN_FORM_LIMITS.formsPerDay }, () => ({ user_id: customer.userId, provider: 'simulator', provider_scan_form_id: null, status: 'created' as const, ship_date: '2026-11-27', created_at: nowIso, updated_at: nowIso })),
      )
      .execute();
    const response = await create(customer, [(await boughtLabel(customer)).id]);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ errorcode: SCAN_FORM_ERRORCODE.limitReached, message: SCAN_FORM_MESSAGES.perDay(SCAN_FORM_LIMITS.formsPerDay) });
  });

  it(`makes one of four forms asked at once when only one is left of the ${SCAN_FORM_LIMITS.formsPerDay} a day`, async () => {
    const customer = await newCustomer(t.app);
    const nowIso = t.config.clock().toISOString();
    await t.app.db
      .insertInto('scan_forms')
      .values(
        Array.from({ length: SCAN_FORM_LIMITS.formsPerDay - 1 }, () => ({ user_id: customer.userId, provider: 'simulator', provider_scan_form_id: null, status: 'created' as const, ship_date: '2026-11-27', created_at: nowIso, updated_at: nowIso })),
      )
      .execute();
    const labels = [];
    for (let index = 0; index < 4; index += 1) labels.push(await boughtLabel(customer));
    const answers = await Promise.all(labels.map((label) => create(customer, [label.id])));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect((await list(customer)).json().data.total).toBe(SCAN_FORM_LIMITS.formsPerDay);
  });

});
