/**
 * International labels (issue 25 item 3): the countries the label page ships to, what each one's
 * address asks for (a state or province where the country uses one, a postal code in its own
 * format) and the order its addresses are written in, so the page, its Review, the details and
 * the lists show an address as that country's post reads it.
 */

/** How a country writes the last lines of an address. */
export type AddressOrder =
  /** 'Toronto ON M5V 2T6' (United States, Canada, Australia). */
  | 'city-region-postal'
  /** '10115 Berlin' (Germany, France, Mexico: the postal code first). */
  | 'postal-city'
  /** The town, then the postcode on a line of its own (United Kingdom). */
  | 'city-then-postal';

export interface ShippingCountry {
  /** ISO 3166-1 alpha-2. */
  code: string;
  name: string;
  /** What its address's region is called ('State', 'Province'); null: the country's addresses have none. */
  regionLabel: string | null;
  /** The regions to choose from (code and name); empty: typed freely when asked. */
  regions: readonly { code: string; name: string }[];
  postalLabel: string;
  /** The postal code as written there (spaces and case as the post expects them, once normalised). */
  postalPattern: RegExp;
  /** An example shown beside the field and in its message. */
  postalExample: string;
  order: AddressOrder;
}

const CANADIAN_PROVINCES = [
  { code: 'AB', name: 'Alberta' },
  { code: 'BC', name: 'British Columbia' },
  { code: 'MB', name: 'Manitoba' },
  { code: 'NB', name: 'New Brunswick' },
  { code: 'NL', name: 'Newfoundland and Labrador' },
  { code: 'NS', name: 'Nova Scotia' },
  { code: 'NT', name: 'Northwest Territories' },
  { code: 'NU', name: 'Nunavut' },
  { code: 'ON', name: 'Ontario' },
  { code: 'PE', name: 'Prince Edward Island' },
  { code: 'QC', name: 'Quebec' },
  { code: 'SK', name: 'Saskatchewan' },
  { code: 'YT', name: 'Yukon' },
] as const;

const AUSTRALIAN_STATES = [
  { code: 'ACT', name: 'Australian Capital Territory' },
  { code: 'NSW', name: 'New South Wales' },
  { code: 'NT', name: 'Northern Territory' },
  { code: 'QLD', name: 'Queensland' },
  { code: 'SA', name: 'South Australia' },
  { code: 'TAS', name: 'Tasmania' },
  { code: 'VIC', name: 'Victoria' },
  { code: 'WA', name: 'Western Australia' },
] as const;

/** The United States first (the default), then the countries abroad the label page offers. */
export const SHIPPING_COUNTRIES: readonly ShippingCountry[] = [
  { code: 'US', name: 'United States', regionLabel: 'State', regions: [], postalLabel: 'Zip Code', postalPattern: /^\d{5}$/, postalExample: '94110', order: 'city-region-postal' },
  { code: 'CA', name: 'Canada', regionLabel: 'Province', regions: CANADIAN_PROVINCES, postalLabel: 'Postal Code', postalPattern: /^[A-Z]\d[A-Z] \d[A-Z]\d$/, postalExample: 'M5V 2T6', order: 'city-region-postal' },
  { code: 'MX', name: 'Mexico', regionLabel: 'State', regions: [], postalLabel: 'Postal Code', postalPattern: /^\d{5}$/, postalExample: '06600', order: 'postal-city' },
  {
    code: 'GB',
    name: 'United Kingdom',
    regionLabel: null,
    regions: [],
    postalLabel: 'Postcode',
    postalPattern: /^[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}$/,
    postalExample: 'SW1A 1AA',
    order: 'city-then-postal',
  },
  { code: 'DE', name: 'Germany', regionLabel: null, regions: [], postalLabel: 'Postal Code', postalPattern: /^\d{5}$/, postalExample: '10115', order: 'postal-city' },
  { code: 'FR', name: 'France', regionLabel: null, regions: [], postalLabel: 'Postal Code', postalPattern: /^\d{5}$/, postalExample: '75001', order: 'postal-city' },
  { code: 'AU', name: 'Australia', regionLabel: 'State', regions: AUSTRALIAN_STATES, postalLabel: 'Postcode', postalPattern: /^\d{4}$/, postalExample: '2000', order: 'city-region-postal' },
  { code: 'JP', name: 'Japan', regionLabel: 'Prefecture', regions: [], postalLabel: 'Postal Code', postalPattern: /^\d{3}-\d{4}$/, postalExample: '100-0001', order: 'city-region-postal' },
];

/** A country the page knows by its two letters; undefined for another one (shown by its code, checked loosely). */
export const shippingCountry = (code: string | undefined): ShippingCountry | undefined => SHIPPING_COUNTRIES.find((country) => country.code === (code ?? 'US').trim().toUpperCase());

/** A country's name ('Canada'); its two letters when the page does not know it. */
export const countryName = (code: string) => shippingCountry(code)?.name ?? code;

/** Whether the country's addresses carry a state or province (a country the page does not know: asked, not required). */
export const usesRegion = (code: string) => shippingCountry(code)?.regionLabel != null;

/** A postal code as its country writes it: capitals, one space where the post puts it ('m5v2t6' → 'M5V 2T6'). */
export function normalizePostalCode(country: string, postal: string): string {
  const code = postal.trim().toUpperCase().replace(/\s+/g, ' ');
  if (country === 'CA') return code.replace(/^([A-Z]\d[A-Z]) ?(\d[A-Z]\d)$/, '$1 $2');
  if (country === 'GB') return code.replace(/^([A-Z]{1,2}\d[A-Z\d]?) ?(\d[A-Z]{2})$/, '$1 $2');
  return code;
}

/** The message of a postal code not in its country's format. */
export const postalCodeMessage = (country: ShippingCountry) => `Enter the ${country.postalLabel.toLowerCase()} as ${country.postalExample}`;

export interface AddressLinesParts {
  address1: string;
  address2: string;
  city: string;
  state: string;
  zipcode: string;
  /** ISO 3166-1 alpha-2; absent or 'US': an address in the United States (no country line). */
  country?: string | undefined;
}

/**
 * An address's lines after the street, in its country's order, the country last for one abroad:
 * ['San Francisco, CA 94110'], ['Toronto ON M5V 2T6', 'Canada'], ['London', 'SW1A 1AA', 'United Kingdom'],
 * ['10115 Berlin', 'Germany'].
 */
export function placeLines(address: AddressLinesParts): string[] {
  const code = (address.country ?? 'US').trim().toUpperCase() || 'US';
  const country = shippingCountry(code);
  const city = address.city.trim();
  const region = address.state.trim();
  const postal = address.zipcode.trim();
  const join = (...parts: string[]) => parts.filter((part) => part !== '').join(' ');
  if (code === 'US') return [[city, join(region, postal)].filter((part) => part !== '').join(', ')];
  const lines =
    country?.order === 'postal-city'
      ? [`${join(postal, city)}${region ? `, ${region}` : ''}`]
      : country?.order === 'city-then-postal'
        ? [join(city, region), postal].filter((line) => line !== '')
        : [join(city, region, postal)];
  return [...lines, countryName(code)];
}

/** An address as one line in its country's order: '12 Front St W, Toronto ON M5V 2T6, Canada'. */
export function internationalAddressLine(address: AddressLinesParts): string {
  const street = [address.address1, address.address2].filter((part) => part.trim() !== '').join(', ');
  return [street, ...placeLines(address)].filter((part) => part.trim() !== '').join(', ').trim();
}
