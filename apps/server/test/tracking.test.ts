import { createHmac, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { API_ERRORCODE, carrierPickupDates, stateTimeZone } from '@airbox/contract';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { carrierCommand } from '../src/cli/carrier.js';
import { UsageError } from '../src/cli/simulator-fail.js';
import { advanceDueSimulatedLabels } from '../src/jobs/carrier-simulator-advance.job.js';
import { PICKUP_SERVER_MESSAGES } from '../src/modules/pickups/pickups.service.js';
import { trackerStatusMovesForward } from '../src/modules/shipments/tracker-status.js';
import type { NewUser } from '../src/modules/users/users.table.js';
import type { TrackerStatus } from '../src/providers/carriers/carriers-provider.js';
import { isCarriersSimulator, type SimulatorCarriersProvider } from '../src/providers/carriers/simulator-carriers-provider.js';
import { mailsOf, postForm, useTestApp, useTestDatabase } from './helper.js';
import { newCustomer } from './ledger-fixtures.js';
import { uspsPickupForm } from './shipment-fixtures.js';

const SECRET = 'tracking-test-webhook-secret';
const STEP_MINUTES = 60;
const MINUTE = 60 * 1000;
const database = useTestDatabase();
const t = useTestApp(database, { carriers: { provider: 'simulator', webhookSecret: SECRET, stepMinutes: STEP_MINUTES } });
const WEBHOOK = '/app/v1/webhooks/easypost';

const simulator = (): SimulatorCarriersProvider => {
  if (!isCarriersSimulator(t.app.carriers)) throw new Error('the tests run on the simulator');
  return t.app.carriers;
};

const SENDER = { name: 'Jack Sparrow', street1: '388 Townsend St', city: 'San Francisco', state: 'CA', zip: '94107', phone: '4155550101', email: 'jack@example.com' };
const RECIPIENT = { name: 'Will Turner', street1: '350 5th Ave', city: 'New York', state: 'NY', zip: '10118', phone: '2125550199', email: 'will@example.com' };

let orders = 0;

interface Label {
  id: number;
  orderNo: string;
  trackingCode: string;
  trackerId: string;
  token: string;
}

/**
 * A bought label of the customer, as a purchase leaves it: the row, with its tracker. With
 * `onSimulator` it is really bought on the app's simulator (so time moves it); otherwise its
 * tracker is one only a webhook tells about.
 */
async function labelOf(userId: number, options: { onSimulator?: boolean; state?: 'bought' | 'draft' | 'refunded' } = {}): Promise<Label> {
  orders += 1;
  const now = t.config.clock().toISOString();
  let trackingCode = `9400${randomBytes(9).toString('hex').replace(/\D/g, '7').slice(0, 18).padEnd(18, '1')}`;
  let trackerId = `trk_${randomBytes(16).toString('hex')}`;
  let providerShipmentId: string | null = `shp_${randomBytes(16).toString('hex')}`;
  if (options.onSimulator) {
    const rated = await simulator().rateShipment({ from: SENDER, to: RECIPIENT, parcel: { lengthIn: 10, widthIn: 8, heightIn: 4, weightOz: 32 } });
    const rate = rated.rates.find((candidate) => candidate.carrier === 'USPS' && candidate.service === 'Priority')!;
    const postage = await simulator().buyRate({ shipmentId: rated.shipmentId, rateId: rate.rateId, insuranceCents: 0, idempotencyKey: `tracking-test-${orders}` });
    trackingCode = postage.trackingCode;
    trackerId = postage.trackerId ?? '';
    providerShipmentId = postage.shipmentId;
  }
  const token = randomBytes(24).toString('base64url');
  const orderNo = `AB26112300${String(90_000 + orders)}`;
  const state = options.state ?? 'bought';
  const { id } = await t.app.db
    .insertInto('shipments')
    .values({
      user_id: userId,
      order_no: orderNo,
      box_id: '2135846',
      state,
      provider: 'simulator',
      provider_shipment_id: providerShipmentId,
      carrier: 'USPS',
      service: 'Priority',
      rate_cents: 1_000,
      total_cents: 1_000,
      tracking_code: state === 'draft' ? null : trackingCode,
      tracker_id: state === 'draft' ? null : trackerId,
      tracker_status: state === 'draft' ? '' : 'pre_transit',
      tracking_events: JSON.stringify(
        state === 'draft' ? [] : [{ status: 'pre_transit', message: 'Shipping label created', datetime: now, city: 'San Francisco', state: 'CA', zip: '94107' }],
      ),
      notify_recipient: 1,
      tracking_token: token,
      length_in: 10,
      width_in: 8,
      height_in: 4,
      weight_oz: 32,
      created_at: now,
      updated_at: now,
      bought_at: state === 'draft' ? null : now,
      from_first_name: 'Jack',
      from_last_name: 'Sparrow',
      from_address1: SENDER.street1,
      from_city: SENDER.city,
      from_state: SENDER.state,
      from_zipcode: SENDER.zip,
      from_phone: SENDER.phone,
      from_email: SENDER.email,
      to_first_name: 'Will',
      to_last_name: 'Turner',
      to_address1: RECIPIENT.street1,
      to_city: RECIPIENT.city,
      to_state: RECIPIENT.state,
      to_zipcode: RECIPIENT.zip,
      to_phone: RECIPIENT.phone,
      to_email: RECIPIENT.email,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, orderNo, trackingCode, trackerId, token };
}

const rowOf = (label: Label) => t.app.db.selectFrom('shipments').selectAll().where('id', '=', label.id).executeTakeFirstOrThrow();
const statusOf = async (label: Label) => (await rowOf(label)).tracker_status;

/** A tracker.updated event as EasyPost sends it, as raw bytes. */
function trackerEvent(label: Label, status: TrackerStatus, details: { status: TrackerStatus; message: string; datetime: string; city?: string }[], eventId = `evt_${randomBytes(12).toString('hex')}`) {
  return JSON.stringify({
    id: eventId,
    object: 'Event',
    mode: 'production',
    description: 'tracker.updated',
    previous_attributes: { status: 'pre_transit' },
    result: {
      id: label.trackerId,
      object: 'Tracker',
      tracking_code: label.trackingCode,
      status,
      status_detail: 'status_update',
      carrier: 'USPS',
      shipment_id: null,
      est_delivery_date: null,
      public_url: null,
      weight: 32.0,
      tracking_details: details.map((detail) => ({
        object: 'TrackingDetail',
        message: detail.message,
        status: detail.status,
        datetime: detail.datetime,
        tracking_location: { object: 'TrackingLocation', city: detail.city ?? 'NEW YORK', state: 'NY', country: 'US', zip: '10118' },
      })),
    },
  });
}

/** The signature EasyPost sends, computed here independently of the code under test. */
const signatureOf = (raw: string, secret = SECRET) => `hmac-sha256-hex=${createHmac('sha256', secret).update(raw).digest('hex')}`;

const post = (raw: string, headers: Record<string, string> = { 'x-hmac-signature': signatureOf(raw) }) =>
  t.app.inject({ method: 'POST', url: WEBHOOK, headers: { 'content-type': 'application/json', ...headers }, payload: raw });

const iso = (offsetMinutes: number) => new Date(t.config.clock().getTime() + offsetMinutes * MINUTE).toISOString();

const storedEvent = (eventId: string) => t.app.db.selectFrom('carrier_events').selectAll().where('event_id', '=', eventId).executeTakeFirst();
const jobsOf = (eventId: string) => t.app.db.selectFrom('jobs').select('id').where('unique_key', '=', `carrier-event:${eventId}`).execute();

function textsTo(phone: string): string[] {
  let files: string[];
  try {
    files = readdirSync(t.config.mailOutboxDir);
  } catch {
    return [];
  }
  return files
    .filter((file) => file.startsWith('sms-'))
    .map((file) => readFileSync(join(t.config.mailOutboxDir, file), 'utf8'))
    .filter((text) => text.startsWith(`To: ${phone}`));
}

const customer = (changes: Partial<NewUser> = {}) => newCustomer(t.app, { notify_by_email: 1, first_name: 'Ann', ...changes });

describe('the tracking webhook', () => {
  it('refuses a missing, wrong or other-secret signature with 401, and stores nothing', async () => {
    const { userId } = await customer();
    const label = await labelOf(userId);
    const eventId = `evt_${randomBytes(8).toString('hex')}`;
    const raw = trackerEvent(label, 'in_transit', [{ status: 'in_transit', message: 'Accepted', datetime: iso(1) }], eventId);
    const attempts: Record<string, string>[] = [{}, { 'x-hmac-signature': 'hmac-sha256-hex=00' }, { 'x-hmac-signature': signatureOf(raw, 'another secret') }, { 'x-hmac-signature': signatureOf(`${raw} `) }];
    for (const headers of attempts) {
      const response = await post(raw, headers);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ errorcode: API_ERRORCODE.notSignedIn });
    }
    expect(await storedEvent(eventId)).toBeUndefined();
    expect(await jobsOf(eventId)).toEqual([]);
    await t.app.jobs.drain();
    expect(await statusOf(label)).toBe('pre_transit');
  });

  it('stores a signed event, answers at once, and its job moves the label and mails the customer', async () => {
    const { userId, email } = await customer();
    const label = await labelOf(userId);
    const eventId = `evt_${randomBytes(8).toString('hex')}`;
    const raw = trackerEvent(
      label,
      'out_for_delivery',
      [
        { status: 'in_transit', message: 'Accepted at USPS Origin Facility', datetime: iso(1), city: 'SAN FRANCISCO' },
        { status: 'out_for_delivery', message: 'Out for Delivery', datetime: iso(2) },
      ],
      eventId,
    );
    // From another site's Origin too: a carrier's server is no browser, its signature is the proof.
    const response = await post(raw, { 'x-hmac-signature': signatureOf(raw), origin: 'https://hooks.easypost.com' });
    expect(response.statusCode).toBe(200);
    expect(await storedEvent(eventId)).toMatchObject({ event_id: eventId, description: 'tracker.updated' });
    expect(await jobsOf(eventId)).toHaveLength(1);
    // Answered before the job ran: the label has not moved yet.
    expect(await statusOf(label)).toBe('pre_transit');

    const mails = (await mailsOf(t)).filter((mail) => mail.to === email);
    const row = await rowOf(label);
    expect(row.tracker_status).toBe('out_for_delivery');
    expect(JSON.parse(row.tracking_events)).toEqual([
      expect.objectContaining({ status: 'pre_transit', message: 'Shipping label created' }),
      expect.objectContaining({ status: 'in_transit', message: 'Accepted at USPS Origin Facility', city: 'SAN FRANCISCO', state: 'NY' }),
      expect.objectContaining({ status: 'out_for_delivery', message: 'Out for Delivery', datetime: iso(2) }),
    ]);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`AirBox: your USPS label ${label.orderNo} is out for delivery`);
    expect(mails[0]!.text).toContain('Hello Ann,');
    expect(mails[0]!.text).toContain(`Your USPS label ${label.orderNo} is out for delivery (NEW YORK, NY).`);
    expect(mails[0]!.text).toContain(`Tracking number: ${label.trackingCode}`);
  });

  it('takes a replayed event once: answered 200, applied and mailed once', async () => {
    const { userId, email } = await customer();
    const label = await labelOf(userId);
    const eventId = `evt_${randomBytes(8).toString('hex')}`;
    const raw = trackerEvent(label, 'delivered', [{ status: 'delivered', message: 'Delivered, In/At Mailbox', datetime: iso(3) }], eventId);
    expect((await post(raw)).statusCode).toBe(200);
    expect((await post(raw)).statusCode).toBe(200);
    expect(await jobsOf(eventId)).toHaveLength(1);
    await mailsOf(t);
    expect((await post(raw)).statusCode).toBe(200);
    const mails = (await mailsOf(t)).filter((mail) => mail.to === email);
    expect(mails.map((mail) => mail.subject)).toEqual([`AirBox: your USPS label ${label.orderNo} was delivered`]);
    const row = await rowOf(label);
    expect(row.tracker_status).toBe('delivered');
    expect(JSON.parse(row.tracking_events).filter((event: { status: string }) => event.status === 'delivered')).toHaveLength(1);
  });

  it('never moves a label back: an older event arriving late adds its history, not its status', async () => {
    const { userId, email } = await customer();
    const label = await labelOf(userId);
    const delivered = trackerEvent(label, 'delivered', [{ status: 'delivered', message: 'Delivered', datetime: iso(30) }]);
    const late = trackerEvent(label, 'in_transit', [{ status: 'in_transit', message: 'Arrived at facility', datetime: iso(10) }]);
    expect((await post(delivered)).statusCode).toBe(200);
    await mailsOf(t);
    expect((await post(late)).statusCode).toBe(200);
    const mails = (await mailsOf(t)).filter((mail) => mail.to === email);
    const row = await rowOf(label);
    expect(row.tracker_status).toBe('delivered');
    expect(JSON.parse(row.tracking_events).map((event: { status: string }) => event.status)).toEqual(['pre_transit', 'in_transit', 'delivered']);
    expect(mails.map((mail) => mail.subject)).toEqual([`AirBox: your USPS label ${label.orderNo} was delivered`]);
  });

  it('never moves a label back to an earlier or unknown status, so a parcel with the carrier gets no USPS pickup', async () => {
    const customerOf = await customer();
    const label = await labelOf(customerOf.userId);
    await post(
      trackerEvent(label, 'out_for_delivery', [
        { status: 'in_transit', message: 'Accepted at USPS Origin Facility', datetime: iso(1) },
        { status: 'out_for_delivery', message: 'Out for Delivery', datetime: iso(2) },
      ]),
    );
    await t.app.jobs.drain();
    expect(await statusOf(label)).toBe('out_for_delivery');
    const eventsBefore = (await rowOf(label)).tracking_events;
    // Signed events with the label's whole history, but a status behind the label's, or one nobody knows.
    const history = (JSON.parse(eventsBefore) as { status: TrackerStatus; message: string; datetime: string }[]).map(({ status, message, datetime }) => ({ status, message, datetime }));
    expect(history).toHaveLength(3);
    for (const status of ['in_transit', 'unknown', 'held_at_customs', 'pre_transit'] as TrackerStatus[]) {
      expect((await post(trackerEvent(label, status, history))).statusCode).toBe(200);
      await t.app.jobs.drain();
      expect(await statusOf(label), status).toBe('out_for_delivery');
    }
    expect((await rowOf(label)).tracking_events).toBe(eventsBefore);
    const lastDay = carrierPickupDates(t.config.clock(), stateTimeZone('CA'), 'USPS').at(-1)!;
    const pickup = await postForm(t.app, '/openapi/USPS/CarrierPickupSchedule', { firmname: '', ...uspsPickupForm(label.id, customerOf.userId, lastDay) }, customerOf.cookie);
    expect(pickup.json()).toMatchObject({ code: -1, message: PICKUP_SERVER_MESSAGES.inCarrierHands });
    expect(await t.app.db.selectFrom('pickups').select('id').where('shipment_id', '=', label.id).execute()).toEqual([]);
  });

  it('ignores an event with a detail dated in the future, so a later genuine event still moves the label', async () => {
    const { userId, email } = await customer();
    const label = await labelOf(userId);
    const accepted = { status: 'in_transit' as const, message: 'Accepted at USPS Origin Facility', datetime: iso(1) };
    await post(trackerEvent(label, 'in_transit', [accepted]));
    await mailsOf(t);
    const before = await rowOf(label);
    expect(before.tracker_status).toBe('in_transit');
    // A detail dated 2099 (or two days ahead of the server's clock): the event changes nothing.
    for (const datetime of ['2099-01-01T00:00:00Z', iso(2 * 24 * 60)]) {
      await post(trackerEvent(label, 'out_for_delivery', [accepted, { status: 'out_for_delivery', message: 'Out for Delivery', datetime }]));
      await t.app.jobs.drain();
      const row = await rowOf(label);
      expect(row.tracker_status, datetime).toBe('in_transit');
      expect(row.tracking_events, datetime).toBe(before.tracking_events);
    }
    // The genuine events that follow (a carrier's clock a little ahead is fine) move it on.
    const outForDelivery = { status: 'out_for_delivery' as const, message: 'Out for Delivery', datetime: iso(2) };
    await post(trackerEvent(label, 'out_for_delivery', [accepted, outForDelivery]));
    await t.app.jobs.drain();
    expect(await statusOf(label)).toBe('out_for_delivery');
    await post(trackerEvent(label, 'delivered', [accepted, outForDelivery, { status: 'delivered', message: 'Delivered', datetime: iso(90) }]));
    const mails = (await mailsOf(t)).filter((mail) => mail.to === email);
    const row = await rowOf(label);
    expect(row.tracker_status).toBe('delivered');
    expect(JSON.parse(row.tracking_events).map((event: { message: string }) => event.message)).toEqual([
      'Shipping label created',
      'Accepted at USPS Origin Facility',
      'Out for Delivery',
      'Delivered',
    ]);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `AirBox: your USPS label ${label.orderNo} is in transit`,
      `AirBox: your USPS label ${label.orderNo} is out for delivery`,
      `AirBox: your USPS label ${label.orderNo} was delivered`,
    ]);
  });

  it('tells by text when the customer chose texts, and tells nobody who chose neither', async () => {
    const texted = await customer({ notify_by_email: 0, notify_by_text: 1, cell_phone: '(415) 555-0177' });
    const silent = await customer({ notify_by_email: 0, notify_by_text: 0, cell_phone: '(415) 555-0178' });
    const textedLabel = await labelOf(texted.userId);
    const silentLabel = await labelOf(silent.userId);
    for (const label of [textedLabel, silentLabel]) {
      expect((await post(trackerEvent(label, 'out_for_delivery', [{ status: 'out_for_delivery', message: 'Out for Delivery', datetime: iso(5) }]))).statusCode).toBe(200);
    }
    const mails = await mailsOf(t);
    expect(await statusOf(textedLabel)).toBe('out_for_delivery');
    expect(await statusOf(silentLabel)).toBe('out_for_delivery');
    expect(mails.filter((mail) => mail.to === texted.email || mail.to === silent.email)).toEqual([]);
    const texts = textsTo('+14155550177');
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain(`AirBox: Your USPS label ${textedLabel.orderNo} is out for delivery (NEW YORK, NY). Tracking ${textedLabel.trackingCode}`);
    expect(textsTo('+14155550178')).toEqual([]);
  });

  it('tells in_transit once, at the first scan, and keeps a label waiting for pickup there', async () => {
    const { userId, email } = await customer();
    const label = await labelOf(userId);
    await post(trackerEvent(label, 'in_transit', [{ status: 'in_transit', message: 'Accepted', datetime: iso(1) }]));
    await post(trackerEvent(label, 'available_for_pickup', [{ status: 'available_for_pickup', message: 'Held at Post Office', datetime: iso(2) }]));
    await mailsOf(t);
    // A later in_transit is a step back in the carrier's order: its history is kept, not its status.
    await post(trackerEvent(label, 'in_transit', [{ status: 'in_transit', message: 'Departed Post Office', datetime: iso(3) }]));
    const subjects = (await mailsOf(t)).filter((mail) => mail.to === email).map((mail) => mail.subject);
    expect(subjects).toEqual([
      `AirBox: your USPS label ${label.orderNo} is in transit`,
      `AirBox: your USPS label ${label.orderNo} is available for pickup at the carrier`,
    ]);
    expect(await statusOf(label)).toBe('available_for_pickup');
    expect(JSON.parse((await rowOf(label)).tracking_events).at(-1)).toMatchObject({ message: 'Departed Post Office' });
  });

  it('takes an event about something else or about no label of ours, and refuses a body that is not an event', async () => {
    const other = JSON.stringify({ id: `evt_${randomBytes(8).toString('hex')}`, object: 'Event', description: 'refund.successful', result: { id: 'rfnd_1', object: 'Refund' } });
    expect((await post(other)).statusCode).toBe(200);
    const stranger = trackerEvent({ id: 0, orderNo: '', trackingCode: '9400100000000000000001', trackerId: 'trk_stranger', token: '' }, 'delivered', [
      { status: 'delivered', message: 'Delivered', datetime: iso(1) },
    ]);
    expect((await post(stranger)).statusCode).toBe(200);
    await t.app.jobs.drain();
    const withNul = trackerEvent({ id: 0, orderNo: '', trackingCode: '9400100000000000000002\u0000', trackerId: 'trk_nul', token: '' }, 'delivered', []);
    expect(withNul).toContain('\\u0000');
    for (const raw of ['not json', JSON.stringify({ hello: 'world' }), withNul, 'nul\u0000byte']) {
      const response = await post(raw);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ errorcode: API_ERRORCODE.invalidRequest });
    }
  });

  it('refuses a body over 256 KB with 413', async () => {
    const raw = JSON.stringify({ padding: 'x'.repeat(257 * 1024) });
    const response = await post(raw);
    expect(response.statusCode).toBe(413);
  });
});

describe("the carrier's status order", () => {
  it.each([
    ['', 'pre_transit'],
    ['', 'delivered'],
    ['unknown', 'in_transit'],
    ['pre_transit', 'in_transit'],
    ['pre_transit', 'cancelled'],
    ['pre_transit', 'error'],
    ['error', 'in_transit'],
    ['in_transit', 'out_for_delivery'],
    ['in_transit', 'available_for_pickup'],
    ['in_transit', 'failure'],
    ['in_transit', 'return_to_sender'],
    ['out_for_delivery', 'available_for_pickup'],
    ['out_for_delivery', 'delivered'],
    ['available_for_pickup', 'delivered'],
    ['available_for_pickup', 'return_to_sender'],
  ] as [string, TrackerStatus][])('moves a label from %s to %s', (current, next) => {
    expect(trackerStatusMovesForward(current, next)).toBe(true);
  });

  it.each([
    ['out_for_delivery', 'pre_transit'],
    ['out_for_delivery', 'in_transit'],
    ['available_for_pickup', 'out_for_delivery'],
    ['in_transit', 'in_transit'],
    ['error', 'pre_transit'],
    ['in_transit', 'cancelled'],
    ['in_transit', 'error'],
    ['pre_transit', 'unknown'],
    ['', 'unknown'],
    ['delivered', 'return_to_sender'],
    ['delivered', 'failure'],
    ['failure', 'delivered'],
    ['return_to_sender', 'delivered'],
    ['cancelled', 'in_transit'],
  ] as [string, TrackerStatus][])('never moves a label from %s to %s', (current, next) => {
    expect(trackerStatusMovesForward(current, next)).toBe(false);
  });
});

describe('the simulator moving labels over time', () => {
  it('moves each due label one step per CARRIER_SIMULATOR_STEP_MINUTES through the recurring job, and tells the customer', async () => {
    const { userId, email } = await customer();
    const label = await labelOf(userId, { onSimulator: true });
    await mailsOf(t);
    expect(await statusOf(label)).toBe('pre_transit');

    // Not yet: the label was made less than a step ago.
    t.advance((STEP_MINUTES - 10) * MINUTE);
    await mailsOf(t);
    expect(await statusOf(label)).toBe('pre_transit');

    const seen: string[] = [];
    for (const expected of ['in_transit', 'out_for_delivery', 'delivered']) {
      t.advance(STEP_MINUTES * MINUTE);
      await mailsOf(t);
      seen.push(await statusOf(label));
      expect((await simulator().track({ trackingCode: label.trackingCode })).status).toBe(expected);
    }
    expect(seen).toEqual(['in_transit', 'out_for_delivery', 'delivered']);
    const row = await rowOf(label);
    // The simulator's trackers carry the carrier's estimate, as EasyPost's do.
    const estimate = (await simulator().track({ trackingCode: label.trackingCode })).estDeliveryDate;
    expect(estimate).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(row.est_delivery_date === null ? null : new Date(row.est_delivery_date).toISOString()).toBe(new Date(estimate!).toISOString());
    expect(JSON.parse(row.tracking_events).map((event: { message: string }) => event.message)).toEqual([
      'Shipping label created',
      'Accepted at origin facility',
      'Out for delivery',
      'Delivered',
    ]);
    const subjects = (await mailsOf(t)).filter((mail) => mail.to === email).map((mail) => mail.subject);
    expect(subjects).toEqual([
      `AirBox: your USPS label ${label.orderNo} is in transit`,
      `AirBox: your USPS label ${label.orderNo} is out for delivery`,
      `AirBox: your USPS label ${label.orderNo} was delivered`,
    ]);
    // Delivered labels stay.
    t.advance(STEP_MINUTES * MINUTE);
    await mailsOf(t);
    expect(await statusOf(label)).toBe('delivered');
  });

  it('grants a submitted refund at the next step, and moves nothing with a step of 0', async () => {
    const { userId } = await customer();
    const refunded = await labelOf(userId, { onSimulator: true });
    const shipment = await rowOf(refunded);
    expect(await simulator().refund(shipment.provider_shipment_id ?? '')).toBe('submitted');
    const still = await labelOf(userId, { onSimulator: true });
    t.advance((STEP_MINUTES + 1) * MINUTE);
    const context = { ...t.app, db: t.app.db, config: { ...t.config, carriers: { provider: 'simulator' as const, webhookSecret: SECRET, stepMinutes: 0 } } };
    expect(await advanceDueSimulatedLabels(context)).toBe(0);
    expect((await simulator().track({ trackingCode: still.trackingCode })).status).toBe('pre_transit');
    await t.app.jobs.drain();
    expect(await simulator().getRefundStatus(shipment.provider_shipment_id ?? '')).toBe('refunded');
    expect(await statusOf(refunded)).toBe('pre_transit');
    expect(await statusOf(still)).toBe('in_transit');
  });
});

describe('npm run carrier', () => {
  const deps = () => ({ db: t.app.db, config: t.config, log: pino({ level: 'silent' }) as unknown as FastifyBaseLogger, carriers: simulator() });

  it('advances a label on command and applies the event to the portal at once', async () => {
    const { userId, email } = await customer();
    const label = await labelOf(userId, { onSimulator: true });
    expect(await carrierCommand(deps(), ['advance', label.trackingCode])).toBe(`${label.trackingCode}: tracker now in transit; label ${label.orderNo} shows in transit`);
    expect(await statusOf(label)).toBe('in_transit');
    expect(await carrierCommand(deps(), ['advance', label.trackingCode])).toContain(`label ${label.orderNo} shows out for delivery`);
    // The job the command also queued finds nothing left to change: one mail per step.
    const subjects = (await mailsOf(t)).filter((mail) => mail.to === email).map((mail) => mail.subject);
    expect(subjects).toEqual([`AirBox: your USPS label ${label.orderNo} is in transit`, `AirBox: your USPS label ${label.orderNo} is out for delivery`]);
    expect(await carrierCommand(deps(), ['track', label.trackingCode])).toMatch(
      new RegExp(`^${label.trackingCode} USPS: out for delivery\\n.* pre transit +Shipping label created \\(San Francisco, CA\\)\\n.*\\n.* out for delivery +Out for delivery \\(New York, NY\\)$`),
    );
  });

  it("mails the step's link to the sending portal's public address, not the command's", async () => {
    const { userId, email } = await customer({ notify_by_text: 1, cell_phone: '(415) 555-0166' });
    const label = await labelOf(userId, { onSimulator: true });
    // The command runs with its own environment (another PORT, no PUBLIC_URL); the portal's worker sends.
    const command = { ...deps(), config: { ...t.config, publicUrl: 'http://localhost:3999', brandName: 'Elsewhere' } };
    await carrierCommand(command, ['advance', label.trackingCode]);
    const mails = (await mailsOf(t)).filter((mail) => mail.to === email);
    expect(mails.map((mail) => mail.subject)).toEqual([`AirBox: your USPS label ${label.orderNo} is in transit`]);
    expect(mails[0]!.text).toContain('My Shipments: http://localhost:8080/app/ShipmentParent/shipment');
    expect(mails[0]!.html).toContain('href="http://localhost:8080/app/ShipmentParent/shipment"');
    // The command's address, not its port's digits: the random tracking number may hold "3999".
    expect(`${mails[0]!.text}${mails[0]!.html}`).not.toContain('localhost:3999');
    expect(`${mails[0]!.text}${mails[0]!.html}`).not.toContain('Elsewhere');
    expect(textsTo('+14155550166')).toEqual([expect.stringContaining(`AirBox: Your USPS label ${label.orderNo} is in transit`)]);
  });

  it('advances every label that can move, fails a step on demand, and refuses what it does not know', async () => {
    const { userId } = await customer();
    const label = await labelOf(userId, { onSimulator: true });
    expect(await carrierCommand(deps(), ['advance-all'])).toContain(`${label.trackingCode}: tracker now in transit; label ${label.orderNo} shows in transit`);
    expect(await carrierCommand(deps(), ['fail', 'rateShipment', 'UNAVAILABLE'])).toBe('The next rateShipment fails with UNAVAILABLE.');
    await expect(simulator().rateShipment({ from: SENDER, to: RECIPIENT, parcel: { lengthIn: 1, widthIn: 1, heightIn: 1, weightOz: 1 } })).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    await expect(carrierCommand(deps(), ['advance', '9400000000000000000000'])).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(carrierCommand(deps(), ['advance'])).rejects.toBeInstanceOf(UsageError);
    await expect(carrierCommand(deps(), ['fail', 'teleport', 'UNAVAILABLE'])).rejects.toBeInstanceOf(UsageError);
    await expect(carrierCommand(deps(), ['fail', 'buyRate', 'OOPS'])).rejects.toBeInstanceOf(UsageError);
    await expect(carrierCommand(deps(), ['launch'])).rejects.toBeInstanceOf(UsageError);
  });
});

describe('the public tracking page (getPublicTracking)', () => {
  const track = (token: string) => t.app.inject({ method: 'GET', url: `/app/v1/tracking?token=${encodeURIComponent(token)}` });

  it('answers carrier, status, cities and events to anyone with the link, and no name, street, phone or e-mail', async () => {
    const { userId } = await customer();
    const label = await labelOf(userId);
    await post(trackerEvent(label, 'in_transit', [{ status: 'in_transit', message: 'Accepted at USPS Origin Facility', datetime: iso(1), city: 'SAN FRANCISCO' }]));
    await t.app.jobs.drain();
    const response = await track(label.token);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      errorcode: 0,
      message: 'Success',
      data: {
        carrier: 'USPS',
        trackingCode: label.trackingCode,
        status: 'in transit',
        expectedDelivery: null,
        fromCity: 'San Francisco',
        fromState: 'CA',
        toCity: 'New York',
        toState: 'NY',
        events: [
          { status: 'label created', message: 'Shipping label created', datetime: expect.any(String), city: 'San Francisco', state: 'CA' },
          { status: 'in transit', message: 'Accepted at USPS Origin Facility', datetime: iso(1), city: 'SAN FRANCISCO', state: 'NY' },
        ],
      },
    });
    // Read without the tracking code and the times, whose random digits can hold '555' or a zip.
    const shown = response.body.replaceAll(label.trackingCode, '').replace(/"datetime":"[^"]*"/g, '');
    for (const secret of ['Jack', 'Sparrow', 'Will', 'Turner', 'Townsend', '5th Ave', '94107', '10118', '555', 'example.com', label.orderNo]) {
      expect(shown).not.toContain(secret);
    }
  });

  it('answers 404 for a link no label has, or a label not bought; 400 for a malformed token', async () => {
    const { userId } = await customer();
    const draft = await labelOf(userId, { state: 'draft' });
    for (const token of [randomBytes(24).toString('base64url'), draft.token]) {
      const response = await track(token);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ errorcode: API_ERRORCODE.notFound, message: 'This tracking link is not valid. Please check the link in your e-mail.' });
    }
    for (const token of ['short', 'x'.repeat(65), 'has spaces in it here', `${'a'.repeat(20)}\u0000`]) {
      expect((await track(token)).statusCode).toBe(400);
    }
  });

  it('shows a refunded label as cancelled', async () => {
    const { userId } = await customer();
    const label = await labelOf(userId, { state: 'refunded' });
    expect((await track(label.token)).json().data).toMatchObject({ status: 'cancelled', expectedDelivery: null });
  });

  it("says the day the carrier expects to deliver: its tracker's latest estimate, else the service's days from the purchase", async () => {
    const { userId } = await customer();
    const label = await labelOf(userId);
    const expected = async () => (await track(label.token)).json().data.expectedDelivery;
    expect(await expected()).toBeNull();
    await t.app.db.updateTable('shipments').set({ delivery_days: 3 }).where('id', '=', label.id).execute();
    expect(await expected()).toBe(new Date(t.config.clock().getTime() + 3 * 24 * 60 * MINUTE).toISOString().slice(0, 10));

    // EasyPost dates a carrier's estimate at midnight UTC of the day.
    const withEstimate = (raw: string, estimate: string) => {
      const event = JSON.parse(raw);
      event.result.est_delivery_date = estimate;
      return JSON.stringify(event);
    };
    await post(withEstimate(trackerEvent(label, 'in_transit', [{ status: 'in_transit', message: 'Accepted', datetime: iso(2) }]), '2031-12-05T00:00:00Z'));
    await t.app.jobs.drain();
    expect(await expected()).toBe('2031-12-05');
    // An older tracker arriving late keeps the newer estimate; a newer one moves it.
    await post(withEstimate(trackerEvent(label, 'pre_transit', [{ status: 'pre_transit', message: 'Pre-shipment', datetime: iso(1) }]), '2031-12-01T00:00:00Z'));
    await t.app.jobs.drain();
    expect(await expected()).toBe('2031-12-05');
    await post(
      withEstimate(
        trackerEvent(label, 'in_transit', [
          { status: 'in_transit', message: 'Accepted', datetime: iso(2) },
          { status: 'in_transit', message: 'Departed', datetime: iso(3) },
        ]),
        '2031-12-06T00:00:00Z',
      ),
    );
    await t.app.jobs.drain();
    expect(await expected()).toBe('2031-12-06');
  });
});
