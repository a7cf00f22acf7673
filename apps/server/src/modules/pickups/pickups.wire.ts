import {
  carrierWireName,
  type checkPickupStatusCall,
  fromCents,
  localToday,
  type PickupListItem,
  type PickupRate as WirePickupRate,
} from '@airbox/contract';
import type { z } from 'zod';
import type { PickupRate } from '../../providers/carriers/carriers-provider.js';
import { type ListedPickupRow, storedPickupRates } from './pickups.repository.js';
import { LIVE_PICKUP_STATES, type PickupRow } from './pickups.table.js';

/**
 * Pickups as the calls answer them (spec 03 §3 Pickup record, USPS pickup inquiry response).
 * Money goes out as dollars with two decimals ('4.50'), carriers by their wire names (UPS is
 * UPSDAP), the window in the address's own time.
 */

type PickupStatusAnswer = z.output<typeof checkPickupStatusCall.response>;

/** The carrier's rates as createPickup and the details show them. */
export function wirePickupRates(rates: PickupRate[]): WirePickupRate[] {
  return rates.map((rate) => ({
    id: rate.rateId,
    rate: fromCents(rate.priceCents),
    currency: rate.currency,
    service: rate.service,
    carrier: carrierWireName(rate.carrier),
  }));
}

/** Whether the customer may still cancel it: scheduled, no cancel under way, and its day not past at the address. */
export function canCancel(pickup: PickupRow, now: Date): boolean {
  if (pickup.state !== 'scheduled' || pickup.cancel_claimed_at !== null) return false;
  return pickup.pickup_date >= localToday(now, pickup.time_zone);
}

/** The Pickup Order Details (checkPickupStatus): the record, the drop-off code at a locker, and what the dialog shows beside it. */
export function toPickupStatus(pickup: PickupRow, now: Date): Pick<PickupStatusAnswer, 'dropoffCode' | 'data'> {
  return {
    dropoffCode: pickup.use_locker === 1 ? (pickup.dropoff_code ?? '') : '',
    data: {
      status: pickup.state,
      address: addressOf(pickup),
      pickup_rates: wirePickupRates(storedPickupRates(pickup)),
      min_datetime: pickup.min_datetime,
      max_datetime: pickup.max_datetime,
      instructions: pickup.instructions,
      reference: pickup.package_location,
      confirmation: pickup.confirmation ?? '',
      carrier: carrierWireName(pickup.carrier),
      service: pickup.service_type,
      price: pickup.price_cents > 0 ? fromCents(pickup.price_cents) : '',
      timeZone: pickup.time_zone,
      note: pickup.note,
      canCancel: canCancel(pickup, now),
    },
  };
}

/** Where a pickup happens, as its details and the list show it. */
const addressOf = (pickup: PickupRow) => ({
  name: pickup.name,
  company: pickup.company,
  street1: pickup.street1,
  street2: pickup.street2,
  city: pickup.city,
  state: pickup.address_state,
  zip: pickup.zip,
  phone: pickup.phone,
});

const isLive = (pickup: PickupRow) => LIVE_PICKUP_STATES.includes(pickup.state);

/**
 * The Pickups list from the customer's pickup records (newest first): one item a carrier visit.
 * The records of a USPS pickup for several labels (one confirmation number, one state) are one
 * item with every label; a label taken off a pickup still scheduled is not listed apart. Upcoming
 * pickups first, soonest first; then those over, latest first.
 */
export function toPickupList(rows: readonly ListedPickupRow[], now: Date): PickupListItem[] {
  const groups = new Map<string, ListedPickupRow[]>();
  for (const row of [...rows].reverse()) {
    const key = row.carrier === 'USPS' && row.confirmation ? `usps:${row.confirmation}:${row.state}` : `record:${row.id}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  const stillComing = new Set(rows.filter((row) => row.carrier === 'USPS' && row.state === 'scheduled').map((row) => row.confirmation));
  const visits = [...groups.values()].filter(([first]) => !(first!.carrier === 'USPS' && first!.state === 'canceled' && stillComing.has(first!.confirmation)));
  visits.sort(([a], [b]) => {
    if (isLive(a!) !== isLive(b!)) return isLive(a!) ? -1 : 1;
    const byDay = isLive(a!) ? a!.pickup_date.localeCompare(b!.pickup_date) : b!.pickup_date.localeCompare(a!.pickup_date);
    return byDay !== 0 ? byDay : b!.id - a!.id;
  });
  return visits.map((records) => {
    const first = records[0]!;
    const changeable = canCancel(first, now);
    return {
      id: first.id,
      carrier: carrierWireName(first.carrier),
      service: [...new Set(records.map((record) => record.service_type).filter(Boolean))].join(', '),
      status: first.state,
      pickupDate: first.pickup_date,
      min_datetime: first.min_datetime,
      max_datetime: first.max_datetime,
      timeZone: first.time_zone,
      confirmation: first.confirmation ?? '',
      address: addressOf(first),
      packageLocation: first.package_location,
      labels: records.map((record) => ({
        shippingdetails_id: record.shipment_id,
        orderNo: record.order_no,
        trackingNum: record.tracking_code ?? '',
        pickupId: record.provider_pickup_id ?? record.confirmation ?? '',
      })),
      price: first.price_cents > 0 ? fromCents(first.price_cents) : '',
      note: first.note,
      canCancel: changeable,
      canChange: first.carrier === 'USPS' && changeable,
    };
  });
}
