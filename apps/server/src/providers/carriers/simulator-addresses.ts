import { US_STATES, usStateCode } from '@airbox/contract';
import type { PostalAddress } from './carriers-provider.js';
import { zipRegion } from './simulator-rates.js';

/** The ZIP code the simulator never finds an address in: type it to see a refused address. */
export const SIMULATOR_UNKNOWN_ZIP = '00000';

export type AddressCheck =
  | { result: 'verified'; address: PostalAddress }
  | { result: 'suggestion'; address: PostalAddress; reasons: string[] }
  | { result: 'refused'; reasons: string[] };

const DIRECTIONALS = new Set(['N', 'S', 'E', 'W', 'NE', 'NW', 'SE', 'SW', 'PO']);

/** 'san FRANCISCO' stays as typed when its case is mixed; all lower or all upper becomes 'San Francisco'. */
function normalCase(text: string): string {
  const collapsed = text.trim().replace(/\s+/g, ' ');
  if (collapsed !== collapsed.toLowerCase() && collapsed !== collapsed.toUpperCase()) return collapsed;
  return collapsed
    .split(' ')
    .map((word) => {
      const upper = word.toUpperCase();
      if (DIRECTIONALS.has(upper.replace(/\.$/, ''))) return upper;
      if (/^\d+(st|nd|rd|th)$/i.test(word)) return word.toLowerCase();
      if (/^\d/.test(word)) return upper;
      return upper.charAt(0) + word.slice(1).toLowerCase();
    })
    .join(' ');
}

const optional = (text: string | undefined) => {
  const trimmed = text?.trim().replace(/\s+/g, ' ');
  return trimmed ? trimmed : undefined;
};

/** An address as the simulator answers it: names trimmed, street and city in their usual spelling, its place as checked. */
function writtenBack(address: PostalAddress, street1: string, place: Pick<PostalAddress, 'state' | 'zip' | 'country'>): PostalAddress {
  return {
    ...address,
    name: optional(address.name),
    company: optional(address.company),
    street1: normalCase(street1),
    street2: address.street2?.trim() ? normalCase(address.street2) : undefined,
    city: normalCase(address.city),
    ...place,
  };
}

/**
 * The simulator's address verification, by rules: a street line with a house number, a city, a
 * US state (code or name), and a 5-digit ZIP code whose prefix belongs to a state. A ZIP code of
 * another state suggests that state; an address written all in lower or upper case (or a state
 * by name) suggests the same address in its usual spelling. ZIP 00000 is never found.
 */
export function checkUsAddress(address: PostalAddress): AddressCheck {
  const reasons: string[] = [];
  const country = (address.country ?? 'US').trim().toUpperCase();
  if (!['US', 'USA', 'UNITED STATES'].includes(country)) reasons.push('Only addresses in the United States are served');
  const street1 = address.street1.trim();
  if (!street1) reasons.push('Street address is missing');
  else if (!/\d/.test(street1)) reasons.push('Street address needs a house number');
  if (!address.city.trim()) reasons.push('City is missing');
  const state = usStateCode(address.state);
  if (!state) reasons.push('State is not a US state');
  const zip = address.zip.trim();
  const region = zipRegion(zip);
  if (!/^\d{5}(-\d{4})?$/.test(zip)) reasons.push('ZIP code must be 5 digits');
  else if (zip.startsWith(SIMULATOR_UNKNOWN_ZIP)) reasons.push('Address not found');
  else if (!region) reasons.push('ZIP code is not in any state');
  if (reasons.length > 0 || !state || !region) return { result: 'refused', reasons };

  const corrected = writtenBack(address, street1, { state: region.state, zip, country: 'US' });
  const suggestions: string[] = [];
  if (region.state !== state) {
    const stateName = (code: string) => US_STATES.find((candidate) => candidate.code === code)?.name ?? code;
    suggestions.push(`ZIP code ${zip} is in ${stateName(region.state)}, not ${stateName(state)}`);
  } else if (address.state.trim() !== region.state) {
    suggestions.push(`State written as ${region.state}`);
  }
  if (corrected.street1 !== street1 || (corrected.street2 ?? '') !== (address.street2?.trim() ?? '')) suggestions.push('Street address in its usual spelling');
  if (corrected.city !== address.city.trim()) suggestions.push('City in its usual spelling');
  return suggestions.length > 0 ? { result: 'suggestion', address: corrected, reasons: suggestions } : { result: 'verified', address: corrected };
}

/** Canada's provinces and territories, by their two-letter codes. */
const CANADIAN_PROVINCES = new Set(['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT']);

/**
 * An address outside the United States (issue 25 item 3), by rules: a street line, a city, a
 * country as two letters and a postal code; in Canada a province by its code and a postal code
 * as A1A 1A1 (suggested with its space and in capitals when typed otherwise).
 */
export function checkForeignAddress(address: PostalAddress): AddressCheck {
  const reasons: string[] = [];
  const country = (address.country ?? '').trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(country)) reasons.push('Country must be two letters');
  const street1 = address.street1.trim();
  if (!street1) reasons.push('Street address is missing');
  if (!address.city.trim()) reasons.push('City is missing');
  let zip = address.zip.trim().toUpperCase().replace(/\s+/g, ' ');
  let state = address.state.trim().toUpperCase();
  if (country === 'CA') {
    if (!CANADIAN_PROVINCES.has(state)) reasons.push('Province is not a Canadian province code');
    const postal = /^([A-Z]\d[A-Z]) ?(\d[A-Z]\d)$/.exec(zip);
    if (!postal) reasons.push('Postal code must be as A1A 1A1');
    else zip = `${postal[1]} ${postal[2]}`;
  } else {
    state = address.state.trim();
    if (!/^[A-Z0-9][A-Z0-9 -]{1,9}$/.test(zip)) reasons.push('Postal code is missing');
  }
  if (reasons.length > 0) return { result: 'refused', reasons };
  const corrected = writtenBack(address, street1, { state, zip, country });
  const changed = corrected.street1 !== street1 || corrected.city !== address.city.trim() || corrected.zip !== address.zip.trim() || corrected.state !== address.state.trim();
  return changed ? { result: 'suggestion', address: corrected, reasons: ['Address in its usual spelling'] } : { result: 'verified', address: corrected };
}

/** Whether an address is in the United States ('US' when no country is given). */
export const inUnitedStates = (address: Pick<PostalAddress, 'country'>) => ['US', 'USA', 'UNITED STATES', ''].includes((address.country ?? 'US').trim().toUpperCase());
