/**
 * Carrier packaging (issue 21 item 12): the USPS Priority Mail Flat Rate envelopes and boxes a
 * customer may ship in instead of their own box. `id` is EasyPost's `predefined_package` value
 * for USPS, sent as the parcel `{predefined_package, weight}` without dimensions; EasyPost then
 * rates it with USPS only (other carriers answer no rate for another carrier's packaging). The
 * inside sizes are USPS's, in inches; `size` is how the Package step shows them. Flat Rate
 * takes at most 70 lb whatever the package.
 *
 * No zod here: the web app's first load may name a package without the schemas.
 */
export const PREDEFINED_PACKAGES = [
  { id: 'FlatRateEnvelope', name: 'USPS Flat Rate Envelope', size: '12½ × 9½ in', length: 12.5, width: 9.5, height: 0.75 },
  { id: 'FlatRatePaddedEnvelope', name: 'USPS Padded Flat Rate Envelope', size: '12½ × 9½ in', length: 12.5, width: 9.5, height: 1 },
  { id: 'FlatRateLegalEnvelope', name: 'USPS Legal Flat Rate Envelope', size: '15 × 9½ in', length: 15, width: 9.5, height: 0.75 },
  { id: 'SmallFlatRateBox', name: 'USPS Small Flat Rate Box', size: '8⅝ × 5⅜ × 1⅝ in', length: 8.625, width: 5.375, height: 1.625 },
  { id: 'MediumFlatRateBox', name: 'USPS Medium Flat Rate Box', size: '11 × 8½ × 5½ in', length: 11, width: 8.5, height: 5.5 },
  { id: 'LargeFlatRateBox', name: 'USPS Large Flat Rate Box', size: '12 × 12 × 5½ in', length: 12, width: 12, height: 5.5 },
] as const;

export type PredefinedPackage = (typeof PREDEFINED_PACKAGES)[number];
export type PredefinedPackageId = PredefinedPackage['id'];

export const PREDEFINED_PACKAGE_IDS = PREDEFINED_PACKAGES.map((entry) => entry.id) as [PredefinedPackageId, ...PredefinedPackageId[]];

/** The carrier whose packaging these are, as the wire names carriers. */
export const PREDEFINED_PACKAGE_CARRIER = 'USPS';

/** The most a Flat Rate package may weigh, in ounces (70 lb). */
export const FLAT_RATE_MAX_WEIGHT_OZ = 70 * 16;

/** The package of an id, or undefined for none or an id that is not one of them. */
export function predefinedPackageOf(id: string | null | undefined): PredefinedPackage | undefined {
  return PREDEFINED_PACKAGES.find((entry) => entry.id === id);
}

/**
 * What a parcel is, in the one way every screen and the invoice say it: the carrier package's
 * name ('USPS Small Flat Rate Box') when one was chosen, else its size ('12 × 10 × 6 in').
 */
export function parcelDescription(parcel: { length: number; width: number; height: number; predefinedPackage?: string | null | undefined }): string {
  return predefinedPackageOf(parcel.predefinedPackage)?.name ?? `${parcel.length} × ${parcel.width} × ${parcel.height} in`;
}

/** Said with the rates of a parcel in carrier packaging, in place of each other carrier's refusal of it. */
export const carrierPackagingNote = (carrierPackage: PredefinedPackage) =>
  `${carrierPackage.name}: only ${PREDEFINED_PACKAGE_CARRIER} rates its own Flat Rate packaging, so only ${PREDEFINED_PACKAGE_CARRIER} services are offered.`;
