/**
 * An address as a form holds it: the fields a contact of My Contacts shares with the label page's
 * sender and recipient (the contract's shippingAddressSchema input).
 */
export interface AddressValues {
  firstName: string;
  lastName: string;
  company: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  zipcode: string;
  phone: string;
  email: string;
  residential: boolean;
  /** Issue 25 item 3: ISO 3166-1 alpha-2 (the label page's addresses); absent: the United States. */
  country?: string;
}

/** Nothing typed yet: a new contact (with its nickname and country) and the label page start so. */
export const EMPTY_ADDRESS: AddressValues = {
  firstName: '',
  lastName: '',
  company: '',
  address1: '',
  address2: '',
  city: '',
  state: '',
  zipcode: '',
  phone: '',
  email: '',
  residential: false,
};
