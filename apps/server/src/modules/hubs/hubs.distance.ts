import type { Locker } from '@airbox/contract';

/*
 * The registration's hub list nearest the registrant first (issue 11). A ZIP code's place comes
 * from the `zipcodes` package (the US and Canadian postal codes with their latitude and
 * longitude, no network); a hub's from its stored location, 'latitude,longitude'. The package's
 * table is some 5 MB of JavaScript: it is loaded on the first ask, not at start.
 */

interface ZipPlace {
  latitude: number;
  longitude: number;
}
interface ZipCodes {
  lookup(zip: string): ZipPlace | undefined;
}

let zipCodes: Promise<ZipCodes> | undefined;
const loadZipCodes = (): Promise<ZipCodes> => {
  // A CommonJS module without types: its exports are the default import.
  zipCodes ??= import('zipcodes').then((module: { default: ZipCodes }) => module.default);
  return zipCodes;
};

const EARTH_RADIUS_MI = 3958.8;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle miles between two places (haversine). */
export function milesBetween(a: ZipPlace, b: ZipPlace): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MI * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A hub's stored location ('37.7847,-122.4066'), or undefined when missing or not a place. */
export function parseLocation(location: string | null): ZipPlace | undefined {
  const [latitude, longitude, extra] = (location ?? '').split(',').map((part) => Number(part.trim()));
  if (extra !== undefined || latitude === undefined || longitude === undefined || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return undefined;
  if ((location ?? '').trim() === '' || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return undefined;
  return { latitude, longitude };
}

/** Where a ZIP code is, or undefined for one the table does not know. */
export async function zipPlace(zip: string): Promise<ZipPlace | undefined> {
  const place = (await loadZipCodes()).lookup(zip);
  return place && Number.isFinite(place.latitude) && Number.isFinite(place.longitude) ? { latitude: place.latitude, longitude: place.longitude } : undefined;
}

/**
 * The hubs with their distance from the ZIP code in miles (one decimal), nearest first; hubs
 * without a usable location last, in their order, with a null distance. An unknown ZIP code
 * leaves the order as it was, every distance null.
 */
export async function nearestFirst(hubs: Locker[], zip: string): Promise<(Locker & { distance_mi: number | null })[]> {
  const from = await zipPlace(zip);
  const measured = hubs.map((hub) => {
    const at = from && parseLocation(hub.location);
    return { ...hub, distance_mi: from && at ? Math.round(milesBetween(from, at) * 10) / 10 : null };
  });
  // Array.prototype.sort is stable: equal distances and unknown ones keep the list's order.
  return measured.sort((a, b) => (a.distance_mi ?? Number.POSITIVE_INFINITY) - (b.distance_mi ?? Number.POSITIVE_INFINITY));
}
