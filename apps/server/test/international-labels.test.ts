import { CUSTOMS_REQUIRED_MESSAGE, LABEL_PURCHASE_ERRORCODE } from '@airbox/contract';
import { describe, expect, it } from 'vitest';
import type { SimulatorCarriersProvider } from '../src/providers/carriers/simulator-carriers-provider.js';
import { postForm, useTestApp, useTestDatabase } from './helper.js';
import { newCustomer } from './ledger-fixtures.js';
import { paymentSteps } from './payment-fixtures.js';
import { pdfText } from './pdf-text.js';

/**
 * International labels (issue 25 item 3) through the carriers simulator: a label to Canada with
 * its customs declaration rated (an international zone, the duties and taxes said before
 * payment), bought, and its PDF carrying the customs form; a declaration a carrier would refuse
 * refused with the field named.
 */

const database = useTestDatabase();
const t = useTestApp(database, { carriers: { provider: 'simulator', webhookSecret: undefined, stepMinutes: 0 } });
const carriers = () => t.app.carriers as SimulatorCarriersProvider;
const { approve, follow } = paymentSteps(t);

type Customer = Awaited<ReturnType<typeof newCustomer>>;

const FROM = { firstName: 'Casey', lastName: 'Customer', address1: '1 Main St', city: 'San Francisco', state: 'CA', zipcode: '94105', phone: '415-555-0101' };
const TORONTO = { firstName: 'Sam', lastName: 'Tremblay', address1: '290 Bremner Blvd', city: 'Toronto', state: 'ON', zipcode: 'M5V 3L9', phone: '416-555-0100', country: 'CA' };
const CUSTOMS = {
  contents_type: 'merchandise',
  customs_signer: 'Casey Customer',
  items: [
    { description: 'Cotton T-shirt', quantity: 2, value: 30, weight: 10, hs_tariff_number: '6109.10.0012', origin_country: 'US' },
    { description: 'Wool cap', quantity: 1, value: 18.5, weight: 4, hs_tariff_number: '6505.00', origin_country: 'CN' },
  ],
};
const ORDER = { from: FROM, to: TORONTO, parcel: { length: 10, width: 8, height: 4, weightLb: 1, weightOz: 0 }, customs: CUSTOMS };

async function rate(customer: Customer, body: object) {
  return t.app.inject({ method: 'POST', url: '/app/v1/labelPurchase/rates', payload: body, headers: { cookie: customer.cookie } });
}

const shipmentRow = (id: number) => t.app.db.selectFrom('shipments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('a label to Canada with its customs declaration', () => {
  it('is rated with international services and the duties said, bought, and its PDF carries the CN 22 declaration', async () => {
    const customer = await newCustomer(t.app);
    const rated = await rate(customer, ORDER);
    expect(rated.statusCode, rated.body).toBe(200);
    const { data } = rated.json();
    expect(rated.json().errorcode).toBe(LABEL_PURCHASE_ERRORCODE.ok);
    expect(data.rates.map((r: { service: string }) => r.service)).toEqual(['FirstClassPackageInternationalService', 'UPSStandard', 'PriorityMailInternational', 'INTERNATIONAL_PRIORITY']);
    // $48.50 declared to Canada: 13% tax above $40, no duty under $150, said before payment.
    expect(data.rates.map((r: { dutiesAndTaxes: string | null }) => r.dutiesAndTaxes)).toEqual(['6.31', '6.31', '6.31', '6.31']);

    const draft = await shipmentRow(data.draftId);
    expect([draft.from_country, draft.to_country, draft.to_zipcode]).toEqual(['US', 'CA', 'M5V 3L9']);
    expect(JSON.parse(draft.customs!)).toMatchObject({
      contents_type: 'merchandise',
      customs_signer: 'Casey Customer',
      eel_pfc: 'NOEEI 30.37(a)',
      customs_certify: true,
      items: [
        { description: 'Cotton T-shirt', quantity: 2, value: 30, weight: 10, hs_tariff_number: '6109100012', origin_country: 'US' },
        { description: 'Wool cap', quantity: 1, value: 18.5, weight: 4, hs_tariff_number: '650500', origin_country: 'CN' },
      ],
    });

    const usps = data.rates.find((r: { service: string }) => r.service === 'PriorityMailInternational');
    const bought = await t.app.inject({ method: 'POST', url: '/app/v1/labelPurchase/buy', payload: { draftId: data.draftId, rateId: usps.rateId }, headers: { cookie: customer.cookie } });
    expect(bought.json(), bought.body).toMatchObject({ errorcode: LABEL_PURCHASE_ERRORCODE.redirect });
    const token = new URL(bought.json().redirectURL as string).searchParams.get('token')!;
    const before = carriers().purchaseCount();
    await follow(await approve(token), customer.cookie);
    expect(carriers().purchaseCount()).toBe(before + 1);
    expect(await shipmentRow(data.draftId)).toMatchObject({ state: 'bought', service: 'PriorityMailInternational' });

    const pdf = await t.app.db.selectFrom('shipment_labels').select('content').where('shipment_id', '=', data.draftId).where('format', '=', 'PDF').executeTakeFirstOrThrow();
    const text = pdfText(Buffer.from(pdf.content));
    // The label: the recipient's postal code as Canada writes it and the country last.
    for (const words of ['USPS PRIORITY MAIL INTL', 'Toronto ON M5V 3L9', 'CANADA']) expect(text).toContain(words);
    // The customs form: the contents ticked, each item, the totals, the EEL/PFC and the signature.
    for (const words of [
      'CUSTOMS DECLARATION CN 22',
      '[X] MERCHANDISE',
      '[ ] GIFT',
      'Cotton T-shirt',
      '6109100012',
      '30.00',
      'Wool cap',
      '650500',
      '18.50',
      'CN',
      'TOTAL VALUE: US$ 48.50',
      'TOTAL WEIGHT: 14 OZ',
      'EEL/PFC: NOEEI 30.37(a)',
      'SIGNATURE: Casey Customer',
    ]) {
      expect(text).toContain(words);
    }

    // ZPL: the customs form is a second label of the file, printed after the label; the PNG stays one 4x6 image.
    const row = await shipmentRow(data.draftId);
    const zpl = await postForm(t.app, '/app/v1/downloadLabelPdf', { shipmentId: row.provider_shipment_id!, format: 'zpl' }, customer.cookie);
    expect(zpl.statusCode).toBe(200);
    const formats = zpl.body.trim().split(/(?<=\^XZ)\s*/).filter(Boolean);
    expect(formats).toHaveLength(2);
    expect(formats[0]).toContain('USPS PRIORITY MAIL INTL');
    for (const words of ['CUSTOMS DECLARATION CN 22', 'Cotton T-shirt', '6109100012', 'Wool cap', '650500', 'SIGNATURE: Casey Customer']) expect(formats[1]).toContain(words);
  });

  it('is refused, the field named, without a declaration, without an HS code, or worth more than the carrier takes', async () => {
    const customer = await newCustomer(t.app);
    const answer = async (body: object) => {
      const response = await rate(customer, body);
      return { status: response.statusCode, errorcode: response.json().errorcode, message: response.json().message, messages: response.json().data?.messages };
    };
    // No declaration: the contract's message, before any carrier is asked.
    const none = await answer({ ...ORDER, customs: undefined });
    expect(none.status).toBe(400);
    expect(none.message).toContain(CUSTOMS_REQUIRED_MESSAGE);
    // An item without its HS code: the carrier's refusal names it.
    const noHs = await answer({ ...ORDER, customs: { ...CUSTOMS, items: [CUSTOMS.items[0], { ...CUSTOMS.items[1], hs_tariff_number: '' }] } });
    expect(noHs).toMatchObject({ status: 200, errorcode: LABEL_PURCHASE_ERRORCODE.noRates, messages: ['items[1].hs_tariff_number: the carrier needs the HS code of every item'] });
    // Over the simulated carriers' limit of $2,500 (the AES ITN given, as the contract asks above it).
    const dear = await answer({ ...ORDER, customs: { ...CUSTOMS, eel_pfc: 'AES X20261127123456', items: [{ ...CUSTOMS.items[0], value: 2600 }] } });
    expect(dear).toMatchObject({ status: 200, errorcode: LABEL_PURCHASE_ERRORCODE.noRates, messages: ["items: a declared value of $2,600.00 is over the carrier's limit of $2,500"] });
    // A field the contract refuses is named with its item.
    const badOrigin = await answer({ ...ORDER, customs: { ...CUSTOMS, items: [CUSTOMS.items[0], { ...CUSTOMS.items[1], origin_country: 'China' }] } });
    expect(badOrigin.status).toBe(400);
    expect(badOrigin.message).toContain('items[1].origin_country');
  });
});

describe('a label abroad carried through everything a US label has (issue 25 item 3)', () => {
  const get = (customer: Customer, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: customer.cookie } });
  const post = (customer: Customer, url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, headers: { cookie: customer.cookie } });

  it('keeps its country and declaration unpaid, in its details and list, to ship again, and returns from there as returned goods', async () => {
    const customer = await newCustomer(t.app);
    const { data } = (await rate(customer, ORDER)).json();
    const usps = data.rates.find((r: { service: string }) => r.service === 'PriorityMailInternational');
    const bought = await post(customer, '/app/v1/labelPurchase/buy', { draftId: data.draftId, rateId: usps.rateId });
    expect(bought.json()).toMatchObject({ errorcode: LABEL_PURCHASE_ERRORCODE.redirect });

    // Unpaid (the payer has not approved yet): every step as rated, the country and the declaration with it.
    const unpaidAnswer = await get(customer, `/app/v1/labelPurchase/unpaid?id=${data.draftId}`);
    expect(unpaidAnswer.statusCode, unpaidAnswer.body).toBe(200);
    const unpaid = unpaidAnswer.json().data[0];
    expect(unpaid.to).toMatchObject({ country: 'CA', zipcode: 'M5V 3L9', state: 'ON' });
    expect(unpaid.from.country).toBe('US');
    expect(unpaid.customs).toMatchObject({ contents_type: 'merchandise', items: [{ description: 'Cotton T-shirt' }, { description: 'Wool cap' }] });
    expect(unpaid.rate.dutiesAndTaxes).toBe('6.31');

    const token = new URL(bought.json().redirectURL as string).searchParams.get('token')!;
    await follow(await approve(token), customer.cookie);

    const detail = (await get(customer, `/app/v1/getShipmentDetail?shipmentIndexID=${data.draftId}`)).json().data;
    expect(detail.to_address).toMatchObject({ city: 'Toronto', state: 'ON', zip: 'M5V 3L9', country: 'CA' });
    expect(detail.customs.items[1]).toMatchObject({ hs_tariff_number: '650500', origin_country: 'CN' });
    const again = (await get(customer, `/app/v1/labelPurchase/shipAgain?id=${data.draftId}`)).json().data;
    expect(again.to.country).toBe('CA');
    expect(again.customs.customs_signer).toBe('Casey Customer');

    // The return comes back from Canada with the same items, declared as returned goods.
    const back = await rate(customer, {
      ...ORDER,
      from: TORONTO,
      to: FROM,
      returnOf: data.draftId,
      customs: { ...CUSTOMS, contents_type: 'returned_goods' },
    });
    expect(back.json(), back.body).toMatchObject({ errorcode: LABEL_PURCHASE_ERRORCODE.ok });
    const returned = await shipmentRow(back.json().data.draftId);
    expect([returned.from_country, returned.to_country, returned.return_of_id]).toEqual(['CA', 'US', data.draftId]);
    expect(JSON.parse(returned.customs!).contents_type).toBe('returned_goods');
    // The way back is not rated for duties: the recipient pays what US customs asks.
    expect(back.json().data.rates[0].dutiesAndTaxes).toBeNull();
  });

  it('is saved for later and continued with its country and the declaration as typed so far', async () => {
    const customer = await newCustomer(t.app);
    const typed = { ...CUSTOMS, items: [{ description: 'Cotton T-shirt', quantity: '2', value: '', weight: '10', hs_tariff_number: '', origin_country: 'US' }] };
    const saved = await post(customer, '/openapi/easyPost/saveOrderForLater', { ...ORDER, customs: typed });
    expect(saved.json(), saved.body).toMatchObject({ code: 0 });
    const orders = await get(customer, `/openapi/easyPost/getOrderForLater?userId=${customer.userId}&id=${saved.json().data.id}`);
    expect(orders.statusCode, orders.body).toBe(200);
    const order = orders.json().data[0];
    expect([order.fromcountry, order.tocountry, order.tozipcode]).toEqual(['US', 'CA', 'M5V 3L9']);
    expect(order.customs).toMatchObject({ contents_type: 'merchandise', items: [{ description: 'Cotton T-shirt', quantity: '2', value: '' }] });
    // A declaration longer than the contract's cap is refused, the field named.
    const many = await post(customer, '/openapi/easyPost/saveOrderForLater', { ...ORDER, customs: { ...typed, items: Array.from({ length: 21 }, () => typed.items[0]) } });
    expect(many.statusCode).toBe(400);
  });

  it('verifies an address abroad: a Canadian postal code written as Canada does, a UK address without a county', async () => {
    const customer = await newCustomer(t.app);
    const canada = await post(customer, '/openapi/easyPost/validateAddress', { street1: '290 Bremner Blvd', city: 'Toronto', state: 'ON', zip: 'm5v3l9', country: 'CA' });
    expect(canada.json().data).toMatchObject({ result: 1, suggestion: { zip: 'M5V 3L9' } });
    const london = await post(customer, '/openapi/easyPost/validateAddress', { street1: '10 Downing St', city: 'London', zip: 'SW1A 2AA', country: 'GB' });
    expect(london.json().data).toMatchObject({ result: 1 });
    const badPostal = await post(customer, '/openapi/easyPost/validateAddress', { street1: '290 Bremner Blvd', city: 'Toronto', state: 'ON', zip: '94105', country: 'CA' });
    expect(badPostal.json().data).toMatchObject({ result: 0, reasons: ['Postal code must be as A1A 1A1'] });
  });
});
