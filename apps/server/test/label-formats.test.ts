import { LABEL_FORMAT_MESSAGES, LABEL_PURCHASE_ERRORCODE, READ_ERRORCODE } from '@airbox/contract';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderLetterSheets } from '../src/modules/shipments/label-files.js';
import type { SimulatorCarriersProvider } from '../src/providers/carriers/simulator-carriers-provider.js';
import { renderLabel } from '../src/workers/cpu-work.js';
import { postForm, useTestApp, useTestDatabase } from './helper.js';
import { newCustomer } from './ledger-fixtures.js';
import { paymentSteps } from './payment-fixtures.js';

const database = useTestDatabase();
const t = useTestApp(database, { carriers: { provider: 'simulator', webhookSecret: undefined, stepMinutes: 0 } });
const carriers = () => t.app.carriers as SimulatorCarriersProvider;
const { approve, follow } = paymentSteps(t);

type Customer = Awaited<ReturnType<typeof newCustomer>>;

const FROM = { firstName: 'Casey', lastName: 'Customer', company: 'Casey Crafts', address1: '1 Main St', address2: 'Suite 4', city: 'San Francisco', state: 'CA', zipcode: '94105', phone: '415-555-0101', email: '', residential: false };
const TO = { firstName: 'Maria', lastName: 'Lopez', company: '', address1: '55 Elm St', address2: '', city: 'Portland', state: 'OR', zipcode: '97201', phone: '503-555-0199', email: 'maria@example.com', residential: true };
const ORDER = { from: FROM, to: TO, parcel: { length: 12, width: 10, height: 6, weightLb: 2, weightOz: 8 }, insuredValue: 100, comments: 'Gift' };

/** A label rated, paid for its USPS Priority rate and bought through the carriers simulator. */
async function boughtLabel(customer: Customer) {
  const rated = await t.app.inject({ method: 'POST', url: '/app/v1/labelPurchase/rates', payload: ORDER, headers: { cookie: customer.cookie } });
  expect(rated.json(), rated.body).toMatchObject({ errorcode: LABEL_PURCHASE_ERRORCODE.ok });
  const { draftId, rates } = rated.json().data as { draftId: number; rates: { rateId: string; carrier: string; service: string; rate: string }[] };
  const rate = rates.find((candidate) => candidate.carrier === 'USPS' && candidate.service === 'Priority')!;
  const bought = await t.app.inject({ method: 'POST', url: '/app/v1/labelPurchase/buy', payload: { draftId, rateId: rate.rateId }, headers: { cookie: customer.cookie } });
  const token = new URL(bought.json().redirectURL as string).searchParams.get('token')!;
  await follow(await approve(token), customer.cookie);
  const row = await t.app.db.selectFrom('shipments').selectAll().where('id', '=', draftId).executeTakeFirstOrThrow();
  expect(row.state).toBe('bought');
  return { id: draftId, shipmentId: row.provider_shipment_id!, orderNo: row.order_no, trackingCode: row.tracking_code! };
}

function download(customer: Customer, shipmentId: string, format?: string) {
  return postForm(t.app, '/app/v1/downloadLabelPdf', { shipmentId, ...(format === undefined ? {} : { format }) }, customer.cookie);
}

/** The page sizes (MediaBox) of a PDF pdfkit wrote, in points. */
function pageSizes(pdf: Buffer): number[][] {
  return [...pdf.toString('latin1').matchAll(/\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/g)].map((match) => [Number(match[1]), Number(match[2])]);
}

/** The images a PDF draws. */
const imageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Subtype \/Image/g)?.length ?? 0;

/** A PNG's width and height from its IHDR, and its dots per inch from pHYs (when it says). */
function pngHeader(png: Buffer) {
  expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR');
  const phys = png.indexOf('pHYs');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20), dpi: phys < 0 ? null : Math.round(png.readUInt32BE(phys + 4) * 0.0254) };
}

describe('label formats: downloads (issue 23 item 4)', () => {
  let owner: Customer;
  let label: Awaited<ReturnType<typeof boughtLabel>>;
  beforeAll(async () => {
    owner = await newCustomer(t.app);
    label = await boughtLabel(owner);
  });

  it('answers the 4x6 PDF (288 x 432 pt) when no format is named, as the spec’s clients ask, and for pdf-4x6', async () => {
    for (const format of [undefined, 'pdf-4x6']) {
      const response = await download(owner, label.shipmentId, format);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="label-${label.orderNo}.pdf"`);
      expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pageSizes(response.rawPayload)).toEqual([[288, 432]]);
    }
  });

  it('answers the 4x6 PNG at 300 dpi: 1200 x 1800 pixels', async () => {
    const response = await download(owner, label.shipmentId, 'png-4x6');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="label-${label.orderNo}.png"`);
    expect(pngHeader(response.rawPayload)).toEqual({ width: 1200, height: 1800, dpi: 300 });
  });

  it('answers an 8.5x11 PDF (612 x 792 pt) with the label in the top half of a two-label sheet', async () => {
    const response = await download(owner, label.shipmentId, 'pdf-letter');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="label-${label.orderNo}-letter.pdf"`);
    expect(pageSizes(response.rawPayload)).toEqual([[612, 792]]);
    expect(imageCount(response.rawPayload)).toBe(1);
  });

  it('puts a second label of the customer’s in the bottom half of the 8.5x11 sheet, only on that sheet, never another customer’s', async () => {
    const second = await boughtLabel(owner);
    const both = await postForm(t.app, '/app/v1/downloadLabelPdf', { shipmentId: label.shipmentId, format: 'pdf-letter', alsoShipmentId: second.shipmentId }, owner.cookie);
    expect(both.statusCode, both.body).toBe(200);
    expect(pageSizes(both.rawPayload)).toEqual([[612, 792]]);
    expect(imageCount(both.rawPayload)).toBe(2);
    expect(both.rawPayload.toString('latin1')).toContain(`(Shipping labels ${label.orderNo}, ${second.orderNo})`);

    const notLetter = await postForm(t.app, '/app/v1/downloadLabelPdf', { shipmentId: label.shipmentId, format: 'pdf-4x6', alsoShipmentId: second.shipmentId }, owner.cookie);
    expect(notLetter.statusCode).toBe(400);
    expect(notLetter.json().message).toBe(LABEL_FORMAT_MESSAGES.alsoOnlyOnLetter);

    const stranger = await newCustomer(t.app);
    const theirs = await boughtLabel(stranger);
    const mixed = await postForm(t.app, '/app/v1/downloadLabelPdf', { shipmentId: label.shipmentId, format: 'pdf-letter', alsoShipmentId: theirs.shipmentId }, owner.cookie);
    expect(mixed.statusCode).toBe(404);
    expect(mixed.json()).toMatchObject({ errorcode: -1 });
  });

  it('answers ZPL II from ^XA to ^XZ with the tracking number as a Code 128 barcode, asked of the carrier once and kept', async () => {
    const before = await t.app.db.selectFrom('shipment_labels').select('format').where('shipment_id', '=', label.id).execute();
    expect(before.map((row) => row.format).sort()).toEqual(['PDF', 'PNG']);
    const response = await download(owner, label.shipmentId, 'zpl');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zpl');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="label-${label.orderNo}.zpl"`);
    const zpl = response.body.trim();
    expect(zpl.startsWith('^XA')).toBe(true);
    expect(zpl.endsWith('^XZ')).toBe(true);
    expect(zpl).toContain(`^BCN,`);
    expect(zpl).toContain(`^FD${label.trackingCode}^FS`);
    expect(zpl).toContain('^FDMaria Lopez^FS');
    expect(zpl).toContain('USPS PRIORITY MAIL');
    const kept = await t.app.db.selectFrom('shipment_labels').select('format').where('shipment_id', '=', label.id).execute();
    expect(kept.map((row) => row.format).sort()).toEqual(['PDF', 'PNG', 'ZPL']);
    // Kept: the carrier is not asked again, and no carrier call is charged to the account.
    const fetched = vi.spyOn(carriers(), 'fetchLabel');
    const charged = vi.spyOn(t.app.accountBudgets, 'take');
    const again = await download(owner, label.shipmentId, 'zpl');
    expect(again.body).toBe(response.body);
    expect(fetched).not.toHaveBeenCalled();
    expect(charged).not.toHaveBeenCalled();
    fetched.mockRestore();
    charged.mockRestore();
  });

  it('charges asking the carrier for a ZPL label to the account’s hourly carrier calls, and refuses it once they are used up', async () => {
    const customer = await newCustomer(t.app);
    const bought = await boughtLabel(customer);
    const charged = vi.spyOn(t.app.accountBudgets, 'take').mockResolvedValueOnce({ taken: false, retryAfterMs: 120_000 });
    const refused = await download(customer, bought.shipmentId, 'zpl');
    expect(refused.statusCode).toBe(429);
    expect(charged).toHaveBeenCalledWith(`carrierCalls:${customer.userId}`, 1, expect.any(Number));
    const kept = await t.app.db.selectFrom('shipment_labels').select('format').where('shipment_id', '=', bought.id).execute();
    expect(kept.map((row) => row.format)).not.toContain('ZPL');
    charged.mockRestore();
    expect((await download(customer, bought.shipmentId, 'zpl')).statusCode).toBe(200);
  });

  it('refuses another format naming the field, and another customer’s label as no label', async () => {
    const bad = await download(owner, label.shipmentId, 'EPL2');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(LABEL_FORMAT_MESSAGES.format('format'));
    const stranger = await newCustomer(t.app);
    for (const format of ['pdf-4x6', 'png-4x6', 'pdf-letter', 'zpl']) {
      const response = await download(stranger, label.shipmentId, format);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ errorcode: -1 });
    }
  });
});

describe('label formats: the letter sheet', () => {
  it('lays two labels on each 8.5x11 page: three labels make two pages', async () => {
    const png = await renderLabel(
      {
        carrier: 'USPS',
        serviceName: 'USPS PRIORITY MAIL',
        trackingCode: '9400111202555842760001',
        from: { name: 'Casey', street1: '1 Main St', city: 'San Francisco', state: 'CA', zip: '94105' },
        to: { name: 'Maria', street1: '55 Elm St', city: 'Portland', state: 'OR', zip: '97201' },
        weightOz: 40,
        shipDate: new Date('2026-12-01T12:00:00Z'),
      },
      'PNG',
    );
    const two = await renderLetterSheets([png, png], 'two');
    expect(pageSizes(two)).toEqual([[612, 792]]);
    expect(imageCount(two)).toBe(2);
    const three = await renderLetterSheets([png, png, png], 'three');
    expect(pageSizes(three)).toEqual([
      [612, 792],
      [612, 792],
    ]);
  });
});

describe('label formats: the profile preference', () => {
  const formatOf = async (customer: Customer) => {
    const response = await t.app.inject({ method: 'GET', url: '/app/v1/labelFormat', headers: { cookie: customer.cookie } });
    expect(response.statusCode).toBe(200);
    return response.json() as { errorcode: number; labelFormat: string };
  };

  it('is the 4x6 PDF until chosen, keeps each format chosen (no password asked), and is the customer’s own', async () => {
    const customer = await newCustomer(t.app);
    const other = await newCustomer(t.app);
    expect(await formatOf(customer)).toMatchObject({ errorcode: 0, labelFormat: 'pdf-4x6' });
    for (const labelFormat of ['png-4x6', 'pdf-letter', 'zpl', 'pdf-4x6', 'zpl']) {
      const saved = await postForm(t.app, '/app/v1/labelFormat/save', { labelFormat }, customer.cookie);
      expect(saved.json(), saved.body).toMatchObject({ errorcode: 0, labelFormat, message: LABEL_FORMAT_MESSAGES.saved(labelFormat as 'zpl') });
      expect((await formatOf(customer)).labelFormat).toBe(labelFormat);
    }
    expect((await formatOf(other)).labelFormat).toBe('pdf-4x6');
  });

  it('refuses a format it does not know naming labelFormat, and keeps the one chosen', async () => {
    const customer = await newCustomer(t.app);
    await postForm(t.app, '/app/v1/labelFormat/save', { labelFormat: 'png-4x6' }, customer.cookie);
    for (const labelFormat of ['PDF', 'epl2', '', 'zpl\u0000', 'x'.repeat(300)]) {
      const response = await postForm(t.app, '/app/v1/labelFormat/save', { labelFormat }, customer.cookie);
      expect(response.statusCode, labelFormat).toBe(400);
      expect(response.json().message).toMatch(/^labelFormat: /);
    }
    const missing = await postForm(t.app, '/app/v1/labelFormat/save', {}, customer.cookie);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/labelFormat/);
    expect((await formatOf(customer)).labelFormat).toBe('png-4x6');
  });

  it('needs a signed-in customer', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/app/v1/labelFormat' })).statusCode).toBe(401);
    expect((await postForm(t.app, '/app/v1/labelFormat/save', { labelFormat: 'zpl' })).statusCode).toBe(401);
  });
});

describe('ship again (issue 23 item 5)', () => {
  it('answers a label’s addresses, package, declared value and service, without a price, to its owner only', async () => {
    const owner = await newCustomer(t.app);
    const label = await boughtLabel(owner);
    const response = await t.app.inject({ method: 'GET', url: `/app/v1/labelPurchase/shipAgain?id=${label.id}`, headers: { cookie: owner.cookie } });
    expect(response.json()).toEqual({
      errorcode: READ_ERRORCODE.ok,
      message: 'success',
      data: {
        id: label.id,
        orderNo: label.orderNo,
        // Issue 25 item 3: both in the United States, no customs declaration.
        from: { ...FROM, phone: expect.stringMatching(/415.?555.?0101/), country: 'US' },
        to: { ...TO, phone: expect.stringMatching(/503.?555.?0199/), country: 'US' },
        parcel: { length: 12, width: 10, height: 6, weight: 40, predefinedPackage: null },
        insuredValue: '100.00',
        carrier: 'USPS',
        service: 'Priority',
        customs: null,
      },
    });
    expect(response.body).not.toMatch(/"rate"|Cents|total/i);

    // Rated afresh: the same service is offered again at today's price, as a new draft.
    const rated = await t.app.inject({ method: 'POST', url: '/app/v1/labelPurchase/rates', payload: ORDER, headers: { cookie: owner.cookie } });
    expect(rated.json().data.draftId).not.toBe(label.id);

    const stranger = await newCustomer(t.app);
    const theirs = await t.app.inject({ method: 'GET', url: `/app/v1/labelPurchase/shipAgain?id=${label.id}`, headers: { cookie: stranger.cookie } });
    expect(theirs.json()).toEqual({ errorcode: READ_ERRORCODE.ok, message: 'success', data: null });
    const unknown = await t.app.inject({ method: 'GET', url: '/app/v1/labelPurchase/shipAgain?id=99999999', headers: { cookie: owner.cookie } });
    expect(unknown.json().data).toBeNull();
  });
});
