import type { UsStateCode } from '@airbox/contract';
import type { Carrier, Parcel } from './carriers-provider.js';

/**
 * The simulator's prices: a parcel is priced by the distance between the two ZIP codes (as a
 * USPS-style zone), its billable weight and the service. The numbers are made up but shaped as
 * the carriers' retail tables are: faster costs more, each zone and each pound adds.
 */

/**
 * 3-digit ZIP prefixes (inclusive ranges) → state, and a point near the middle of the area they
 * serve. Coarse on purpose (one point per state or large area), so distances are approximate.
 * Prefixes outside these ranges (Puerto Rico and the territories, military APO/FPO, unassigned
 * ones) are unknown; a few unassigned prefixes inside a range are taken as that state's.
 */
const ZIP_REGIONS: readonly (readonly [from: number, to: number, state: UsStateCode, lat: number, lon: number])[] = [
  [5, 5, 'NY', 40.82, -73.05],
  [10, 13, 'MA', 42.1, -72.59],
  [14, 27, 'MA', 42.36, -71.06],
  [28, 29, 'RI', 41.82, -71.41],
  [30, 38, 'NH', 43.0, -71.45],
  [39, 49, 'ME', 44.3, -69.8],
  [50, 54, 'VT', 44.26, -72.58],
  [55, 55, 'MA', 42.66, -71.14],
  [56, 59, 'VT', 44.26, -72.58],
  [60, 69, 'CT', 41.76, -72.68],
  [70, 79, 'NJ', 40.74, -74.17],
  [80, 89, 'NJ', 39.8, -74.9],
  [100, 119, 'NY', 40.71, -74.0],
  [120, 129, 'NY', 42.65, -73.75],
  [130, 139, 'NY', 43.05, -76.15],
  [140, 149, 'NY', 42.89, -78.88],
  [150, 168, 'PA', 40.44, -80.0],
  [169, 189, 'PA', 40.6, -76.5],
  [190, 196, 'PA', 39.95, -75.16],
  [197, 199, 'DE', 39.74, -75.55],
  [200, 200, 'DC', 38.9, -77.04],
  [201, 201, 'VA', 38.95, -77.45],
  [202, 205, 'DC', 38.9, -77.04],
  [206, 219, 'MD', 39.29, -76.61],
  [220, 246, 'VA', 37.54, -77.44],
  [247, 268, 'WV', 38.35, -81.63],
  [270, 289, 'NC', 35.78, -78.64],
  [290, 299, 'SC', 34.0, -81.03],
  [300, 319, 'GA', 33.75, -84.39],
  [320, 329, 'FL', 30.33, -81.66],
  [330, 334, 'FL', 25.9, -80.2],
  [335, 339, 'FL', 27.95, -82.46],
  [341, 349, 'FL', 27.5, -81.5],
  [350, 369, 'AL', 33.52, -86.8],
  [370, 385, 'TN', 36.16, -86.78],
  [386, 397, 'MS', 32.3, -90.18],
  [398, 399, 'GA', 31.58, -84.16],
  [400, 427, 'KY', 38.25, -85.76],
  [430, 459, 'OH', 39.96, -83.0],
  [460, 479, 'IN', 39.77, -86.16],
  [480, 489, 'MI', 42.6, -83.5],
  [490, 499, 'MI', 43.6, -85.5],
  [500, 528, 'IA', 41.59, -93.62],
  [530, 549, 'WI', 43.07, -89.4],
  [550, 567, 'MN', 44.98, -93.27],
  [569, 569, 'DC', 38.9, -77.04],
  [570, 577, 'SD', 43.54, -96.73],
  [580, 588, 'ND', 46.88, -96.79],
  [590, 599, 'MT', 46.6, -112.0],
  [600, 609, 'IL', 41.88, -87.63],
  [610, 629, 'IL', 40.1, -89.2],
  [630, 639, 'MO', 38.63, -90.2],
  [640, 658, 'MO', 38.9, -93.8],
  [660, 679, 'KS', 38.5, -97.5],
  [680, 693, 'NE', 41.0, -97.0],
  [700, 715, 'LA', 30.45, -91.15],
  [716, 729, 'AR', 34.75, -92.29],
  [730, 732, 'OK', 35.47, -97.52],
  [733, 733, 'TX', 30.27, -97.74],
  [734, 749, 'OK', 35.8, -96.5],
  [750, 769, 'TX', 32.78, -96.8],
  [770, 779, 'TX', 29.76, -95.37],
  [780, 789, 'TX', 29.9, -97.9],
  [790, 797, 'TX', 33.0, -101.8],
  [798, 799, 'TX', 31.76, -106.49],
  [800, 816, 'CO', 39.74, -104.99],
  [820, 831, 'WY', 42.5, -107.5],
  [832, 838, 'ID', 43.6, -116.2],
  [840, 847, 'UT', 40.76, -111.89],
  [850, 865, 'AZ', 33.45, -112.07],
  [870, 884, 'NM', 35.08, -106.65],
  [885, 885, 'TX', 31.76, -106.49],
  [889, 893, 'NV', 36.17, -115.14],
  [894, 898, 'NV', 39.53, -119.81],
  [900, 918, 'CA', 34.05, -118.24],
  [919, 921, 'CA', 32.72, -117.16],
  [922, 925, 'CA', 33.95, -117.4],
  [926, 928, 'CA', 33.7, -117.85],
  [930, 935, 'CA', 35.0, -119.5],
  [936, 939, 'CA', 36.74, -119.79],
  [940, 949, 'CA', 37.77, -122.42],
  [950, 953, 'CA', 37.3, -121.9],
  [954, 961, 'CA', 38.58, -121.49],
  [967, 968, 'HI', 21.31, -157.86],
  [970, 979, 'OR', 45.52, -122.68],
  [980, 989, 'WA', 47.4, -122.3],
  [990, 994, 'WA', 47.66, -117.43],
  [995, 999, 'AK', 61.22, -149.9],
];

export interface ZipRegion {
  state: UsStateCode;
  lat: number;
  lon: number;
}

/** The region of a 5-digit ZIP code (or ZIP+4), or null when its prefix is unknown. */
export function zipRegion(zip: string): ZipRegion | null {
  const match = /^(\d{3})\d{2}(-\d{4})?$/.exec(zip.trim());
  if (!match) return null;
  const prefix = Number(match[1]);
  const region = ZIP_REGIONS.find(([from, to]) => prefix >= from && prefix <= to);
  return region ? { state: region[2], lat: region[3], lon: region[4] } : null;
}

/** Every state with at least one prefix (a test checks that all 51 have one). */
export function statesWithZipRegions(): Set<UsStateCode> {
  return new Set(ZIP_REGIONS.map((region) => region[2]));
}

/** Great-circle distance in miles. */
export function distanceMiles(a: ZipRegion, b: ZipRegion): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = radians(b.lat - a.lat);
  const dLon = radians(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * 3958.8 * Math.asin(Math.sqrt(h));
}

/** USPS-style zone 1 to 8 by distance (zone 1 within 50 miles, zone 8 beyond 1800). */
export function zoneOf(miles: number): number {
  const limits = [50, 150, 300, 600, 1000, 1400, 1800];
  const index = limits.findIndex((limit) => miles <= limit);
  return index === -1 ? 8 : index + 1;
}

interface ServiceTable {
  carrier: Carrier;
  /** EasyPost's name of the service. */
  service: string;
  /** What a customer reads on the label. */
  label: string;
  /** Cents for 1 lb in zone 1, added per zone, per extra pound, and per extra pound per zone. */
  base: number;
  perZone: number;
  perPound: number;
  perPoundPerZone: number;
  /** Delivery days for zones 1 to 8. */
  days: readonly [number, number, number, number, number, number, number, number];
}

export const SIMULATED_SERVICES: readonly ServiceTable[] = [
  { carrier: 'USPS', service: 'GroundAdvantage', label: 'USPS GROUND ADVANTAGE', base: 550, perZone: 45, perPound: 60, perPoundPerZone: 25, days: [2, 2, 3, 3, 4, 5, 5, 5] },
  { carrier: 'USPS', service: 'Priority', label: 'USPS PRIORITY MAIL', base: 925, perZone: 80, perPound: 95, perPoundPerZone: 40, days: [1, 1, 2, 2, 3, 3, 3, 3] },
  { carrier: 'USPS', service: 'Express', label: 'USPS PRIORITY MAIL EXPRESS', base: 2895, perZone: 250, perPound: 240, perPoundPerZone: 110, days: [1, 1, 1, 2, 2, 2, 2, 2] },
  { carrier: 'UPS', service: 'Ground', label: 'UPS GROUND', base: 1095, perZone: 90, perPound: 85, perPoundPerZone: 35, days: [1, 2, 2, 3, 4, 5, 5, 5] },
  { carrier: 'UPS', service: '2ndDayAir', label: 'UPS 2ND DAY AIR', base: 2150, perZone: 240, perPound: 210, perPoundPerZone: 90, days: [2, 2, 2, 2, 2, 2, 2, 2] },
  { carrier: 'UPS', service: 'NextDayAir', label: 'UPS NEXT DAY AIR', base: 3850, perZone: 420, perPound: 380, perPoundPerZone: 170, days: [1, 1, 1, 1, 1, 1, 1, 1] },
  { carrier: 'FedEx', service: 'FEDEX_GROUND', label: 'FEDEX GROUND', base: 1075, perZone: 90, perPound: 83, perPoundPerZone: 34, days: [1, 2, 2, 3, 4, 5, 5, 5] },
  { carrier: 'FedEx', service: 'FEDEX_2_DAY', label: 'FEDEX 2DAY', base: 2095, perZone: 235, perPound: 205, perPoundPerZone: 88, days: [2, 2, 2, 2, 2, 2, 2, 2] },
  { carrier: 'FedEx', service: 'STANDARD_OVERNIGHT', label: 'FEDEX STANDARD OVERNIGHT', base: 3750, perZone: 410, perPound: 370, perPoundPerZone: 165, days: [1, 1, 1, 1, 1, 1, 1, 1] },
];

/** The carriers' size and weight limits, and how they count dimensional weight. */
const CARRIER_RULES: Record<Carrier, { maxPounds: number; maxLengthPlusGirthIn: number; dimDivisor: number; dimAboveCubicIn: number }> = {
  // USPS: 70 lb, 130 in length + girth; dimensional weight (÷166) only above one cubic foot.
  USPS: { maxPounds: 70, maxLengthPlusGirthIn: 130, dimDivisor: 166, dimAboveCubicIn: 1728 },
  // UPS and FedEx: 150 lb, 165 in length + girth; dimensional weight (÷139) for every parcel.
  UPS: { maxPounds: 150, maxLengthPlusGirthIn: 165, dimDivisor: 139, dimAboveCubicIn: 0 },
  FedEx: { maxPounds: 150, maxLengthPlusGirthIn: 165, dimDivisor: 139, dimAboveCubicIn: 0 },
};

/** The weight a carrier charges for, in whole pounds: the actual or the dimensional weight, whichever is more. */
export function billablePounds(carrier: Carrier, parcel: Parcel): number {
  const rules = CARRIER_RULES[carrier];
  const actual = Math.ceil(parcel.weightOz / 16);
  const cubicIn = parcel.lengthIn * parcel.widthIn * parcel.heightIn;
  const dimensional = cubicIn > rules.dimAboveCubicIn ? Math.ceil(cubicIn / rules.dimDivisor) : 0;
  return Math.max(1, actual, dimensional);
}

/** Why a carrier does not take the parcel, or null when it does. */
export function carrierRefusal(carrier: Carrier, parcel: Parcel): string | null {
  const rules = CARRIER_RULES[carrier];
  const sides = [parcel.lengthIn, parcel.widthIn, parcel.heightIn].sort((a, b) => b - a);
  const [length = 0, width = 0, height = 0] = sides;
  if (parcel.weightOz > rules.maxPounds * 16) return `${carrier}: a parcel over ${rules.maxPounds} lb`;
  if (length + 2 * (width + height) > rules.maxLengthPlusGirthIn) return `${carrier}: length plus girth over ${rules.maxLengthPlusGirthIn} in`;
  return null;
}

export interface SimulatedRate {
  carrier: Carrier;
  service: string;
  priceCents: number;
  retailPriceCents: number;
  listPriceCents: number;
  deliveryDays: number;
}

/**
 * USPS Priority Mail Flat Rate prices (cents) by EasyPost's predefined_package name: one price
 * whatever the distance and weight up to 70 lb. Express takes the Flat Rate envelopes too.
 */
const FLAT_RATES: Readonly<Record<string, { Priority: number; Express?: number }>> = {
  FlatRateEnvelope: { Priority: 965, Express: 2895 },
  FlatRatePaddedEnvelope: { Priority: 1040, Express: 3145 },
  FlatRateLegalEnvelope: { Priority: 995, Express: 2925 },
  SmallFlatRateBox: { Priority: 1065 },
  MediumFlatRateBox: { Priority: 1840 },
  LargeFlatRateBox: { Priority: 2565 },
};

/** The carrier whose packaging a predefined package is (only USPS's are known here). */
const FLAT_RATE_CARRIER: Carrier = 'USPS';

/**
 * A parcel in a carrier's packaging, as EasyPost rates it: only that carrier answers, with the
 * services that take the package; every other carrier gives no rate and says why in a message.
 */
function predefinedPackageRates(zone: number, parcel: Parcel & { predefinedPackage: string }): { rates: SimulatedRate[]; messages: string[] } {
  const prices = FLAT_RATES[parcel.predefinedPackage];
  const messages = new Set<string>();
  const rates: SimulatedRate[] = [];
  for (const table of SIMULATED_SERVICES) {
    if (table.carrier !== FLAT_RATE_CARRIER || !prices) {
      messages.add(`${table.carrier}: no rates for the predefined package ${parcel.predefinedPackage}`);
      continue;
    }
    if (parcel.weightOz > CARRIER_RULES.USPS.maxPounds * 16) {
      messages.add(`${table.carrier}: a parcel over ${CARRIER_RULES.USPS.maxPounds} lb`);
      continue;
    }
    const priceCents = table.service === 'Priority' || table.service === 'Express' ? prices[table.service] : undefined;
    if (priceCents === undefined) continue;
    rates.push(simulatedRate(table, priceCents, zone));
  }
  rates.sort((a, b) => a.priceCents - b.priceCents);
  return { rates, messages: [...messages] };
}

/** One service's rate at its price: the counter (retail) price 18% above, the list price 8% above, its days for the zone. */
function simulatedRate(table: ServiceTable, priceCents: number, zone: number): SimulatedRate {
  return {
    carrier: table.carrier,
    service: table.service,
    priceCents,
    retailPriceCents: Math.round(priceCents * 1.18),
    listPriceCents: Math.round(priceCents * 1.08),
    deliveryDays: table.days[zone - 1] ?? 5,
  };
}

/** The price of every service that takes the parcel between the two regions, cheapest first, and why the others do not. */
export function simulatedRates(from: ZipRegion, to: ZipRegion, parcel: Parcel): { rates: SimulatedRate[]; messages: string[] } {
  const zone = zoneOf(distanceMiles(from, to));
  const { predefinedPackage } = parcel;
  if (predefinedPackage) return predefinedPackageRates(zone, { ...parcel, predefinedPackage });
  const messages = new Set<string>();
  const rates: SimulatedRate[] = [];
  for (const table of SIMULATED_SERVICES) {
    const refusal = carrierRefusal(table.carrier, parcel);
    if (refusal) {
      messages.add(refusal);
      continue;
    }
    const extraPounds = billablePounds(table.carrier, parcel) - 1;
    const priceCents = table.base + table.perZone * (zone - 1) + extraPounds * (table.perPound + table.perPoundPerZone * (zone - 1));
    rates.push(simulatedRate(table, priceCents, zone));
  }
  rates.sort((a, b) => a.priceCents - b.priceCents);
  return { rates, messages: [...messages] };
}

/** What the label says the service is ('USPS PRIORITY MAIL'). */
export function serviceLabel(carrier: Carrier, service: string): string {
  return (
    SIMULATED_SERVICES.find((table) => table.carrier === carrier && table.service === service)?.label ?? internationalServiceLabel(service) ?? `${carrier} ${service}`.toUpperCase()
  );
}

/**
 * International services (issue 25 item 3), priced by a zone for abroad: Canada and Mexico are
 * zone A, everywhere else zone B, as the carriers' international tables group countries.
 */
const INTERNATIONAL_SERVICES: readonly { carrier: Carrier; service: string; label: string; base: [number, number]; perPound: [number, number]; days: [number, number] }[] = [
  { carrier: 'USPS', service: 'FirstClassPackageInternationalService', label: 'USPS FIRST-CLASS PKG INTL', base: [1650, 2150], perPound: [420, 780], days: [10, 15] },
  { carrier: 'USPS', service: 'PriorityMailInternational', label: 'USPS PRIORITY MAIL INTL', base: [4350, 5250], perPound: [310, 620], days: [6, 10] },
  { carrier: 'UPS', service: 'UPSStandard', label: 'UPS STANDARD', base: [2995, 8450], perPound: [240, 910], days: [5, 8] },
  { carrier: 'FedEx', service: 'INTERNATIONAL_PRIORITY', label: 'FEDEX INTL PRIORITY', base: [6850, 9950], perPound: [520, 1150], days: [2, 4] },
];

/** First-Class Package International takes at most 4 lb and a declared value of at most $400. */
const FIRST_CLASS_INTERNATIONAL = { maxOz: 64, maxValueUsd: 400 } as const;

/** The most a declared value may be with the simulated carriers (a declaration over it is refused, as a carrier's). */
export const SIMULATOR_MAX_CUSTOMS_VALUE_USD = 2500;

/** 'A' for Canada and Mexico, 'B' for the rest of the world. */
export const internationalZone = (country: string): 'A' | 'B' => (country === 'CA' || country === 'MX' ? 'A' : 'B');

/**
 * Duties and taxes the recipient is estimated to pay (cents): a simulated 5% duty above a
 * de minimis of $150 (CAD and MXN countries ask more near that line), plus 13% tax (Canada's HST
 * for zone A, a typical VAT elsewhere) above $40. Gifts and documents pay none under $60.
 */
export function estimatedDutiesCents(country: string, declaredValueUsd: number, contentsType: string): number {
  if ((contentsType === 'gift' || contentsType === 'documents') && declaredValueUsd <= 60) return 0;
  const duty = declaredValueUsd > 150 ? declaredValueUsd * 0.05 : 0;
  const tax = declaredValueUsd > 40 ? declaredValueUsd * (internationalZone(country) === 'A' ? 0.13 : 0.2) : 0;
  return Math.round((duty + tax) * 100);
}

/** Every international service that takes the parcel to `country`, cheapest first, and why the others do not. */
export function simulatedInternationalRates(country: string, parcel: Parcel, declaredValueUsd: number): { rates: SimulatedRate[]; messages: string[] } {
  const zone = internationalZone(country) === 'A' ? 0 : 1;
  const messages = new Set<string>();
  const rates: SimulatedRate[] = [];
  for (const table of INTERNATIONAL_SERVICES) {
    const refusal = carrierRefusal(table.carrier, parcel);
    if (refusal) {
      messages.add(refusal);
      continue;
    }
    if (table.service === 'FirstClassPackageInternationalService' && (parcel.weightOz > FIRST_CLASS_INTERNATIONAL.maxOz || declaredValueUsd > FIRST_CLASS_INTERNATIONAL.maxValueUsd)) {
      messages.add(`USPS: First-Class Package International takes at most 4 lb and a value of $${FIRST_CLASS_INTERNATIONAL.maxValueUsd}`);
      continue;
    }
    const priceCents = table.base[zone]! + (billablePounds(table.carrier, parcel) - 1) * table.perPound[zone]!;
    rates.push({
      carrier: table.carrier,
      service: table.service,
      priceCents,
      retailPriceCents: Math.round(priceCents * 1.18),
      listPriceCents: Math.round(priceCents * 1.08),
      deliveryDays: table.days[zone]!,
    });
  }
  rates.sort((a, b) => a.priceCents - b.priceCents);
  return { rates, messages: [...messages] };
}

/** What the label says an international service is. */
export function internationalServiceLabel(service: string): string | undefined {
  return INTERNATIONAL_SERVICES.find((table) => table.service === service)?.label;
}
