import { CARRIER_PACKAGE_MESSAGES, LABEL_PURCHASE_ERRORCODE, rateLabelCall, saveOrderForLaterCall } from '@airbox/contract';
import { describe, expect, it } from 'vitest';
import { ratingNotes } from '../src/modules/shipments/carrier-packaging.js';
import { postForm, useTestApp, useTestDatabase } from './helper.js';
import { newCustomer } from './ledger-fixtures.js';
import { paymentSteps } from './payment-fixtures.js';
import { pdfText } from './pdf-text.js';
import { LABEL_PAGE_ORDER, insertShipment } from './shipment-fixtures.js';

/**
 * Carrier packaging (issue 21 item 12) through the local carrier simulator: a label in a USPS
 * Flat Rate package is rated by USPS alone, as EasyPost rates it, and every screen's data and the
 * invoice name the package instead of its sides. Bodies as the web app sends them.
 */
const database = useTestDatabase();
const t = useTestApp(database, { carriers: { provider: 'simulator', webhookSecret: undefined, stepMinutes: 0 } });
const { approve, follow } = paymentSteps(t);

type Customer = Awaited<ReturnType<typeof newCustomer>>;

/** The Package step's values as its form holds them: the box chosen, its sides left empty. */
const SMALL_FLAT_RATE = { predefinedPackage: 'SmallFlatRateBox', length: '', width: '', height: '', weightLb: '2', weightOz: '' };
const ORDER = { ...LABEL_PAGE_ORDER, parcel: SMALL_FLAT_RATE };

const post = (path: string, payload: object, cookie: string) => t.app.inject({ method: 'POST', url: path, payload, headers: { cookie } });
const shipmentCount = async (customer: Customer) =>
  Number((await t.app.db.selectFrom('shipments').select((eb) => eb.fn.countAll().as('count')).where('user_id', '=', customer.userId).executeTakeFirstOrThrow()).count);

describe('a label in a USPS Flat Rate package', () => {
  it('is rated by USPS alone (Priority Mail at the Flat Rate price), the other carriers saying why', async () => {
    const customer = await newCustomer(t.app);
    const rated = await post(rateLabelCall.path, ORDER, customer.cookie);
    expect(rated.json(), rated.body).toMatchObject({ errorcode: LABEL_PURCHASE_ERRORCODE.ok });
    const { rates, messages } = rated.json().data as { rates: { carrier: string; service: string; rate: string }[]; messages: string[] };
    expect(rates.map((rate) => [rate.carrier, rate.service, rate.rate])).toEqual([['USPS', 'Priority', '10.65']]);
    // The other carriers' refusals of USPS packaging are said once, in the customer's words.
    expect(messages).toEqual(['USPS Small Flat Rate Box: only USPS rates its own Flat Rate packaging, so only USPS services are offered.']);
    // A Flat Rate envelope also goes by Priority Mail Express.
    const envelope = await post(rateLabelCall.path, { ...ORDER, parcel: { ...SMALL_FLAT_RATE, predefinedPackage: 'FlatRateEnvelope', weightLb: '', weightOz: '8' } }, customer.cookie);
    expect((envelope.json().data.rates as { carrier: string; service: string }[]).map((rate) => `${rate.carrier} ${rate.service}`)).toEqual(['USPS Priority', 'USPS Express']);
  });

  it('says the other carriers’ refusals of USPS packaging once (EasyPost names them UPSDAP, FedExDefault), keeping USPS’s own notes', () => {
    const easyPost = ['UPSDAP: Unable to rate with predefined package FlatRateEnvelope', 'FedExDefault: Unable to rate with predefined package FlatRateEnvelope', 'USPS: a parcel over 70 lb'];
    expect(ratingNotes(easyPost, 'FlatRateEnvelope')).toEqual([
      'USPS Flat Rate Envelope: only USPS rates its own Flat Rate packaging, so only USPS services are offered.',
      'USPS: a parcel over 70 lb',
    ]);
    // The customer's own box: every note as the carriers gave it.
    expect(ratingNotes(easyPost, null)).toEqual(easyPost);
  });

  it('refuses a package that is not a USPS Flat Rate one, and one over 70 lb, writing nothing', async () => {
    const customer = await newCustomer(t.app);
    const unknown = await post(rateLabelCall.path, { ...ORDER, parcel: { ...SMALL_FLAT_RATE, predefinedPackage: 'UPSExpressBox' } }, customer.cookie);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('parcel.predefinedPackage');
    expect(unknown.json().message).toContain(CARRIER_PACKAGE_MESSAGES.unknown);
    const heavy = await post(rateLabelCall.path, { ...ORDER, parcel: { ...SMALL_FLAT_RATE, weightLb: '70', weightOz: '1' } }, customer.cookie);
    expect(heavy.statusCode).toBe(400);
    expect(heavy.json().message).toContain(CARRIER_PACKAGE_MESSAGES.weight);
    const savedBad = await post(saveOrderForLaterCall.path, { ...ORDER, parcel: { ...SMALL_FLAT_RATE, predefinedPackage: 'Shoebox' } }, customer.cookie);
    expect(savedBad.statusCode).toBe(400);
    expect(await shipmentCount(customer)).toBe(0);
    expect(await t.app.db.selectFrom('saved_orders').select('id').where('user_id', '=', customer.userId).execute()).toEqual([]);
  });

  it('keeps the package through save for later, an unpaid label, Purchased Labels and the label details', async () => {
    const customer = await newCustomer(t.app);
    const saved = await post(saveOrderForLaterCall.path, ORDER, customer.cookie);
    const savedId = saved.json().data.id as number;
    const orders = await t.app.inject({ method: 'GET', url: `/openapi/easyPost/getOrderForLater?userId=${customer.userId}`, headers: { cookie: customer.cookie } });
    expect(orders.json().data[0]).toMatchObject({ id: savedId, predefinedPackage: 'SmallFlatRateBox', length: 8.625, width: 5.375, height: 1.625, weight: 32 });

    const rated = await post(rateLabelCall.path, ORDER, customer.cookie);
    const { draftId, rates } = rated.json().data as { draftId: number; rates: { rateId: string }[] };
    const bought = await post('/app/v1/labelPurchase/buy', { draftId, rateId: rates[0]!.rateId, orderId: savedId }, customer.cookie);
    const token = new URL(bought.json().redirectURL as string).searchParams.get('token')!;
    await postForm(t.app, '/app/v1/payments/simulator/cancel', { token });
    const unpaid = await t.app.inject({ method: 'GET', url: '/app/v1/labelPurchase/unpaid', headers: { cookie: customer.cookie } });
    expect(unpaid.json().data[0].parcel).toEqual({ length: 8.625, width: 5.375, height: 1.625, weight: 32, predefinedPackage: 'SmallFlatRateBox' });

    const again = await post('/app/v1/labelPurchase/buy', { draftId, rateId: rates[0]!.rateId, orderId: savedId }, customer.cookie);
    await follow(await approve(new URL(again.json().redirectURL as string).searchParams.get('token')!), customer.cookie);
    const list = await t.app.inject({ method: 'GET', url: `/app/v1/userGetShipment?user_id=${customer.userId}`, headers: { cookie: customer.cookie } });
    const row = (list.json().data.list as { shippingIndexID: number; shipmentID: string; predefinedPackage: string | null; status_flag: string }[])[0]!;
    expect(row).toMatchObject({ shippingIndexID: draftId, status_flag: '1', predefinedPackage: 'SmallFlatRateBox' });
    const detail = await t.app.inject({ method: 'GET', url: `/app/v1/getShipmentDetail?shipmentID=${row.shipmentID}&shipmentIndexID=${draftId}`, headers: { cookie: customer.cookie } });
    expect(detail.json().data.parcel).toMatchObject({ predefinedPackage: 'SmallFlatRateBox', weight: 32 });
  });

  it('names the package on the invoice, and the size of the customer’s own box', async () => {
    const customer = await newCustomer(t.app);
    const flat = await insertShipment(t.app.db, customer.userId, { predefined_package: 'MediumFlatRateBox', length_in: 11, width_in: 8.5, height_in: 5.5, weight_oz: 48 });
    const own = await insertShipment(t.app.db, customer.userId);
    const invoiceText = async (id: number) =>
      pdfText((await t.app.inject({ method: 'GET', url: `/app/v1/shipments/${id}/invoice.pdf`, headers: { cookie: customer.cookie } })).rawPayload);
    expect(await invoiceText(flat.id)).toContain('Package: USPS Medium Flat Rate Box, 3 lb');
    expect(await invoiceText(own.id)).toContain('Package: 12 \u00d7 10 \u00d7 6 in, 2.5 lb');
  });
});
