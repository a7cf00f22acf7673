import { carrierPickupDates, type UspsPickupDbInfo, type UspsPickupInquiry } from '@airbox/contract';
import { USPS_PACKAGE_LOCATION_OF, USPS_PACKAGE_TYPE_OF_SERVICE, type UspsPickup } from '../../providers/usps/usps-pickups-provider.js';
import type { PickupRow } from './pickups.table.js';
import { canCancel } from './pickups.wire.js';

/** USPS pickups as CarrierPickupInquiry answers them (spec 03 §3 USPS pickup inquiry response and dbInfo). */

/** USPS's package type or location in the spec's words: the stored one when USPS says the same, else the first that maps to it. */
function specWord<K extends string>(stored: string, uspsValue: string, mapping: Record<K, string>): string {
  if ((mapping as Record<string, string>)[stored] === uspsValue) return stored;
  return (Object.keys(mapping) as K[]).find((key) => mapping[key] === uspsValue) ?? uspsValue;
}

/** Spec 03 §3 USPS pickup inquiry response, from USPS's answer (what USPS holds is what is shown). */
export function toUspsInquiry(uspsPickup: UspsPickup, pickup: PickupRow): UspsPickupInquiry {
  const { address } = uspsPickup;
  const firstType = uspsPickup.packages[0]?.packageType ?? '';
  return {
    FirstName: address.firstName,
    LastName: address.lastName,
    FirmName: address.firm ?? '',
    Address: address.streetAddress,
    SuiteOrApt: address.secondaryAddress ?? '',
    City: address.city,
    State: address.state,
    ZIP5: address.zip5,
    Phone: address.phone,
    ConfirmationNumber: uspsPickup.confirmationNumber,
    SpecialInstructions: uspsPickup.specialInstructions ?? '',
    Date: uspsPickup.pickupDate,
    DayOfWeek: uspsPickup.dayOfWeek,
    PackageCount: uspsPickup.packages.reduce((sum, pack) => sum + pack.count, 0),
    ServiceType: specWord(pickup.service_type, firstType, USPS_PACKAGE_TYPE_OF_SERVICE),
    EstimatedWeight: uspsPickup.estimatedWeight,
    PackageLocation: specWord(pickup.package_location, uspsPickup.packageLocation, USPS_PACKAGE_LOCATION_OF),
  };
}

/** The days a scheduled USPS pickup may be set to: its own (kept when only its location or instructions change) and those USPS's calendar opens now. */
function reschedulableDates(pickup: PickupRow, now: Date): string[] {
  const open = carrierPickupDates(now, pickup.time_zone, 'USPS');
  return open.includes(pickup.pickup_date) ? open : [pickup.pickup_date, ...open].sort();
}

/**
 * Spec 03 §3 dbInfo: what the portal keeps of a USPS pickup, the days it may be set to, and the
 * labels it is for (`pickupOf`: their order numbers, this label's first, and their packages).
 */
export function toUspsDbInfo(pickup: PickupRow, now: Date, pickupOf: { labels: string[]; count: number }): UspsPickupDbInfo {
  return {
    estimatedweight: pickup.estimated_weight_lb,
    address2: pickup.street2,
    packagelocation: pickup.package_location,
    dropoffcode: pickup.use_locker === 1 ? (pickup.dropoff_code ?? '') : '',
    count: pickupOf.count,
    servicetype: pickup.service_type,
    specialinstructions: pickup.instructions,
    confirmation: pickup.confirmation ?? '',
    pickupdate: pickup.pickup_date,
    status: pickup.state,
    reschedulableDates: canCancel(pickup, now) ? reschedulableDates(pickup, now) : [],
    labels: pickupOf.labels,
  };
}
