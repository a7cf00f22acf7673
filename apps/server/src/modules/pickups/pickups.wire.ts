import {
  carrierWireName,
  type checkPickupStatusCall,
  fromCents,
  localToday,
  type PickupRate as WirePickupRate,
} from '@airbox/contract';
import type { z } from 'zod';
import type { PickupRate } from '../../providers/carriers/carriers-provider.js';
import { storedPickupRates } from './pickups.repository.js';
import type { PickupRow } from './pickups.table.js';

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
      address: {
        name: pickup.name,
        company: pickup.company,
        street1: pickup.street1,
        street2: pickup.street2,
        city: pickup.city,
        state: pickup.address_state,
        zip: pickup.zip,
        phone: pickup.phone,
      },
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
