import { randomBytes, randomInt } from 'node:crypto';
import { customsTotalValue, DAY_MS, estimatedDeliveryDate, formatUsd, localToday, stateTimeZone, toCents } from '@airbox/contract';
import {
  type AddressVerification,
  type BoughtPickup,
  type Carrier,
  CarrierError,
  type CustomsInfo,
  type CarrierErrorCode,
  type CarriersProvider,
  type CarrierStep,
  checkInsurance,
  checkParcel,
  type CreatedPickup,
  type FoundPickup,
  LABEL_CONTENT_TYPES,
  type Parcel,
  type PickupRate,
  type PickupStatus,
  type PostalAddress,
  type Postage,
  type RatedShipment,
  type RefundStatus,
  type ScanFormResult,
  type ShipmentRate,
  type Tracker,
  type TrackerStatus,
  type TrackingEvent,
} from './carriers-provider.js';
import { type EasyPostTracker, easyPostTrackerOf, parseTrackerEvent, verifyWebhookSignature } from './easypost-format.js';
import { checkForeignAddress, checkUsAddress, inUnitedStates } from './simulator-addresses.js';
import { renderLabel, renderScanForm } from '../../workers/cpu-work.js';
import { scanFormFileNumber } from './simulator-scan-form.js';
import { renderLabelQrCode } from './simulator-qr-code.js';
import {
  SIMULATOR_MAX_CUSTOMS_VALUE_USD,
  estimatedDutiesCents,
  serviceLabel,
  type SimulatedRate,
  simulatedInternationalRates,
  simulatedRates,
  zipRegion,
} from './simulator-rates.js';
import { createMemorySimulatorStore, type SimulatorStore } from './simulator-store.js';
import { newTrackingCode } from './tracking-codes.js';

/** A parcel of exactly 13 lb is refused at purchase as if the carrier account could not pay (PAYMENT_REQUIRED). */
export const SIMULATOR_UNPAYABLE_WEIGHT_OZ = 13 * 16;

/** Labels can be refunded for 30 days (Terms of Use, spec 02 §9); later refunds are rejected. */
export const REFUND_WINDOW_MS = 30 * DAY_MS;

/** A rated shipment nobody bought is forgotten after a day. */
const UNBOUGHT_SHIPMENT_MS = DAY_MS;

/** A tracker.updated event as EasyPost sends it, ready to sign and post to the portal's webhook. */
export interface SimulatedTrackerEvent {
  id: string;
  object: 'Event';
  mode: 'test';
  description: 'tracker.updated';
  previous_attributes: { status: TrackerStatus };
  created_at: string;
  updated_at: string;
  result: EasyPostTracker;
}

export interface AdvanceResult {
  tracker: Tracker;
  refundStatus: RefundStatus | null;
  /** The webhook EasyPost would send for this step; null when the tracker did not move. */
  event: SimulatedTrackerEvent | null;
}

export interface SimulatorCarriersProvider extends CarriersProvider {
  readonly name: 'simulator';
  /**
   * Time passes for one label: a submitted refund becomes 'refunded'; otherwise the tracker moves
   * one step, pre_transit → in_transit → out_for_delivery → delivered (then stays).
   */
  advance(trackingCode: string): Promise<AdvanceResult>;
  /**
   * The tracking codes of labels that time still moves (or whose refund waits for the carrier)
   * and that last moved at or before `lastMovedBy`, longest waiting first.
   */
  dueTrackingCodes(lastMovedBy: Date, limit: number): Promise<string[]>;
  /**
   * The next call of `step` fails with this error: before doing anything, or with `afterEffect`
   * after doing it (a purchase made whose answer was lost). Queued failures are used in order.
   * This process only (tests).
   */
  failNext(step: CarrierStep, error: CarrierError | CarrierErrorCode, options?: { afterEffect?: boolean }): void;
  /**
   * The same, kept in the simulator's store, so every server using it fails the next call of
   * `step` once (npm run carrier -- fail). One failure per step; a new one replaces it.
   */
  failNextDurably(step: CarrierStep, code: CarrierErrorCode, options?: { afterEffect?: boolean }): Promise<void>;
  /** Labels bought by this instance: a repeated or reconciled purchase does not count. */
  purchaseCount(): number;
}

export function isCarriersSimulator(provider: CarriersProvider): provider is SimulatorCarriersProvider {
  return provider.name === 'simulator';
}

interface SimulatedPurchase {
  rate: ShipmentRate;
  trackingCode: string;
  labelId: string;
  insuredCents: number;
  insuranceFeeCents: number;
  /** ISO 8601. */
  boughtAt: string;
}

interface SimulatedShipment {
  id: string;
  /** ISO 8601. */
  createdAt: string;
  from: PostalAddress;
  to: PostalAddress;
  parcel: Parcel;
  rates: ShipmentRate[];
  /** Rated as a return label (EasyPost's is_return). */
  isReturn?: boolean | undefined;
  /** The customs declaration of a parcel abroad, printed on its label's customs form. */
  customs?: CustomsInfo | undefined;
  purchase?: SimulatedPurchase | undefined;
  refund?: RefundStatus | undefined;
}

type BoughtShipment = SimulatedShipment & { purchase: SimulatedPurchase };

const isBought = (shipment: SimulatedShipment): shipment is BoughtShipment => shipment.purchase !== undefined && shipment.purchase !== null;

interface SimulatedPickup {
  id: string;
  shipmentId: string;
  rates: PickupRate[];
  status: PickupStatus;
  bought?: { rate: PickupRate; confirmation: string } | undefined;
}

/** A scan form the simulator made: the shipments it lists, in order. */
interface SimulatedScanForm {
  id: string;
  shipmentIds: string[];
  trackingCodes: string[];
  /** ISO 8601. */
  createdAt: string;
}

/** One place, however it was typed: the same street, second line, city, state and 5-digit ZIP. */
const placeKey = (address: PostalAddress) =>
  [address.street1, address.street2 ?? '', address.city, address.state, address.zip.slice(0, 5)].map((part) => part.trim().replace(/\s+/g, ' ').toUpperCase()).join('|');

/** A failure kept in the store (failNextDurably). */
interface StoredFailure {
  code: CarrierErrorCode;
  message: string;
  afterEffect: boolean;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(16).toString('hex')}`;
const randomDigits = (count: number) => Array.from({ length: count }, () => String(randomInt(10))).join('');

/** What a pickup costs by carrier (USPS picks up for free). */
const PICKUP_OFFERS: Record<Carrier, { service: string; priceCents: number; confirmationPrefix: string }> = {
  USPS: { service: 'NextDay', priceCents: 0, confirmationPrefix: 'WTC' },
  UPS: { service: 'Future-day Pickup', priceCents: 695, confirmationPrefix: '29Z' },
  FedEx: { service: 'FedEx Pickup', priceCents: 450, confirmationPrefix: 'PRP' },
};

/** Where a tracker goes next, and what the carrier says there. */
const NEXT_STEP: Partial<Record<TrackerStatus, { status: TrackerStatus; message: string; at: 'from' | 'to' }>> = {
  pre_transit: { status: 'in_transit', message: 'Accepted at origin facility', at: 'from' },
  in_transit: { status: 'out_for_delivery', message: 'Out for delivery', at: 'to' },
  out_for_delivery: { status: 'delivered', message: 'Delivered', at: 'to' },
};

/** Statuses of a label that has been scanned: too late for a refund. */
const SCANNED: ReadonlySet<TrackerStatus> = new Set(['in_transit', 'out_for_delivery', 'delivered', 'available_for_pickup', 'return_to_sender']);

/** A simulated scan form as the provider answers it: made at once. */
const scanFormResultOf = (form: SimulatedScanForm): ScanFormResult => ({
  scanFormId: form.id,
  status: 'created',
  trackingCodes: form.trackingCodes,
  formUrl: null,
  batchId: null,
  message: null,
});

/** A label bought before the simulator kept it (the demo data): what the simulator must know of it. */
export interface SeededLabel {
  shipmentId: string;
  trackerId: string;
  trackingCode: string;
  carrier: Carrier;
  service: string;
  priceCents: number;
  deliveryDays: number;
  from: PostalAddress;
  to: PostalAddress;
  parcel: Parcel;
  insuredCents: number;
  boughtAt: Date;
  /** The tracker's events so far, oldest first; none: the label was never scanned (pre_transit). */
  events: TrackingEvent[];
  refund: RefundStatus | null;
  /** Issue 25 item 3: a label abroad's customs declaration, printed on its customs page when its files are fetched. */
  customs?: CustomsInfo | undefined;
}

/**
 * Writes a bought label into the simulator's store as if it had been bought there, so the demo
 * data's labels can be refunded and tracked like any other. Time does not move them (a newcomer
 * finds each in the state the README names) until a command moves one (npm run carrier).
 */
export async function storeSeededLabel(store: SimulatorStore, label: SeededLabel): Promise<void> {
  const at = label.boughtAt;
  const rate: ShipmentRate = {
    rateId: `rate_${label.shipmentId}`,
    shipmentId: label.shipmentId,
    carrier: label.carrier,
    service: label.service,
    priceCents: label.priceCents,
    retailPriceCents: null,
    listPriceCents: null,
    currency: 'USD',
    deliveryDays: label.deliveryDays,
    deliveryDate: null,
  };
  const created: TrackingEvent = {
    status: 'pre_transit',
    message: 'Shipping label created',
    datetime: at.toISOString(),
    city: label.from.city,
    state: label.from.state,
    zip: label.from.zip,
  };
  const events = label.events.length > 0 ? label.events : [created];
  const tracker: Tracker = {
    trackerId: label.trackerId,
    trackingCode: label.trackingCode,
    carrier: label.carrier,
    status: events.at(-1)!.status,
    statusDetail: null,
    shipmentId: label.shipmentId,
    estDeliveryDate: new Date(at.getTime() + label.deliveryDays * DAY_MS).toISOString(),
    publicUrl: null,
    events,
  };
  const shipment: BoughtShipment = {
    id: label.shipmentId,
    createdAt: at.toISOString(),
    from: label.from,
    to: label.to,
    parcel: label.parcel,
    rates: [rate],
    purchase: {
      rate,
      trackingCode: label.trackingCode,
      labelId: `pl_${label.shipmentId}`,
      insuredCents: label.insuredCents,
      insuranceFeeCents: Math.ceil(label.insuredCents / 200),
      boughtAt: at.toISOString(),
    },
    refund: label.refund ?? undefined,
    ...(label.customs ? { customs: label.customs } : {}),
  };
  await store.put('shipment', shipment.id, shipment, { at });
  await store.put('tracker', tracker.trackingCode, tracker, { at, active: false });
  await store.put('tracker_id', tracker.trackerId, { trackingCode: tracker.trackingCode }, { at });
}

/**
 * The local carrier service (the default). It prices USPS, UPS and FedEx services by distance,
 * weight and dimensional weight (simulator-rates.ts), verifies addresses by rules
 * (simulator-addresses.ts), makes real 4x6 labels with tracking numbers in each carrier's format,
 * moves trackers and refunds when told to (advance), and can be told to fail any call (failNext).
 *
 * Its state lives in a SimulatorStore, as EasyPost keeps it on its side: the app's database
 * (plugins/carriers.ts), so a restart forgets no label and every server sees the same ones; a
 * store in memory when none is given (unit tests).
 */
export function createSimulatorCarriersProvider(options: {
  clock: () => Date;
  webhookSecret: string | undefined;
  store?: SimulatorStore | undefined;
}): SimulatorCarriersProvider {
  const { clock, webhookSecret } = options;
  const store = options.store ?? createMemorySimulatorStore();
  const failures = new Map<CarrierStep, { error: CarrierError; afterEffect: boolean }[]>();
  let purchases = 0;

  async function nextFailure(step: CarrierStep): Promise<{ error: CarrierError; afterEffect: boolean } | undefined> {
    const queued = failures.get(step)?.shift();
    if (queued) return queued;
    const stored = await store.take<StoredFailure>('failure', step);
    return stored ? { error: new CarrierError(stored.code, stored.message), afterEffect: stored.afterEffect } : undefined;
  }

  async function run<T>(step: CarrierStep, action: () => T | Promise<T>): Promise<T> {
    const failure = await nextFailure(step);
    if (failure && !failure.afterEffect) throw failure.error;
    const result = await action();
    if (failure) throw failure.error;
    return result;
  }

  async function shipmentOf(shipmentId: string): Promise<SimulatedShipment> {
    const shipment = await store.get<SimulatedShipment>('shipment', shipmentId);
    if (!shipment) throw new CarrierError('NOT_FOUND', 'no such shipment');
    return shipment;
  }

  async function boughtShipment(shipmentId: string): Promise<BoughtShipment> {
    const shipment = await shipmentOf(shipmentId);
    if (!isBought(shipment)) throw new CarrierError('INVALID_REQUEST', 'the shipment has no label yet');
    return shipment;
  }

  async function trackerOf(trackingCode: string): Promise<Tracker> {
    const tracker = await store.get<Tracker>('tracker', trackingCode);
    if (!tracker) throw new CarrierError('NOT_FOUND', 'no such tracker');
    return tracker;
  }

  /** Whether time still moves a label: its refund waits for the carrier, or its tracker has a next step. */
  const moving = (tracker: Tracker, shipment: SimulatedShipment | undefined) =>
    shipment?.refund === 'submitted' || (shipment?.refund !== 'refunded' && NEXT_STEP[tracker.status] !== undefined);

  const saveShipment = (shipment: SimulatedShipment, at: Date) =>
    store.put('shipment', shipment.id, shipment, {
      at,
      // A rated shipment nobody bought is forgotten after a day.
      expiresAt: isBought(shipment) ? null : new Date(Date.parse(shipment.createdAt) + UNBOUGHT_SHIPMENT_MS),
    });

  const saveTracker = (tracker: Tracker, shipment: SimulatedShipment | undefined, at: Date) =>
    store.put('tracker', tracker.trackingCode, tracker, { at, active: moving(tracker, shipment) });

  async function postageOf(shipment: BoughtShipment, reconciled: boolean): Promise<Postage> {
    const { purchase } = shipment;
    const tracker = await store.get<Tracker>('tracker', purchase.trackingCode);
    return {
      shipmentId: shipment.id,
      trackingCode: purchase.trackingCode,
      trackerId: tracker?.trackerId ?? null,
      labelId: purchase.labelId,
      carrier: purchase.rate.carrier,
      service: purchase.rate.service,
      postageCents: purchase.rate.priceCents,
      insuredCents: purchase.insuredCents,
      insuranceFeeCents: purchase.insuranceFeeCents,
      labelUrls: {},
      reconciled,
    };
  }

  /**
   * A declaration as the simulated carriers take it, or their refusal naming the field: none at
   * all, an item (other than documents) without its HS code, or a value over their limit.
   */
  function checkCustoms(customs: CustomsInfo | undefined): CustomsInfo {
    if (!customs) throw new CarrierError('INVALID_REQUEST', 'customs_info: a shipment to another country needs its customs declaration');
    if (customs.contents_type !== 'documents') {
      const index = customs.items.findIndex((item) => item.hs_tariff_number.trim() === '');
      if (index !== -1) throw new CarrierError('INVALID_REQUEST', `items[${index}].hs_tariff_number: the carrier needs the HS code of every item`);
    }
    const value = customsTotalValue(customs.items);
    if (value > SIMULATOR_MAX_CUSTOMS_VALUE_USD) {
      throw new CarrierError('INVALID_REQUEST', `items: a declared value of ${formatUsd(toCents(value))} is over the carrier's limit of $${SIMULATOR_MAX_CUSTOMS_VALUE_USD.toLocaleString('en-US')}`);
    }
    return customs;
  }

  return {
    name: 'simulator',

    verifyAddress: (address) =>
      run('verifyAddress', (): AddressVerification => {
        const check = inUnitedStates(address) ? checkUsAddress(address) : checkForeignAddress(address);
        return check.result === 'refused' ? check : { ...check, addressId: newId('adr') };
      }),

    rateShipment: (input) =>
      run('rateShipment', async (): Promise<RatedShipment> => {
        const parcel = checkParcel(input.parcel);
        // A return of a parcel sent abroad (issue 25 item 3) comes back from there: priced as the way out.
        const foreign = !inUnitedStates(input.to) ? input.to : input.isReturn && !inUnitedStates(input.from) ? input.from : null;
        const abroad = foreign !== null;
        let rated: { rates: SimulatedRate[]; messages: string[] };
        let dutiesCents: number | null = null;
        if (foreign || !inUnitedStates(input.from)) {
          if (!foreign || (!inUnitedStates(input.from) && !inUnitedStates(input.to))) throw new CarrierError('INVALID_REQUEST', 'from_address: the simulated carriers ship from the United States only');
          const customs = checkCustoms(input.customs);
          const country = (foreign.country ?? '').trim().toUpperCase();
          const value = customsTotalValue(customs.items);
          rated = simulatedInternationalRates(country, parcel, value);
          // As a carrier that rates them: the duties and taxes the recipient is expected to pay, on each rate, said before payment.
          // (A return into the United States: not rated, the recipient pays what US customs asks.)
          dutiesCents = inUnitedStates(input.to) ? null : estimatedDutiesCents(country, value, customs.contents_type);
        } else {
          const from = zipRegion(input.from.zip);
          const to = zipRegion(input.to.zip);
          if (!from || !to) throw new CarrierError('INVALID_REQUEST', `unknown ZIP code ${from ? input.to.zip : input.from.zip}`);
          rated = simulatedRates(from, to, parcel);
        }
        const { rates, messages } = rated;
        const now = clock();
        await store.purgeExpired(now);
        const shipmentId = newId('shp');
        // As EasyPost: each rate's delivery date counts its days from the label date (today at the sender when none is given).
        const shipDate = input.shipDate ?? localToday(now, stateTimeZone(input.from.state));
        const shipmentRates: ShipmentRate[] = rates.map((rate) => ({
          ...rate,
          rateId: newId('rate'),
          shipmentId,
          currency: 'USD',
          deliveryDate: estimatedDeliveryDate(shipDate, rate.deliveryDays, rate.carrier),
          ...(abroad ? { dutiesCents } : {}),
        }));
        await saveShipment(
          {
            id: shipmentId,
            createdAt: now.toISOString(),
            from: input.from,
            to: input.to,
            parcel,
            rates: shipmentRates,
            ...(input.isReturn ? { isReturn: true } : {}),
            ...(abroad && input.customs ? { customs: input.customs } : {}),
          },
          now,
        );
        return { shipmentId, rates: shipmentRates, messages };
      }),

    buyRate: (input) =>
      run('buyRate', async (): Promise<Postage> => {
        const insuredCents = checkInsurance(input.insuranceCents);
        const shipment = await shipmentOf(input.shipmentId);
        // A shipment is bought once, as EasyPost refuses a second purchase: answer the first.
        if (isBought(shipment)) return postageOf(shipment, true);
        const rate = shipment.rates.find((candidate) => candidate.rateId === input.rateId);
        if (!rate) throw new CarrierError('NOT_FOUND', 'no such rate for this shipment');
        if (shipment.parcel.weightOz === SIMULATOR_UNPAYABLE_WEIGHT_OZ) {
          throw new CarrierError('PAYMENT_REQUIRED', 'the carrier account cannot pay for this label (simulated: a 13 lb parcel)');
        }
        const now = clock();
        // The key is taken before anything is bought: two purchases with one key buy one shipment.
        const keyTaken = !(await store.insert('purchase_key', input.idempotencyKey, { shipmentId: shipment.id }, { at: now }));
        if (keyTaken) {
          const keyShipment = await store.get<{ shipmentId: string }>('purchase_key', input.idempotencyKey);
          if (keyShipment?.shipmentId !== shipment.id) throw new CarrierError('INVALID_REQUEST', 'the idempotency key bought another shipment');
          const again = await shipmentOf(shipment.id);
          if (isBought(again)) return postageOf(again, true);
        }
        const trackingCode = newTrackingCode(rate.carrier, rate.service);
        // The day the rate promised (its delivery date, counted from the label date), else its days from now.
        const estDelivery = rate.deliveryDate ? new Date(`${rate.deliveryDate}T12:00:00Z`) : new Date(now.getTime() + (rate.deliveryDays ?? 5) * DAY_MS);
        const tracker: Tracker = {
          trackerId: newId('trk'),
          trackingCode,
          carrier: rate.carrier,
          status: 'pre_transit',
          statusDetail: 'label_created',
          shipmentId: shipment.id,
          estDeliveryDate: estDelivery.toISOString(),
          publicUrl: null,
          events: [
            {
              status: 'pre_transit',
              message: 'Shipping label created',
              datetime: now.toISOString(),
              city: shipment.from.city,
              state: shipment.from.state,
              zip: shipment.from.zip,
            },
          ],
        };
        const purchase: SimulatedPurchase = {
          rate,
          trackingCode,
          labelId: newId('pl'),
          insuredCents,
          insuranceFeeCents: Math.ceil(insuredCents / 200),
          boughtAt: now.toISOString(),
        };
        const boughtOne: BoughtShipment = { ...shipment, purchase };
        await saveTracker(tracker, boughtOne, now);
        await store.put('tracker_id', tracker.trackerId, { trackingCode }, { at: now });
        await saveShipment(boughtOne, now);
        purchases += 1;
        return postageOf(boughtOne, false);
      }),

    findLabel: (shipmentId) =>
      run('findLabel', async () => {
        const shipment = await store.get<SimulatedShipment>('shipment', shipmentId);
        return shipment && isBought(shipment) ? postageOf(shipment, true) : null;
      }),

    fetchLabel: (shipmentId, format) =>
      run('fetchLabel', async () => {
        const shipment = await boughtShipment(shipmentId);
        const { purchase } = shipment;
        const bytes = await renderLabel(
          {
            carrier: purchase.rate.carrier,
            serviceName: serviceLabel(purchase.rate.carrier, purchase.rate.service),
            trackingCode: purchase.trackingCode,
            from: shipment.from,
            to: shipment.to,
            weightOz: shipment.parcel.weightOz,
            shipDate: new Date(purchase.boughtAt),
            ...(shipment.customs ? { customs: shipment.customs } : {}),
          },
          format,
        );
        return { format, contentType: LABEL_CONTENT_TYPES[format], bytes };
      }),

    fetchLabelQrCode: (shipmentId) =>
      run('fetchLabelQrCode', async () => {
        const shipment = await boughtShipment(shipmentId);
        const { purchase } = shipment;
        // As USPS Label Broker: USPS alone makes a QR code for the counter.
        if (purchase.rate.carrier !== 'USPS') throw new CarrierError('INVALID_REQUEST', `${purchase.rate.carrier} makes no label QR code`);
        return { format: 'PNG' as const, contentType: LABEL_CONTENT_TYPES.PNG, bytes: await renderLabelQrCode(purchase.labelId, purchase.trackingCode) };
      }),

    refund: (shipmentId) =>
      run('refund', async (): Promise<RefundStatus> => {
        const shipment = await boughtShipment(shipmentId);
        if (shipment.refund) return shipment.refund;
        const tracker = await trackerOf(shipment.purchase.trackingCode);
        const now = clock();
        const tooLate = now.getTime() - Date.parse(shipment.purchase.boughtAt) > REFUND_WINDOW_MS;
        shipment.refund = SCANNED.has(tracker.status) || tooLate ? 'rejected' : 'submitted';
        await saveShipment(shipment, now);
        // A submitted refund is granted at the label's next step (advance).
        await saveTracker(tracker, shipment, now);
        return shipment.refund;
      }),

    getRefundStatus: (shipmentId) => run('getRefundStatus', async () => (await shipmentOf(shipmentId)).refund ?? null),

    track: (reference) =>
      run('track', async () => {
        if ('trackingCode' in reference) return trackerOf(reference.trackingCode);
        const code = await store.get<{ trackingCode: string }>('tracker_id', reference.trackerId);
        if (!code) throw new CarrierError('NOT_FOUND', 'no such tracker');
        return trackerOf(code.trackingCode);
      }),

    createPickup: (input) =>
      run('createPickup', async (): Promise<CreatedPickup> => {
        const shipment = await boughtShipment(input.shipmentId);
        if (shipment.refund === 'submitted' || shipment.refund === 'refunded') {
          throw new CarrierError('INVALID_REQUEST', 'the label of this shipment is refunded');
        }
        const now = clock();
        const min = input.minDatetime.getTime();
        const max = input.maxDatetime.getTime();
        if (!Number.isFinite(min) || !Number.isFinite(max) || min > max || max <= now.getTime()) {
          throw new CarrierError('INVALID_REQUEST', 'the pickup window must end in the future and not before it starts');
        }
        const address = checkUsAddress(input.address);
        if (address.result === 'refused') {
          throw new CarrierError('ADDRESS.VERIFY.FAILURE', 'the pickup address cannot be verified', { reasons: address.reasons });
        }
        const { carrier } = shipment.purchase.rate;
        const offer = PICKUP_OFFERS[carrier];
        // Carriers pick up on weekdays only (spec 03 §5): a window starting on a weekend where the
        // pickup happens gets no rate (a Friday afternoon in California is Saturday in UTC).
        const startDay = localToday(input.minDatetime, stateTimeZone(input.address.state));
        const weekend = [0, 6].includes(new Date(`${startDay}T00:00:00Z`).getUTCDay());
        const pickupId = newId('pickup');
        const rates: PickupRate[] = weekend ? [] : [{ rateId: newId('pickuprate'), carrier, service: offer.service, priceCents: offer.priceCents, currency: 'USD' }];
        const pickup: SimulatedPickup = { id: pickupId, shipmentId: shipment.id, rates, status: 'unknown' };
        await store.put('pickup', pickupId, pickup, { at: now });
        return { pickupId, status: 'unknown', rates };
      }),

    buyPickup: (pickupId, rateId) =>
      run('buyPickup', async (): Promise<BoughtPickup> => {
        const pickup = await store.get<SimulatedPickup>('pickup', pickupId);
        if (!pickup) throw new CarrierError('NOT_FOUND', 'no such pickup');
        if (pickup.status === 'canceled') throw new CarrierError('INVALID_REQUEST', 'the pickup is canceled');
        if (pickup.bought && pickup.bought.rate.rateId !== rateId) throw new CarrierError('INVALID_REQUEST', 'the pickup is already booked at another rate');
        const rate = pickup.rates.find((candidate) => candidate.rateId === rateId);
        if (!rate) throw new CarrierError('NOT_FOUND', 'no such rate for this pickup');
        pickup.bought ??= { rate, confirmation: `${PICKUP_OFFERS[rate.carrier].confirmationPrefix}${randomDigits(8)}` };
        pickup.status = 'scheduled';
        await store.put('pickup', pickupId, pickup, { at: clock() });
        return { pickupId, status: pickup.status, confirmation: pickup.bought.confirmation, carrier: rate.carrier, service: rate.service, priceCents: rate.priceCents };
      }),

    findPickup: (pickupId) =>
      run('findPickup', async (): Promise<FoundPickup | null> => {
        const pickup = await store.get<SimulatedPickup>('pickup', pickupId);
        return pickup ? { status: pickup.status, confirmation: pickup.bought?.confirmation ?? null } : null;
      }),

    cancelPickup: (pickupId) =>
      run('cancelPickup', async (): Promise<PickupStatus> => {
        const pickup = await store.get<SimulatedPickup>('pickup', pickupId);
        if (!pickup) throw new CarrierError('NOT_FOUND', 'no such pickup');
        pickup.status = 'canceled';
        await store.put('pickup', pickupId, pickup, { at: clock() });
        return pickup.status;
      }),

    createScanForm: (input) =>
      run('createScanForm', async (): Promise<ScanFormResult> => {
        const now = clock();
        // As EasyPost: no idempotency key; a second POST of the same shipments is refused (already
        // on a scan form) and the portal looks a lost answer up (findScanFormOf).
        if (input.shipmentIds.length === 0) throw new CarrierError('INVALID_REQUEST', 'shipments: a scan form needs at least one shipment');
        // As EasyPost checks them: bought USPS labels, not refunded, one origin address, on no other form.
        const shipments: BoughtShipment[] = [];
        for (const shipmentId of input.shipmentIds) {
          const shipment = await store.get<SimulatedShipment>('shipment', shipmentId);
          if (!shipment || !isBought(shipment)) throw new CarrierError('INVALID_REQUEST', `shipments: ${shipmentId} has no postage`);
          if (shipment.purchase.rate.carrier !== 'USPS') throw new CarrierError('INVALID_REQUEST', `shipments: ${shipmentId} is not a USPS shipment`);
          if (shipment.refund === 'submitted' || shipment.refund === 'refunded') throw new CarrierError('INVALID_REQUEST', `shipments: ${shipmentId} is refunded`);
          const onForm = await store.get<{ scanFormId: string }>('scan_form_shipment', shipmentId);
          if (onForm) throw new CarrierError('INVALID_REQUEST', `shipments: ${shipmentId} is already on scan form ${onForm.scanFormId}`);
          if (shipments.length > 0 && placeKey(shipment.from) !== placeKey(shipments[0]!.from)) {
            throw new CarrierError('INVALID_REQUEST', `shipments: ${shipmentId} has another from_address than the other shipments`);
          }
          shipments.push(shipment);
        }
        const form: SimulatedScanForm = {
          id: newId('sf'),
          shipmentIds: shipments.map((shipment) => shipment.id),
          trackingCodes: shipments.map((shipment) => shipment.purchase.trackingCode),
          createdAt: now.toISOString(),
        };
        for (const shipment of shipments) {
          if (!(await store.insert('scan_form_shipment', shipment.id, { scanFormId: form.id }, { at: now }))) {
            throw new CarrierError('INVALID_REQUEST', `shipments: ${shipment.id} is already on a scan form`);
          }
        }
        await store.put('scan_form', form.id, form, { at: now });
        return scanFormResultOf(form);
      }),

    findScanForm: (scanFormId) =>
      run('findScanForm', async () => {
        const form = await store.get<SimulatedScanForm>('scan_form', scanFormId);
        return form ? scanFormResultOf(form) : null;
      }),

    findScanFormOf: (input) =>
      run('findScanFormOf', async () => {
        for (const shipmentId of input.shipmentIds) {
          const onForm = await store.get<{ scanFormId: string }>('scan_form_shipment', shipmentId);
          const form = onForm ? await store.get<SimulatedScanForm>('scan_form', onForm.scanFormId) : undefined;
          if (form) return scanFormResultOf(form);
        }
        return null;
      }),

    fetchScanForm: (scanFormId) =>
      run('fetchScanForm', async () => {
        const form = await store.get<SimulatedScanForm>('scan_form', scanFormId);
        if (!form) throw new CarrierError('NOT_FOUND', 'no such scan form');
        const shipments = await Promise.all(form.shipmentIds.map((id) => boughtShipment(id)));
        const first = shipments[0];
        if (!first) throw new CarrierError('INVALID_REQUEST', 'the scan form lists no shipment');
        const bytes = await renderScanForm({
          scanFormId: form.id,
          fileNumber: scanFormFileNumber(form.id),
          from: first.from,
          shipDate: form.createdAt.slice(0, 10),
          parcels: shipments.map((shipment) => ({
            trackingCode: shipment.purchase.trackingCode,
            service: serviceLabel(shipment.purchase.rate.carrier, shipment.purchase.rate.service),
            weightOz: shipment.parcel.weightOz,
          })),
        });
        return { format: 'PDF' as const, contentType: LABEL_CONTENT_TYPES.PDF, bytes };
      }),

    verifyWebhook: (rawBody, headers) => verifyWebhookSignature(rawBody, headers, webhookSecret),

    parseTrackerEvent,

    async advance(trackingCode) {
      const tracker = await trackerOf(trackingCode);
      const shipment = tracker.shipmentId ? await store.get<SimulatedShipment>('shipment', tracker.shipmentId) : undefined;
      const now = clock();
      if (shipment?.refund === 'submitted') {
        shipment.refund = 'refunded';
        await saveShipment(shipment, now);
        await saveTracker(tracker, shipment, now);
        return { tracker, refundStatus: shipment.refund, event: null };
      }
      const next = NEXT_STEP[tracker.status];
      if (!next || !shipment || shipment.refund === 'refunded') {
        // Nothing moves it any more: it leaves the list of due labels.
        await saveTracker(tracker, shipment, now);
        return { tracker, refundStatus: shipment?.refund ?? null, event: null };
      }
      const previous = tracker.status;
      const place = next.at === 'from' ? shipment.from : shipment.to;
      const nowIso = now.toISOString();
      tracker.status = next.status;
      tracker.statusDetail = next.status === 'delivered' ? 'arrived_at_destination' : 'status_update';
      tracker.events.push({ status: next.status, message: next.message, datetime: nowIso, city: place.city, state: place.state, zip: place.zip });
      await saveTracker(tracker, shipment, now);
      const event: SimulatedTrackerEvent = {
        id: newId('evt'),
        object: 'Event',
        mode: 'test',
        description: 'tracker.updated',
        previous_attributes: { status: previous },
        created_at: nowIso,
        updated_at: nowIso,
        result: easyPostTrackerOf(tracker, tracker.carrier ?? 'USPS', nowIso),
      };
      return { tracker, refundStatus: shipment.refund ?? null, event };
    },

    dueTrackingCodes: (lastMovedBy, limit) => store.listActive('tracker', lastMovedBy, limit),

    failNext(step, error, failOptions = {}) {
      const failure = typeof error === 'string' ? new CarrierError(error, `simulated ${error} in ${step}`) : error;
      failures.set(step, [...(failures.get(step) ?? []), { error: failure, afterEffect: failOptions.afterEffect ?? false }]);
    },

    async failNextDurably(step, code, failOptions = {}) {
      const failure: StoredFailure = { code, message: `simulated ${code} in ${step}`, afterEffect: failOptions.afterEffect ?? false };
      await store.put('failure', step, failure, { at: clock() });
    },

    purchaseCount: () => purchases,
  };
}
