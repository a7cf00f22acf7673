import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CarrierError } from '../src/providers/carriers/carriers-provider.js';
import { createEasyPostCarriersProvider } from '../src/providers/carriers/easypost-carriers-provider.js';
import { parseTrackerEvent, signWebhookBody, verifyWebhookSignature } from '../src/providers/carriers/easypost-format.js';
import { createSimulatorCarriersProvider } from '../src/providers/carriers/simulator-carriers-provider.js';

const SECRET = 'whsec-\u00e9t\u00e9-2026';

/** A tracker.updated event as EasyPost documents it; the weight written as 614.0, as EasyPost writes floats. */
const RAW_EVENT = `{"id":"evt_3f1c","object":"Event","mode":"production","description":"tracker.updated","previous_attributes":{"status":"in_transit"},"pending_urls":["https://portal.example.com/hooks/easypost"],"completed_urls":[],"result":{"id":"trk_91a","object":"Tracker","mode":"production","tracking_code":"9400111202555842761234","status":"out_for_delivery","status_detail":"out_for_delivery","weight":614.0,"est_delivery_date":"2026-11-25T00:00:00Z","shipment_id":"shp_77b","carrier":"USPS","public_url":"https://track.easypost.com/abc","tracking_details":[{"object":"TrackingDetail","message":"Accepted at USPS Origin Facility","status":"in_transit","status_detail":"arrived_at_facility","datetime":"2026-11-23T19:27:00Z","source":"USPS","tracking_location":{"object":"TrackingLocation","city":"SAN FRANCISCO","state":"CA","country":"US","zip":"94107"}},{"object":"TrackingDetail","message":"Out for Delivery","status":"out_for_delivery","status_detail":"out_for_delivery","datetime":"2026-11-25T08:02:00Z","source":"USPS","tracking_location":null}]}}`;

/** The signature EasyPost sends, computed here independently of the code under test. */
const goodSignature = `hmac-sha256-hex=${createHmac('sha256', SECRET.normalize('NFKD')).update(RAW_EVENT).digest('hex')}`;

describe('EasyPost webhook signature (X-Hmac-Signature)', () => {
  const providers = [
    createEasyPostCarriersProvider({ apiKey: 'EZTK', apiBase: 'http://127.0.0.1:9/v2', webhookSecret: SECRET }),
    createSimulatorCarriersProvider({ clock: () => new Date(), webhookSecret: SECRET }),
  ];

  it.each(providers.map((provider) => [provider.name, provider] as const))('%s accepts the signature of the raw body, in any header case', (_name, provider) => {
    expect(signWebhookBody(RAW_EVENT, SECRET)).toBe(goodSignature);
    expect(provider.verifyWebhook(Buffer.from(RAW_EVENT), { 'x-hmac-signature': goodSignature })).toBe(true);
    expect(provider.verifyWebhook(RAW_EVENT, { 'X-Hmac-Signature': goodSignature, 'content-type': 'application/json' })).toBe(true);
  });

  it.each(providers.map((provider) => [provider.name, provider] as const))('%s refuses a missing, bad, tampered or re-serialised body', (_name, provider) => {
    expect(provider.verifyWebhook(RAW_EVENT, {})).toBe(false);
    expect(provider.verifyWebhook(RAW_EVENT, { 'x-hmac-signature': '' })).toBe(false);
    expect(provider.verifyWebhook(RAW_EVENT, { 'x-hmac-signature': goodSignature.replace('hmac-sha256-hex=', '') })).toBe(false);
    const oneDigitOff = `${goodSignature.slice(0, -1)}${goodSignature.endsWith('0') ? '1' : '0'}`;
    expect(provider.verifyWebhook(RAW_EVENT, { 'x-hmac-signature': oneDigitOff })).toBe(false);
    expect(provider.verifyWebhook(RAW_EVENT, { 'x-hmac-signature': `${goodSignature}00` })).toBe(false);
    expect(provider.verifyWebhook(RAW_EVENT, { 'x-hmac-signature': [goodSignature, goodSignature] })).toBe(false);
    expect(provider.verifyWebhook(RAW_EVENT, { 'x-hmac-signature': signWebhookBody(RAW_EVENT, 'another secret') })).toBe(false);
    expect(provider.verifyWebhook(RAW_EVENT.replace('out_for_delivery', 'delivered'), { 'x-hmac-signature': goodSignature })).toBe(false);
    // JSON.parse + JSON.stringify writes 614.0 as 614: only the bytes as received verify.
    expect(provider.verifyWebhook(JSON.stringify(JSON.parse(RAW_EVENT)), { 'x-hmac-signature': goodSignature })).toBe(false);
  });

  it('refuses every webhook when no secret is configured', () => {
    const withoutSecret = createSimulatorCarriersProvider({ clock: () => new Date(), webhookSecret: undefined });
    expect(withoutSecret.verifyWebhook(RAW_EVENT, { 'x-hmac-signature': goodSignature })).toBe(false);
    expect(verifyWebhookSignature(RAW_EVENT, { 'x-hmac-signature': signWebhookBody(RAW_EVENT, '') }, '')).toBe(false);
  });
});

describe('EasyPost tracker events', () => {
  it('reads the tracker, its events and the previous status', () => {
    expect(parseTrackerEvent(JSON.parse(RAW_EVENT))).toEqual({
      eventId: 'evt_3f1c',
      description: 'tracker.updated',
      previousStatus: 'in_transit',
      tracker: {
        trackerId: 'trk_91a',
        trackingCode: '9400111202555842761234',
        carrier: 'USPS',
        status: 'out_for_delivery',
        statusDetail: 'out_for_delivery',
        shipmentId: 'shp_77b',
        estDeliveryDate: '2026-11-25T00:00:00Z',
        publicUrl: 'https://track.easypost.com/abc',
        events: [
          { status: 'in_transit', message: 'Accepted at USPS Origin Facility', datetime: '2026-11-23T19:27:00Z', city: 'SAN FRANCISCO', state: 'CA', zip: '94107' },
          { status: 'out_for_delivery', message: 'Out for Delivery', datetime: '2026-11-25T08:02:00Z', city: null, state: null, zip: null },
        ],
      },
    });
  });

  it('reads a status it does not know as unknown, and UPSDAP as UPS', () => {
    const event = JSON.parse(RAW_EVENT) as { result: { status: string; carrier: string } };
    event.result.status = 'held_at_customs';
    event.result.carrier = 'UPSDAP';
    expect(parseTrackerEvent(event)?.tracker).toMatchObject({ status: 'unknown', carrier: 'UPS' });
  });

  it('answers null for an event about something else', () => {
    expect(parseTrackerEvent({ id: 'evt_2', object: 'Event', description: 'refund.successful', result: { id: 'rfnd_1', object: 'Refund' } })).toBeNull();
  });

  it.each([
    ['not an event', { hello: 'world' }],
    ['an event without an id', { object: 'Event', description: 'tracker.updated', result: {} }],
    ['a tracker event without a tracking code', { id: 'evt_3', object: 'Event', description: 'tracker.created', result: { id: 'trk_1', object: 'Tracker', status: 'pre_transit' } }],
    ['a string', 'tracker.updated'],
  ])('refuses %s', (_what, body) => {
    expect(() => parseTrackerEvent(body)).toThrow(CarrierError);
    expect(() => parseTrackerEvent(body)).toThrow(expect.objectContaining({ code: 'INVALID_REQUEST' }));
  });
});
