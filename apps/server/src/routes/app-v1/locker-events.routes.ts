import { createHash, timingSafeEqual } from 'node:crypto';
import {
  DROP_OFF_ERRORCODE,
  DROP_OFF_MESSAGES,
  LOCKER_EVENT_ERRORCODE,
  LOCKER_EVENT_MESSAGES,
  lockerDropOffInCall,
  lockerDropOffOpenCall,
  lockerEventCall,
  lockerRecipientCall,
} from '@airbox/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import { recipientForDelivery, recordDelivery, recordPickup } from '../../modules/lockers/locker-events.service.js';
import { openDropOff, recordDropOffIn } from '../../modules/shipments/hub-drop-offs.service.js';
import { defineCall } from './define-call.js';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** The key a locker presents: `X-Api-Key: …` or `Authorization: Bearer …`. */
function presentedKey(request: FastifyRequest): string | undefined {
  const header = request.headers['x-api-key'];
  if (typeof header === 'string' && header) return header;
  const authorization = request.headers.authorization;
  return authorization?.startsWith('Bearer ') ? authorization.slice('Bearer '.length).trim() : undefined;
}

/**
 * Locker events (the lockers' integration point): an API key from LOCKER_API_KEYS, compared in
 * constant time over SHA-256 digests, never a session. Registered in its own scope so the key
 * check guards these routes only.
 */
export default async function lockerEventsRoutes(app: FastifyInstance) {
  const keys = (app.config.lockerApiKeys ?? []).map(digest);
  if (keys.length === 0) app.log.info('LOCKER_API_KEYS is empty: the locker events API (/app/v1/locker/...) refuses every call (use npm run locker for demos)');

  app.addHook('onRequest', async (request) => {
    const key = presentedKey(request);
    const presented = digest(key ?? '');
    // Every key is compared, whatever matched, so the time says nothing about which.
    let valid = false;
    for (const known of keys) valid = timingSafeEqual(presented, known) || valid;
    if (!key || !valid) throw new AppError(401, LOCKER_EVENT_ERRORCODE.badApiKey, LOCKER_EVENT_MESSAGES.badApiKey);
  });

  defineCall(app, lockerEventCall, { signedByCaller: true }).handle(async (event) => {
    if (event.type === 'delivered') {
      const delivery = await recordDelivery(app, event);
      return {
        errorcode: LOCKER_EVENT_ERRORCODE.recorded,
        message: LOCKER_EVENT_MESSAGES.recorded,
        packageId: delivery.packageId,
        pickupCode: delivery.pickupCode,
        creditsCharged: 0,
        overtimeDays: 0,
        recipient: { needsLowCompartment: delivery.needsLowCompartment },
        door: delivery.door,
        hold: delivery.hold,
      };
    }
    const pickup = await recordPickup(app, event);
    return {
      errorcode: LOCKER_EVENT_ERRORCODE.recorded,
      message: LOCKER_EVENT_MESSAGES.recorded,
      packageId: pickup.packageId,
      pickupCode: event.pickupCode,
      creditsCharged: pickup.creditsCharged,
      overtimeDays: pickup.overtimeDays,
    };
  });

  // Drop it off at your hub (issue 23 item 1): a compartment for a drop-off code, once; throttled
  // per address as the barcode pages are, so a controller cannot be used to try codes.
  defineCall(app, lockerDropOffOpenCall, { signedByCaller: true, throttled: 'barcode' }).handle(async (input) => {
    const opened = await openDropOff(app, input);
    const { shipment } = opened;
    return {
      errorcode: DROP_OFF_ERRORCODE.ok,
      message: DROP_OFF_MESSAGES.opened,
      dropOffId: opened.dropOffId,
      orderNo: shipment.order_no,
      carrier: shipment.carrier,
      trackingCode: shipment.tracking_code ?? '',
      compartment: opened.compartment,
      parcel: { length: shipment.length_in, width: shipment.width_in, height: shipment.height_in, weight: shipment.weight_oz },
      labelZpl: opened.labelZpl,
    };
  });

  defineCall(app, lockerDropOffInCall, { signedByCaller: true, throttled: 'barcode' }).handle(async (input) => {
    const dropped = await recordDropOffIn(app, input);
    return { errorcode: DROP_OFF_ERRORCODE.ok, message: DROP_OFF_MESSAGES.recorded, dropOffId: dropped.dropOffId, orderNo: dropped.orderNo, door: dropped.door };
  });

  // Before choosing a door: the recipient's reach need and vacation hold, nothing recorded.
  defineCall(app, lockerRecipientCall, { signedByCaller: true }).handle(async (query) => {
    const answer = await recipientForDelivery(app, query);
    return {
      errorcode: LOCKER_EVENT_ERRORCODE.recorded,
      message: LOCKER_EVENT_MESSAGES.recipientFound,
      boxId: query.boxId,
      hubId: query.hubId,
      recipient: { needsLowCompartment: answer.needsLowCompartment },
      hold: answer.hold,
    };
  });
}
