import { internationalAddressLine, placeLines } from '@airbox/contract';

/** Addresses as one line of text, for the screens that show a chosen address (label page, pickups, the contact picker). */

export interface AddressLineParts {
  address1: string;
  address2: string;
  city: string;
  state: string;
  zipcode: string;
  /** Issue 25 item 3: ISO 3166-1 alpha-2; absent or 'US': in the United States. */
  country?: string | undefined;
}

/**
 * An address as one line: '742 Valencia St, Apt 2, San Francisco, CA 94110'; abroad in that
 * country's order, the country last ('12 Front St W, Toronto ON M5V 2T6, Canada'). A contact's
 * 'USA' is at home.
 */
export function addressLine(address: AddressLineParts): string {
  return internationalAddressLine({ ...address, country: countryOf(address) });
}

/** ISO 3166-1 alpha-2 as the contract's helpers take it: a contact's 'USA', or none, is the United States. */
function countryOf(address: Pick<AddressLineParts, 'country'>): string {
  const country = address.country?.trim().toUpperCase() ?? 'US';
  return /^[A-Z]{2}$/.test(country) ? country : 'US';
}

/** The person or company of an address. */
export function addressName(address: { firstName: string; lastName: string; company: string }): string {
  const person = `${address.firstName} ${address.lastName}`.trim();
  return [person, address.company.trim()].filter((part) => part !== '').join(', ');
}

/**
 * The lines of an address after its street, for the screens that show it on several lines:
 * 'San Francisco, CA 94110' at home (an empty part left out); abroad in that country's order,
 * the country last (issue 25 item 3: 'Toronto ON M5V 3L9', 'Canada').
 */
export function placeLinesOf(address: Pick<AddressLineParts, 'city' | 'state' | 'zipcode' | 'country'>): string[] {
  return placeLines({ ...address, address1: '', address2: '', country: countryOf(address) });
}
