import { inflateSync } from 'node:zlib';
import { US_STATES } from '@airbox/contract';
import bwipjs from 'bwip-js';
import { beforeEach, describe, expect, it } from 'vitest';
import { CarrierError, type Parcel, type PostalAddress, type ShipmentRate } from '../src/providers/carriers/carriers-provider.js';
import {
  createSimulatorCarriersProvider,
  REFUND_WINDOW_MS,
  SIMULATOR_UNPAYABLE_WEIGHT_OZ,
  type SimulatorCarriersProvider,
} from '../src/providers/carriers/simulator-carriers-provider.js';
import { createDatabaseSimulatorStore, createMemorySimulatorStore } from '../src/providers/carriers/simulator-store.js';
import { billablePounds, statesWithZipRegions, zipRegion } from '../src/providers/carriers/simulator-rates.js';
import { isValidTrackingCode, upsCheckDigit, uspsCheckDigit } from '../src/providers/carriers/tracking-codes.js';
import { useTestDb } from './helper.js';

const SAN_FRANCISCO: PostalAddress = { name: 'Jack Sparrow', street1: '388 Townsend St', street2: 'Apt 20', city: 'San Francisco', state: 'CA', zip: '94107' };
const LOS_ANGELES: PostalAddress = { name: 'Elizabeth Swan', street1: '179 N Harbor Dr', city: 'Los Angeles', state: 'CA', zip: '90012' };
const NEW_YORK: PostalAddress = { name: 'Will Turner', company: 'AirBox', street1: '350 5th Ave', city: 'New York', state: 'NY', zip: '10118' };
const SMALL_BOX: Parcel = { lengthIn: 10, widthIn: 8, heightIn: 4, weightOz: 32 };

/** Monday 2026-11-23, 15:00 UTC; tests move it. */
const START = Date.parse('2026-11-23T15:00:00Z');
let now = START;
let carriers: SimulatorCarriersProvider;

// The simulator keeps its labels in the app's database, as the app runs it (plugins/carriers.ts).
const database = useTestDb();

/** Another simulator on the same database: a restarted server, or a second one. */
const anotherInstance = () => createSimulatorCarriersProvider({ clock: () => new Date(now), webhookSecret: undefined, store: createDatabaseSimulatorStore(database.db) });

beforeEach(() => {
  now = START;
  carriers = anotherInstance();
});

const priceOf = (rates: ShipmentRate[], carrier: string, service: string) => {
  const rate = rates.find((candidate) => candidate.carrier === carrier && candidate.service === service);
  if (!rate) throw new Error(`no ${carrier} ${service} rate`);
  return rate;
};

async function bought(to: PostalAddress = NEW_YORK, carrier = 'USPS', service = 'Priority', parcel: Parcel = SMALL_BOX) {
  const shipment = await carriers.rateShipment({ from: SAN_FRANCISCO, to, parcel });
  const rate = priceOf(shipment.rates, carrier, service);
  return carriers.buyRate({ shipmentId: shipment.shipmentId, rateId: rate.rateId, insuranceCents: 10_000, idempotencyKey: `key-${shipment.shipmentId}` });
}

describe('simulator rates', () => {
  it('offers the three services of USPS, UPS and FedEx, cheapest first, with plausible prices and days', async () => {
    const shipment = await carriers.rateShipment({ from: SAN_FRANCISCO, to: NEW_YORK, parcel: SMALL_BOX });
    expect(shipment.shipmentId).toMatch(/^shp_[0-9a-f]{32}$/);
    expect(shipment.rates.map((rate) => `${rate.carrier} ${rate.service}`).sort()).toEqual(
      [
        'FedEx FEDEX_2_DAY',
        'FedEx FEDEX_GROUND',
        'FedEx STANDARD_OVERNIGHT',
        'UPS 2ndDayAir',
        'UPS Ground',
        'UPS NextDayAir',
        'USPS Express',
        'USPS GroundAdvantage',
        'USPS Priority',
      ].sort(),
    );
    const prices = shipment.rates.map((rate) => rate.priceCents);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    for (const rate of shipment.rates) {
      expect(rate).toMatchObject({ shipmentId: shipment.shipmentId, currency: 'USD' });
      expect(rate.rateId).toMatch(/^rate_/);
      expect(rate.priceCents).toBeGreaterThan(400);
      expect(rate.priceCents).toBeLessThan(15_000);
      expect(rate.retailPriceCents).toBeGreaterThan(rate.priceCents);
    }
    // Faster costs more and arrives sooner, for each carrier.
    for (const [slow, middle, fast] of [
      [priceOf(shipment.rates, 'USPS', 'GroundAdvantage'), priceOf(shipment.rates, 'USPS', 'Priority'), priceOf(shipment.rates, 'USPS', 'Express')],
      [priceOf(shipment.rates, 'UPS', 'Ground'), priceOf(shipment.rates, 'UPS', '2ndDayAir'), priceOf(shipment.rates, 'UPS', 'NextDayAir')],
      [priceOf(shipment.rates, 'FedEx', 'FEDEX_GROUND'), priceOf(shipment.rates, 'FedEx', 'FEDEX_2_DAY'), priceOf(shipment.rates, 'FedEx', 'STANDARD_OVERNIGHT')],
    ] as const) {
      expect(slow.priceCents).toBeLessThan(middle.priceCents);
      expect(middle.priceCents).toBeLessThan(fast.priceCents);
      expect(slow.deliveryDays).toBeGreaterThanOrEqual(middle.deliveryDays ?? 0);
      expect(middle.deliveryDays).toBeGreaterThanOrEqual(fast.deliveryDays ?? 0);
    }
    expect(priceOf(shipment.rates, 'USPS', 'GroundAdvantage').deliveryDays).toBe(5);
    expect(priceOf(shipment.rates, 'UPS', 'NextDayAir').deliveryDays).toBe(1);
  });

  it('prices by distance and by weight', async () => {
    const near = await carriers.rateShipment({ from: SAN_FRANCISCO, to: LOS_ANGELES, parcel: SMALL_BOX });
    const far = await carriers.rateShipment({ from: SAN_FRANCISCO, to: NEW_YORK, parcel: SMALL_BOX });
    const heavy = await carriers.rateShipment({ from: SAN_FRANCISCO, to: NEW_YORK, parcel: { ...SMALL_BOX, weightOz: 20 * 16 } });
    for (const [carrier, service] of [['USPS', 'Priority'], ['UPS', 'Ground'], ['FedEx', 'FEDEX_2_DAY']] as const) {
      expect(priceOf(near.rates, carrier, service).priceCents).toBeLessThan(priceOf(far.rates, carrier, service).priceCents);
      expect(priceOf(far.rates, carrier, service).priceCents).toBeLessThan(priceOf(heavy.rates, carrier, service).priceCents);
    }
    expect(priceOf(near.rates, 'USPS', 'GroundAdvantage').deliveryDays).toBeLessThan(priceOf(far.rates, 'USPS', 'GroundAdvantage').deliveryDays ?? 0);
  });

  it('charges dimensional weight: L×W×H/139 at UPS and FedEx, /166 at USPS above one cubic foot only', async () => {
    const pillow: Parcel = { lengthIn: 20, widthIn: 20, heightIn: 20, weightOz: 16 };
    expect(billablePounds('UPS', pillow)).toBe(Math.ceil(8000 / 139));
    expect(billablePounds('FedEx', pillow)).toBe(58);
    expect(billablePounds('USPS', pillow)).toBe(Math.ceil(8000 / 166));
    // 10×8×4 = 320 cubic inches: no dimensional weight at USPS, 3 lb at UPS and FedEx.
    expect(billablePounds('USPS', { ...SMALL_BOX, weightOz: 16 })).toBe(1);
    expect(billablePounds('UPS', { ...SMALL_BOX, weightOz: 16 })).toBe(3);
    expect(billablePounds('UPS', { ...SMALL_BOX, weightOz: 5 * 16 + 1 })).toBe(6);

    const big = await carriers.rateShipment({ from: SAN_FRANCISCO, to: NEW_YORK, parcel: pillow });
    const dense = await carriers.rateShipment({ from: SAN_FRANCISCO, to: NEW_YORK, parcel: { lengthIn: 6, widthIn: 6, heightIn: 6, weightOz: 16 } });
    expect(priceOf(big.rates, 'UPS', 'Ground').priceCents).toBeGreaterThan(priceOf(dense.rates, 'UPS', 'Ground').priceCents * 5);
    expect(priceOf(big.rates, 'USPS', 'Priority').priceCents).toBeGreaterThan(priceOf(dense.rates, 'USPS', 'Priority').priceCents * 5);
  });

  it('leaves out the carriers that do not take the parcel, saying why', async () => {
    const over70 = await carriers.rateShipment({ from: SAN_FRANCISCO, to: NEW_YORK, parcel: { ...SMALL_BOX, weightOz: 80 * 16 } });
    expect(over70.rates.some((rate) => rate.carrier === 'USPS')).toBe(false);
    expect(over70.rates.filter((rate) => rate.carrier !== 'USPS')).toHaveLength(6);
    expect(over70.messages).toEqual(['USPS: a parcel over 70 lb']);
    const over150 = await carriers.rateShipment({ from: SAN_FRANCISCO, to: NEW_YORK, parcel: { ...SMALL_BOX, weightOz: 151 * 16 } });
    expect(over150.rates).toEqual([]);
    expect(over150.messages).toHaveLength(3);
  });

  it('refuses a parcel without sizes and an unknown ZIP code', async () => {
    await expect(carriers.rateShipment({ from: SAN_FRANCISCO, to: NEW_YORK, parcel: { ...SMALL_BOX, weightOz: 0 } })).rejects.toMatchObject({
      code: 'INVALID_REQUEST',
      retryable: false,
    });
    await expect(carriers.rateShipment({ from: SAN_FRANCISCO, to: { ...NEW_YORK, zip: '00000' }, parcel: SMALL_BOX })).rejects.toMatchObject({
      code: 'INVALID_REQUEST',
    });
  });

  it('knows a ZIP prefix in every state and DC, and none outside the states', () => {
    expect(statesWithZipRegions()).toEqual(new Set(US_STATES.map((state) => state.code)));
    expect(zipRegion('94107')?.state).toBe('CA');
    expect(zipRegion('10118-0110')?.state).toBe('NY');
    expect(zipRegion('78702')?.state).toBe('TX');
    expect(zipRegion('20500')?.state).toBe('DC');
    expect(zipRegion('00601')).toBeNull(); // Puerto Rico
    expect(zipRegion('09001')).toBeNull(); // military mail
    expect(zipRegion('9410')).toBeNull();
  });
});

describe('simulator address verification', () => {
  it('verifies a well-formed address as it is', async () => {
    const result = await carriers.verifyAddress(SAN_FRANCISCO);
    expect(result).toEqual({ result: 'verified', addressId: expect.stringMatching(/^adr_/), address: { ...SAN_FRANCISCO, country: 'US', company: undefined } });
  });

  it("suggests the ZIP code's state when the state is another", async () => {
    const result = await carriers.verifyAddress({ ...SAN_FRANCISCO, state: 'NV' });
    expect(result).toMatchObject({ result: 'suggestion', address: { state: 'CA', zip: '94107' }, reasons: ['ZIP code 94107 is in California, not Nevada'] });
  });

  it('suggests the usual spelling of an address typed in one case, and a state given by name', async () => {
    const result = await carriers.verifyAddress({ street1: '388 TOWNSEND ST', street2: 'apt 4b', city: 'san francisco', state: 'california', zip: '94107' });
    expect(result).toMatchObject({
      result: 'suggestion',
      address: { street1: '388 Townsend St', street2: 'Apt 4B', city: 'San Francisco', state: 'CA' },
      reasons: ['State written as CA', 'Street address in its usual spelling', 'City in its usual spelling'],
    });
    const mixed = await carriers.verifyAddress({ ...SAN_FRANCISCO, street1: '1 N 1ST St', city: 'McAllen', state: 'TX', zip: '78501' });
    expect(mixed.result).toBe('verified');
  });

  it.each([
    [{ street1: '  ' }, 'Street address is missing'],
    [{ street1: 'Townsend Street' }, 'Street address needs a house number'],
    [{ city: '' }, 'City is missing'],
    [{ state: 'ZZ' }, 'State is not a US state'],
    [{ zip: '9410' }, 'ZIP code must be 5 digits'],
    [{ zip: '00000' }, 'Address not found'],
    [{ zip: '00601' }, 'ZIP code is not in any state'],
  ] as const)('refuses %o: %s', async (change, reason) => {
    expect(await carriers.verifyAddress({ ...SAN_FRANCISCO, ...change })).toEqual({ result: 'refused', reasons: [reason] });
  });

  it('verifies an address abroad by its country’s rules (issue 25 item 3): Canada’s province and A1A 1A1 postal code, suggested in its usual spelling', async () => {
    const toronto = { name: 'Sam Tremblay', street1: '290 Bremner Blvd', city: 'Toronto', state: 'ON', zip: 'M5V 3L9', country: 'CA' };
    expect(await carriers.verifyAddress(toronto)).toMatchObject({ result: 'verified', address: { zip: 'M5V 3L9', state: 'ON', country: 'CA' } });
    expect(await carriers.verifyAddress({ ...toronto, zip: 'm5v3l9', state: 'on' })).toMatchObject({ result: 'suggestion', address: { zip: 'M5V 3L9', state: 'ON' } });
    // A US address marked Canadian is not a Canadian one.
    expect(await carriers.verifyAddress({ ...SAN_FRANCISCO, country: 'CA' })).toEqual({
      result: 'refused',
      reasons: ['Province is not a Canadian province code', 'Postal code must be as A1A 1A1'],
    });
    expect(await carriers.verifyAddress({ ...toronto, country: 'DE', state: '', city: 'Berlin', zip: '10115' })).toMatchObject({ result: 'verified', address: { country: 'DE' } });
  });
});

describe('simulator labels', () => {
  it('buys a rate once: a repeated key or a second purchase answers the first postage without charging', async () => {
    const shipment = await carriers.rateShipment({ from: SAN_FRANCISCO, to: NEW_YORK, parcel: SMALL_BOX });
    const rate = priceOf(shipment.rates, 'USPS', 'Priority');
    const input = { shipmentId: shipment.shipmentId, rateId: rate.rateId, insuranceCents: 10_000, idempotencyKey: 'purchase-1' };
    const postage = await carriers.buyRate(input);
    expect(postage).toMatchObject({
      shipmentId: shipment.shipmentId,
      carrier: 'USPS',
      service: 'Priority',
      postageCents: rate.priceCents,
      insuredCents: 10_000,
      insuranceFeeCents: 50,
      labelUrls: {},
      reconciled: false,
    });
    expect(postage.labelId).toMatch(/^pl_/);
    expect(postage.trackerId).toMatch(/^trk_/);
    expect(await carriers.buyRate(input)).toEqual({ ...postage, reconciled: true });
    const other = priceOf(shipment.rates, 'UPS', 'Ground');
    expect(await carriers.buyRate({ ...input, rateId: other.rateId, idempotencyKey: 'purchase-2' })).toEqual({ ...postage, reconciled: true });
    expect(carriers.purchaseCount()).toBe(1);

    const another = await carriers.rateShipment({ from: SAN_FRANCISCO, to: LOS_ANGELES, parcel: SMALL_BOX });
    await expect(carriers.buyRate({ ...input, shipmentId: another.shipmentId, rateId: another.rates[0]!.rateId })).rejects.toMatchObject({
      code: 'INVALID_REQUEST',
    });
    await expect(carriers.buyRate({ ...input, shipmentId: another.shipmentId, rateId: 'rate_unknown', idempotencyKey: 'k3' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(carriers.buyRate({ ...input, shipmentId: 'shp_unknown', idempotencyKey: 'k4' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(carriers.purchaseCount()).toBe(1);
  });

  it('insures up to $500 (Terms of Use) and refuses more', async () => {
    const shipment = await carriers.rateShipment({ from: SAN_FRANCISCO, to: NEW_YORK, parcel: SMALL_BOX });
    const input = { shipmentId: shipment.shipmentId, rateId: shipment.rates[0]!.rateId, idempotencyKey: 'insured' };
    await expect(carriers.buyRate({ ...input, insuranceCents: 50_001 })).rejects.toMatchObject({ code: 'INVALID_REQUEST' });
    await expect(carriers.buyRate({ ...input, insuranceCents: 12.5 })).rejects.toMatchObject({ code: 'INVALID_REQUEST' });
    expect(await carriers.buyRate({ ...input, insuranceCents: 50_000 })).toMatchObject({ insuredCents: 50_000, insuranceFeeCents: 250 });
  });

  it('writes tracking numbers in each carrier format, with a good check digit', async () => {
    const usps = await bought(NEW_YORK, 'USPS', 'GroundAdvantage');
    const ups = await bought(NEW_YORK, 'UPS', 'Ground');
    const fedex = await bought(NEW_YORK, 'FedEx', 'FEDEX_GROUND');
    expect(usps.trackingCode).toMatch(/^9400\d{18}$/);
    expect(ups.trackingCode).toMatch(/^1Z[0-9A-Z]{6}03\d{8}$/);
    expect(fedex.trackingCode).toMatch(/^\d{12}$/);
    expect(isValidTrackingCode('USPS', usps.trackingCode)).toBe(true);
    expect(isValidTrackingCode('UPS', ups.trackingCode)).toBe(true);
    expect(isValidTrackingCode('FedEx', fedex.trackingCode)).toBe(true);
    expect(isValidTrackingCode('USPS', `${usps.trackingCode.slice(0, -1)}${(Number(usps.trackingCode.slice(-1)) + 1) % 10}`)).toBe(false);
    // The check digits of real numbers: an EasyPost test label and a UPS example.
    expect(uspsCheckDigit('940550020830310988413')).toBe(7);
    expect(upsCheckDigit('5R8939035756712')).toBe(7);
  });

  it('makes a 4x6 PDF (288 x 432 points)', async () => {
    const postage = await bought();
    const label = await carriers.fetchLabel(postage.shipmentId, 'PDF');
    expect(label.contentType).toBe('application/pdf');
    expect(label.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = label.bytes.toString('latin1');
    expect(text.match(/\/MediaBox \[([^\]]*)\]/g)).toEqual(['/MediaBox [0 0 288 432]']);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
  });

  it('makes a 4x6 PNG at 300 dpi with the Code128 bars of the tracking number', async () => {
    const postage = await bought();
    const label = await carriers.fetchLabel(postage.shipmentId, 'PNG');
    const png = label.bytes;
    expect(label.contentType).toBe('image/png');
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR');
    const width = png.readUInt32BE(16);
    const height = png.readUInt32BE(20);
    expect([width, height]).toEqual([1200, 1800]);
    // Decode (one IDAT, filter 0 on every row) and count the bars across the middle of the barcode.
    const idat = png.indexOf('IDAT');
    const rows = inflateSync(png.subarray(idat + 4, idat + 4 + png.readUInt32BE(idat - 4)));
    const rowAt = (y: number) => rows.subarray(y * (width + 1) + 1, (y + 1) * (width + 1));
    const barcodeRow = rowAt(Math.round(337 * (300 / 72)));
    let bars = 0;
    barcodeRow.forEach((value, x) => {
      if (value < 128 && (x === 0 || (barcodeRow[x - 1] ?? 255) >= 128)) bars += 1;
    });
    const [symbol] = bwipjs.raw('code128', postage.trackingCode, {});
    const expectedBars = symbol && 'sbs' in symbol ? Math.ceil(symbol.sbs.length / 2) : -1;
    expect(bars).toBe(expectedBars);
    // The rest of the page carries text: dark pixels in the address block.
    const addressRows = Array.from({ length: 200 }, (_, index) => rowAt(780 + index));
    expect(addressRows.some((row) => row.some((value) => value < 128))).toBe(true);
  });

  it('writes ZPL for a 4x6 label at 203 dpi with the tracking number as Code128', async () => {
    const postage = await bought(NEW_YORK, 'UPS', '2ndDayAir');
    const label = await carriers.fetchLabel(postage.shipmentId, 'ZPL');
    const zpl = label.bytes.toString('ascii');
    expect(zpl.startsWith('^XA')).toBe(true);
    expect(zpl.trimEnd().endsWith('^XZ')).toBe(true);
    expect(zpl).toContain('^PW812');
    expect(zpl).toContain('^LL1218');
    expect(zpl).toMatch(new RegExp(`\\^BCN,\\d+,N,N,N,A\\^FD${postage.trackingCode}\\^FS`));
    expect(zpl).toContain('^FDUPS 2ND DAY AIR^FS');
    expect(zpl).toContain('^FDNew York NY 10118^FS');
  });

  it('keeps ZPL commands out of the address fields', async () => {
    const postage = await bought({ ...NEW_YORK, name: 'Evil^XZ~JA Name' });
    const zpl = (await carriers.fetchLabel(postage.shipmentId, 'ZPL')).bytes.toString('ascii');
    expect(zpl).toContain('^FDEvil-XZ-JA Name^FS');
    expect(zpl.match(/\^XZ/g)).toHaveLength(1);
  });

  it('has no label before a purchase', async () => {
    const shipment = await carriers.rateShipment({ from: SAN_FRANCISCO, to: NEW_YORK, parcel: SMALL_BOX });
    await expect(carriers.fetchLabel(shipment.shipmentId, 'PDF')).rejects.toMatchObject({ code: 'INVALID_REQUEST' });
  });
});

describe('simulator trackers and refunds', () => {
  it('moves a tracker pre_transit → in_transit → out_for_delivery → delivered, with the webhook each step sends', async () => {
    const postage = await bought();
    const start = await carriers.track({ trackingCode: postage.trackingCode });
    expect(start).toMatchObject({ trackerId: postage.trackerId, carrier: 'USPS', status: 'pre_transit', shipmentId: postage.shipmentId });
    expect(start.events).toEqual([
      { status: 'pre_transit', message: 'Shipping label created', datetime: new Date(START).toISOString(), city: 'San Francisco', state: 'CA', zip: '94107' },
    ]);
    const seen: string[] = [];
    for (const expected of ['in_transit', 'out_for_delivery', 'delivered'] as const) {
      now += 6 * 60 * 60 * 1000;
      const step = await carriers.advance(postage.trackingCode);
      expect(step.tracker.status).toBe(expected);
      const event = carriers.parseTrackerEvent(JSON.parse(JSON.stringify(step.event)));
      expect(event).toMatchObject({ description: 'tracker.updated', tracker: { status: expected, trackingCode: postage.trackingCode } });
      expect(event?.eventId).toMatch(/^evt_/);
      seen.push(`${event?.previousStatus} → ${event?.tracker.status}`);
    }
    expect(seen).toEqual(['pre_transit → in_transit', 'in_transit → out_for_delivery', 'out_for_delivery → delivered']);
    const done = await carriers.advance(postage.trackingCode);
    expect(done).toMatchObject({ tracker: { status: 'delivered' }, event: null });
    const byId = await carriers.track({ trackerId: postage.trackerId ?? '' });
    expect(byId.events.map((event) => event.status)).toEqual(['pre_transit', 'in_transit', 'out_for_delivery', 'delivered']);
    expect(byId.events.at(-1)).toMatchObject({ city: 'New York', state: 'NY', zip: '10118' });
    await expect(carriers.track({ trackingCode: '9400000000000000000000' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('submits a refund before the first scan, and refunds it when time passes; the label then never moves', async () => {
    const postage = await bought();
    expect(await carriers.getRefundStatus(postage.shipmentId)).toBeNull();
    expect(await carriers.refund(postage.shipmentId)).toBe('submitted');
    expect(await carriers.refund(postage.shipmentId)).toBe('submitted');
    expect(await carriers.getRefundStatus(postage.shipmentId)).toBe('submitted');
    expect(await carriers.advance(postage.trackingCode)).toMatchObject({ refundStatus: 'refunded', tracker: { status: 'pre_transit' }, event: null });
    expect(await carriers.getRefundStatus(postage.shipmentId)).toBe('refunded');
    expect(await carriers.advance(postage.trackingCode)).toMatchObject({ refundStatus: 'refunded', tracker: { status: 'pre_transit' }, event: null });
  });

  it('rejects the refund of a label in transit or delivered, or older than 30 days', async () => {
    const moving = await bought();
    await carriers.advance(moving.trackingCode);
    expect(await carriers.refund(moving.shipmentId)).toBe('rejected');

    const delivered = await bought();
    for (let step = 0; step < 3; step += 1) await carriers.advance(delivered.trackingCode);
    expect(await carriers.refund(delivered.shipmentId)).toBe('rejected');

    const old = await bought();
    now += REFUND_WINDOW_MS + 1000;
    expect(await carriers.refund(old.shipmentId)).toBe('rejected');
    expect(await carriers.getRefundStatus(old.shipmentId)).toBe('rejected');

    const shipment = await carriers.rateShipment({ from: SAN_FRANCISCO, to: NEW_YORK, parcel: SMALL_BOX });
    await expect(carriers.refund(shipment.shipmentId)).rejects.toMatchObject({ code: 'INVALID_REQUEST' });
  });
});

describe('simulator pickups', () => {
  const window = (startIso: string) => ({ minDatetime: new Date(startIso), maxDatetime: new Date(Date.parse(startIso) + 7 * 60 * 60 * 1000) });

  it('offers a pickup rate on a weekday, books it once, and cancels it', async () => {
    const postage = await bought();
    const pickup = await carriers.createPickup({ shipmentId: postage.shipmentId, address: SAN_FRANCISCO, ...window('2026-11-24T17:00:00Z'), reference: 'Front Door', instructions: 'Ring twice' });
    expect(pickup).toMatchObject({ pickupId: expect.stringMatching(/^pickup_/), status: 'unknown', rates: [{ carrier: 'USPS', service: 'NextDay', priceCents: 0, currency: 'USD' }] });
    const rateId = pickup.rates[0]!.rateId;
    expect(await carriers.findPickup(pickup.pickupId)).toEqual({ status: 'unknown', confirmation: null });
    const booked = await carriers.buyPickup(pickup.pickupId, rateId);
    expect(booked).toMatchObject({ pickupId: pickup.pickupId, status: 'scheduled', carrier: 'USPS', service: 'NextDay', priceCents: 0 });
    expect(booked.confirmation).toMatch(/^WTC\d{8}$/);
    expect(await carriers.buyPickup(pickup.pickupId, rateId)).toEqual(booked);
    expect(await carriers.findPickup(pickup.pickupId)).toEqual({ status: 'scheduled', confirmation: booked.confirmation });
    expect(await carriers.cancelPickup(pickup.pickupId)).toBe('canceled');
    expect(await carriers.findPickup(pickup.pickupId)).toEqual({ status: 'canceled', confirmation: booked.confirmation });
    expect(await carriers.findPickup('pickup_unknown')).toBeNull();
    await expect(carriers.buyPickup(pickup.pickupId, rateId)).rejects.toMatchObject({ code: 'INVALID_REQUEST' });
    await expect(carriers.cancelPickup('pickup_unknown')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('charges UPS and FedEx pickups, and offers none on a weekend', async () => {
    const fedex = await bought(NEW_YORK, 'FedEx', 'FEDEX_GROUND');
    const weekday = await carriers.createPickup({ shipmentId: fedex.shipmentId, address: SAN_FRANCISCO, ...window('2026-11-25T17:00:00Z') });
    expect(weekday.rates).toEqual([expect.objectContaining({ carrier: 'FedEx', priceCents: 450 })]);
    const saturday = await carriers.createPickup({ shipmentId: fedex.shipmentId, address: SAN_FRANCISCO, ...window('2026-11-28T17:00:00Z') });
    expect(saturday.rates).toEqual([]);
    // The day where the pickup happens: Friday 4:30 PM in San Francisco is already Saturday in UTC,
    // and Saturday 4:30 PM there is still Saturday.
    const fridayEvening = await carriers.createPickup({ shipmentId: fedex.shipmentId, address: SAN_FRANCISCO, ...window('2026-11-28T00:30:00Z') });
    expect(fridayEvening.rates).toEqual([expect.objectContaining({ carrier: 'FedEx', priceCents: 450 })]);
    const saturdayEvening = await carriers.createPickup({ shipmentId: fedex.shipmentId, address: SAN_FRANCISCO, ...window('2026-11-29T00:30:00Z') });
    expect(saturdayEvening.rates).toEqual([]);
  });

  it('refuses a pickup for a label not bought or refunded, a window in the past, and an address it cannot verify', async () => {
    const shipment = await carriers.rateShipment({ from: SAN_FRANCISCO, to: NEW_YORK, parcel: SMALL_BOX });
    await expect(carriers.createPickup({ shipmentId: shipment.shipmentId, address: SAN_FRANCISCO, ...window('2026-11-24T17:00:00Z') })).rejects.toMatchObject({
      code: 'INVALID_REQUEST',
    });
    const postage = await bought();
    await expect(carriers.createPickup({ shipmentId: postage.shipmentId, address: SAN_FRANCISCO, ...window('2026-11-20T17:00:00Z') })).rejects.toMatchObject({
      code: 'INVALID_REQUEST',
    });
    await expect(carriers.createPickup({ shipmentId: postage.shipmentId, address: { ...SAN_FRANCISCO, zip: '00000' }, ...window('2026-11-24T17:00:00Z') })).rejects.toMatchObject({
      code: 'ADDRESS.VERIFY.FAILURE',
      details: { reasons: ['Address not found'] },
    });
    await carriers.refund(postage.shipmentId);
    await expect(carriers.createPickup({ shipmentId: postage.shipmentId, address: SAN_FRANCISCO, ...window('2026-11-24T17:00:00Z') })).rejects.toMatchObject({
      code: 'INVALID_REQUEST',
    });
  });
});

describe('simulator failures on demand', () => {
  it('fails the next call of a step with the error asked for, then works again', async () => {
    carriers.failNext('rateShipment', 'UNAVAILABLE');
    const failure = await carriers.rateShipment({ from: SAN_FRANCISCO, to: NEW_YORK, parcel: SMALL_BOX }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CarrierError);
    expect(failure).toMatchObject({ code: 'UNAVAILABLE', retryable: true });
    expect((await carriers.rateShipment({ from: SAN_FRANCISCO, to: NEW_YORK, parcel: SMALL_BOX })).rates).toHaveLength(9);

    carriers.failNext('verifyAddress', new CarrierError('RATE_LIMITED', 'slow down'));
    carriers.failNext('verifyAddress', 'UNAUTHORIZED');
    await expect(carriers.verifyAddress(SAN_FRANCISCO)).rejects.toMatchObject({ code: 'RATE_LIMITED', retryable: true, message: 'slow down' });
    await expect(carriers.verifyAddress(SAN_FRANCISCO)).rejects.toMatchObject({ code: 'UNAUTHORIZED', retryable: false });
    expect((await carriers.verifyAddress(SAN_FRANCISCO)).result).toBe('verified');
  });

  it('can lose the answer of a purchase it made: the retry answers the same label without charging again', async () => {
    const shipment = await carriers.rateShipment({ from: SAN_FRANCISCO, to: NEW_YORK, parcel: SMALL_BOX });
    const input = { shipmentId: shipment.shipmentId, rateId: shipment.rates[0]!.rateId, insuranceCents: 0, idempotencyKey: 'lost-answer' };
    carriers.failNext('buyRate', 'UNAVAILABLE', { afterEffect: true });
    await expect(carriers.buyRate(input)).rejects.toMatchObject({ code: 'UNAVAILABLE', retryable: true });
    expect(carriers.purchaseCount()).toBe(1);
    const retried = await carriers.buyRate(input);
    expect(retried.reconciled).toBe(true);
    expect(carriers.purchaseCount()).toBe(1);
    expect((await carriers.track({ trackingCode: retried.trackingCode })).status).toBe('pre_transit');
  });

  it('can refuse a purchase after making the label (fail --after): the label is read back, and can be refunded', async () => {
    const shipment = await carriers.rateShipment({ from: SAN_FRANCISCO, to: NEW_YORK, parcel: SMALL_BOX });
    expect(await carriers.findLabel(shipment.shipmentId)).toBeNull();
    expect(await carriers.findLabel('shp_unknown')).toBeNull();
    await carriers.failNextDurably('buyRate', 'SHIPMENT.POSTAGE.FAILURE', { afterEffect: true });
    const input = { shipmentId: shipment.shipmentId, rateId: shipment.rates[0]!.rateId, insuranceCents: 0, idempotencyKey: 'refused-after' };
    await expect(carriers.buyRate(input)).rejects.toMatchObject({ code: 'SHIPMENT.POSTAGE.FAILURE', retryable: false });
    const label = await carriers.findLabel(shipment.shipmentId);
    expect(label).toMatchObject({ shipmentId: shipment.shipmentId, reconciled: true, carrier: shipment.rates[0]!.carrier });
    expect(await carriers.refund(shipment.shipmentId)).toBe('submitted');
    expect(await carriers.advance(label!.trackingCode)).toMatchObject({ refundStatus: 'refunded' });
  });

  it('refuses to pay for a parcel of exactly 13 lb (the demo value)', async () => {
    const shipment = await carriers.rateShipment({ from: SAN_FRANCISCO, to: NEW_YORK, parcel: { ...SMALL_BOX, weightOz: SIMULATOR_UNPAYABLE_WEIGHT_OZ } });
    await expect(
      carriers.buyRate({ shipmentId: shipment.shipmentId, rateId: shipment.rates[0]!.rateId, insuranceCents: 0, idempotencyKey: 'thirteen' }),
    ).rejects.toMatchObject({ code: 'PAYMENT_REQUIRED', retryable: false });
    expect(carriers.purchaseCount()).toBe(0);
  });
});

describe('simulator state in the database', () => {
  it('keeps a label bought by one instance for another on the same database (a restart, or a second server)', async () => {
    const postage = await bought(NEW_YORK, 'UPS', '2ndDayAir');
    const restarted = anotherInstance();
    expect(await restarted.track({ trackingCode: postage.trackingCode })).toMatchObject({ trackerId: postage.trackerId, status: 'pre_transit', carrier: 'UPS' });
    expect(await restarted.track({ trackerId: postage.trackerId ?? '' })).toMatchObject({ trackingCode: postage.trackingCode });
    const label = await restarted.fetchLabel(postage.shipmentId, 'PDF');
    expect(label.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // Buying the same shipment again on the other instance answers the same label, not a second one.
    const shipment = await database.db.selectFrom('carrier_simulator_objects').select('data').where('kind', '=', 'shipment').where('id', '=', postage.shipmentId).executeTakeFirstOrThrow();
    const rateId = (JSON.parse(shipment.data) as { purchase: { rate: { rateId: string } } }).purchase.rate.rateId;
    const again = await restarted.buyRate({ shipmentId: postage.shipmentId, rateId, insuranceCents: 10_000, idempotencyKey: `key-${postage.shipmentId}` });
    expect(again).toMatchObject({ trackingCode: postage.trackingCode, reconciled: true });
    expect(restarted.purchaseCount()).toBe(0);
    // Steps and refunds made by one are seen by the other.
    await restarted.advance(postage.trackingCode);
    expect((await carriers.track({ trackingCode: postage.trackingCode })).status).toBe('in_transit');
    expect(await carriers.refund(postage.shipmentId)).toBe('rejected');
    expect(await restarted.getRefundStatus(postage.shipmentId)).toBe('rejected');
  });

  it('keeps pickups and refunds across instances', async () => {
    const postage = await bought();
    const pickup = await carriers.createPickup({
      shipmentId: postage.shipmentId,
      address: SAN_FRANCISCO,
      minDatetime: new Date('2026-11-24T17:00:00Z'),
      maxDatetime: new Date('2026-11-24T23:00:00Z'),
    });
    const booked = await anotherInstance().buyPickup(pickup.pickupId, pickup.rates[0]!.rateId);
    expect(await carriers.buyPickup(pickup.pickupId, pickup.rates[0]!.rateId)).toEqual(booked);
    expect(await anotherInstance().refund(postage.shipmentId)).toBe('submitted');
    expect(await anotherInstance().advance(postage.trackingCode)).toMatchObject({ refundStatus: 'refunded' });
    expect(await carriers.getRefundStatus(postage.shipmentId)).toBe('refunded');
  });

  it('lists the labels time still moves, by their last step, until delivered or refunded', async () => {
    const first = await bought();
    now += 60_000;
    const second = await bought(LOS_ANGELES);
    now += 60_000;
    const refunded = await bought();
    await carriers.refund(refunded.shipmentId);
    const mine = (codes: string[]) => codes.filter((code) => [first, second, refunded].some((postage) => postage.trackingCode === code));
    expect(mine(await carriers.dueTrackingCodes(new Date(now), 1000))).toEqual([first.trackingCode, second.trackingCode, refunded.trackingCode]);
    // Only the labels that last moved by then.
    expect(mine(await carriers.dueTrackingCodes(new Date(START), 1000))).toEqual([first.trackingCode]);
    now += 60_000;
    await carriers.advance(first.trackingCode);
    await carriers.advance(refunded.trackingCode);
    expect(mine(await carriers.dueTrackingCodes(new Date(now - 1), 1000))).toEqual([second.trackingCode]);
    expect(mine(await carriers.dueTrackingCodes(new Date(now), 1000))).toEqual([second.trackingCode, first.trackingCode]);
    await carriers.advance(first.trackingCode);
    await carriers.advance(first.trackingCode);
    expect((await carriers.track({ trackingCode: first.trackingCode })).status).toBe('delivered');
    expect(mine(await carriers.dueTrackingCodes(new Date(now), 1000))).toEqual([second.trackingCode]);
  });

  it('forgets a rated shipment nobody bought after a day', async () => {
    const shipment = await carriers.rateShipment({ from: SAN_FRANCISCO, to: NEW_YORK, parcel: SMALL_BOX });
    const kept = await bought();
    now += 24 * 60 * 60 * 1000 + 1000;
    await carriers.rateShipment({ from: SAN_FRANCISCO, to: NEW_YORK, parcel: SMALL_BOX });
    await expect(carriers.buyRate({ shipmentId: shipment.shipmentId, rateId: shipment.rates[0]!.rateId, insuranceCents: 0, idempotencyKey: 'late' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect((await carriers.track({ trackingCode: kept.trackingCode })).status).toBe('pre_transit');
  });

  it('fails the next call of a step on every instance once, when told durably (npm run carrier -- fail)', async () => {
    await anotherInstance().failNextDurably('rateShipment', 'UNAVAILABLE');
    await expect(carriers.rateShipment({ from: SAN_FRANCISCO, to: NEW_YORK, parcel: SMALL_BOX })).rejects.toMatchObject({ code: 'UNAVAILABLE', retryable: true });
    expect((await anotherInstance().rateShipment({ from: SAN_FRANCISCO, to: NEW_YORK, parcel: SMALL_BOX })).rates).toHaveLength(9);
  });

  it('keeps state in memory when given no store (unit tests): a second instance knows nothing', async () => {
    const inMemory = createSimulatorCarriersProvider({ clock: () => new Date(now), webhookSecret: undefined, store: createMemorySimulatorStore() });
    const shipment = await inMemory.rateShipment({ from: SAN_FRANCISCO, to: NEW_YORK, parcel: SMALL_BOX });
    const postage = await inMemory.buyRate({ shipmentId: shipment.shipmentId, rateId: shipment.rates[0]!.rateId, insuranceCents: 0, idempotencyKey: 'memory' });
    expect((await inMemory.track({ trackingCode: postage.trackingCode })).status).toBe('pre_transit');
    await expect(createSimulatorCarriersProvider({ clock: () => new Date(now), webhookSecret: undefined }).track({ trackingCode: postage.trackingCode })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});
