import { carrierPackagingNote, PREDEFINED_PACKAGE_CARRIER, predefinedPackageOf } from '@airbox/contract';

/**
 * The carriers' notes on a rating, as the customer reads them. A parcel in USPS Flat Rate
 * packaging is rated by USPS alone: every other carrier refuses it ('UPSDAP: …predefined
 * package…'), which is one thing to say once, in the customer's words; USPS's own notes stay.
 */
export function ratingNotes(messages: readonly string[], predefinedPackage: string | null): string[] {
  const carrierPackage = predefinedPackageOf(predefinedPackage);
  if (!carrierPackage) return [...messages];
  return [carrierPackagingNote(carrierPackage), ...messages.filter((message) => message.startsWith(`${PREDEFINED_PACKAGE_CARRIER}:`))];
}
