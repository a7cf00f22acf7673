import {
  CONTACT_DEFAULT_COUNTRY,
  PICKUP_DEFAULTS,
  carrierDisplayName,
  formatPhoneDashed,
  usStateCode,
  type AddressSuggestion,
  type Contact,
  type MyAddress,
  type PickupAddressForm,
  type PickupDateForm,
  type ShipmentDetail,
  type ShipmentRow,
  uspsPickupServiceOfLabel,
} from '@airbox/contract';
import type { CallInput } from '../../../lib/http';
import { pickupDatetime } from './format';

/** How a label's pickup goes: USPS free and scheduled at once, UPS refused, any other carrier (FedEx) paid. */
export type PickupRoute = 'usps' | 'ups' | 'paid';

export function pickupRoute(row: Pick<ShipmentRow, 'rateCarrier'>): PickupRoute {
  const carrier = carrierDisplayName(row.rateCarrier);
  if (carrier === 'USPS') return 'usps';
  if (carrier === 'UPS') return 'ups';
  return 'paid';
}

/** The Pickup address form (spec 03 §3) as the step holds it: every field text, ServiceType for USPS. */
export type PickupAddressValues = Required<{ [K in keyof PickupAddressForm]: string }>;
/** The Pickup date form (spec 03 §3) as the step holds it. */
export type PickupDateValues = Required<{ [K in keyof PickupDateForm]: string }>;

export const EMPTY_PICKUP_ADDRESS: PickupAddressValues = {
  FirstName: '',
  LastName: '',
  Company: '',
  Cell_phone_number: '',
  Address_line_1: '',
  Address_line_2: '',
  City: '',
  State_province_region: '',
  Country: CONTACT_DEFAULT_COUNTRY,
  Zip_code: '',
  ServiceType: '',
};

export const EMPTY_PICKUP_DATE: PickupDateValues = {
  PickupDate: '',
  Earliest: PICKUP_DEFAULTS.earliest,
  Latest: PICKUP_DEFAULTS.latest,
  reference: '',
  instructions: '',
};

const phone = (value: string) => (value ? formatPhoneDashed(value) : '');
/** The state as the form's list holds it (its code), whether the record has its code or its name. */
const stateOf = (value: string) => usStateCode(value) ?? value;

/**
 * The locker hub (getMyAddress's hub) as a pickup address: its street, with the customer (the
 * mailing address's names and phone, else the hub's phone) as the person the driver asks for.
 */
export function addressFromHub(hub: MyAddress, home: MyAddress | undefined, current: PickupAddressValues): PickupAddressValues {
  return {
    ...current,
    FirstName: hub.firstName || home?.firstName || '',
    LastName: hub.lastName || home?.lastName || '',
    Company: hub.company,
    Cell_phone_number: phone(home?.phone || hub.phone),
    Address_line_1: hub.address1,
    Address_line_2: hub.address2,
    City: hub.city,
    State_province_region: stateOf(hub.state),
    Country: CONTACT_DEFAULT_COUNTRY,
    Zip_code: hub.zipcode,
  };
}

/**
 * Where the wizard starts: nothing typed, and for USPS the label's own service (a row's
 * rateService, 'GroundAdvantage' as USPS Ground Advantage), which the customer may change.
 */
export const firstPickupAddress = (row: Pick<ShipmentRow, 'rateService'>): PickupAddressValues => ({
  ...EMPTY_PICKUP_ADDRESS,
  ServiceType: uspsPickupServiceOfLabel(row.rateService),
});

/**
 * The label's ship-from address (getShipmentDetail's from_address) as a pickup address: where the
 * parcel usually is. The detail names the sender in one piece ('Dana Reyes'): the last word is
 * taken as the last name, the rest as the first (the fields stay editable).
 */
export function addressFromLabel(from: ShipmentDetail['from_address'], current: PickupAddressValues): PickupAddressValues {
  const words = from.name.trim().split(/\s+/).filter(Boolean);
  return {
    ...current,
    FirstName: words.length > 1 ? words.slice(0, -1).join(' ') : (words[0] ?? ''),
    LastName: words.length > 1 ? (words.at(-1) ?? '') : '',
    Company: from.company,
    Cell_phone_number: phone(from.phone),
    Address_line_1: from.street1,
    Address_line_2: from.street2,
    City: from.city,
    State_province_region: stateOf(from.state),
    Country: CONTACT_DEFAULT_COUNTRY,
    Zip_code: from.zip.slice(0, 5),
  };
}

/** A contact of My Contacts as a pickup address. */
export function addressFromContact(contact: Contact, current: PickupAddressValues): PickupAddressValues {
  return {
    ...current,
    FirstName: contact.firstName,
    LastName: contact.lastName,
    Company: contact.company,
    Cell_phone_number: phone(contact.phone),
    Address_line_1: contact.address1,
    Address_line_2: contact.address2,
    City: contact.city,
    State_province_region: stateOf(contact.state),
    Country: contact.country || CONTACT_DEFAULT_COUNTRY,
    Zip_code: contact.zipcode,
  };
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** True when the address is the locker hub's (userLocker 1: the carrier comes to the locker, a drop-off code is given). */
export function isHubAddress(address: PickupAddressValues, hub: MyAddress | undefined): boolean {
  return (
    hub !== undefined &&
    same(address.Address_line_1, hub.address1) &&
    same(address.Address_line_2, hub.address2) &&
    same(address.City, hub.city) &&
    same(address.State_province_region, stateOf(hub.state)) &&
    same(address.Zip_code, hub.zipcode)
  );
}

/** The carrier's spelling of the address, as the form holds it (a ZIP+4 kept to its 5 digits). */
export function applySuggestion(address: PickupAddressValues, suggestion: AddressSuggestion): PickupAddressValues {
  return {
    ...address,
    Address_line_1: suggestion.street1,
    Address_line_2: suggestion.street2,
    City: suggestion.city,
    State_province_region: suggestion.state,
    Zip_code: suggestion.zip.slice(0, 5),
  };
}

/** The address as the one-liners of lib/address-text take it. */
export const addressParts = (address: PickupAddressValues) => ({
  firstName: address.FirstName,
  lastName: address.LastName,
  company: address.Company,
  address1: address.Address_line_1,
  address2: address.Address_line_2,
  city: address.City,
  state: address.State_province_region,
  zipcode: address.Zip_code,
});

/** What validateAddress is asked: the pickup address (its addrId is what createPickup takes). */
export function validateInput(address: PickupAddressValues): CallInput<'validateAddressCall'> {
  return {
    street1: address.Address_line_1,
    street2: address.Address_line_2,
    city: address.City,
    state: address.State_province_region,
    zip: address.Zip_code,
    country: 'US',
    phone: address.Cell_phone_number,
    name: `${address.FirstName} ${address.LastName}`.trim() || address.Company,
  };
}

/** createPickup's body: the window as 'YYYY-MM-DD HH:mm:ss' in the address's own time. */
export function createPickupInput(
  row: Pick<ShipmentRow, 'shipmentID'>,
  addressId: string,
  date: PickupDateValues,
  userLocker: boolean,
): CallInput<'createPickupCall'> {
  return {
    addressId,
    shipmentId: row.shipmentID,
    minDatetime: pickupDatetime(date.PickupDate, date.Earliest),
    maxDatetime: pickupDatetime(date.PickupDate, date.Latest),
    reference: date.reference as CallInput<'createPickupCall'>['reference'],
    instructions: date.instructions,
    userLocker,
  };
}

/** CarrierPickupAvailability's body: where USPS would come. */
export function uspsAvailabilityInput(address: PickupAddressValues): CallInput<'uspsPickupAvailabilityCall'> {
  return {
    firmname: address.Company,
    address1: address.Address_line_1,
    address2: address.Address_line_2,
    city: address.City,
    state: address.State_province_region,
    zip5: address.Zip_code,
  };
}

/** USPS's weight limit for a pickup package, in pounds. */
const USPS_MAX_POUNDS = 150;

/** The label's weight in pounds for USPS (ounces / 16, spec 03 §9), or undefined to let the server take the label's. */
export function estimatedPounds(ounces: number): number | undefined {
  const pounds = Math.round((ounces / 16) * 100) / 100;
  return pounds > 0 && pounds <= USPS_MAX_POUNDS ? pounds : undefined;
}

/** CarrierPickupSchedule's body: the address, the person, the service, the package and the day. */
export function uspsScheduleInput(
  row: Pick<ShipmentRow, 'shippingdetails_id' | 'weight'>,
  userId: number,
  address: PickupAddressValues,
  date: PickupDateValues,
  useLocker: boolean,
): CallInput<'uspsPickupScheduleCall'> {
  return {
    ...uspsAvailabilityInput(address),
    firstname: address.FirstName,
    lastname: address.LastName,
    servicetype: address.ServiceType as CallInput<'uspsPickupScheduleCall'>['servicetype'],
    uselocker: useLocker,
    count: PICKUP_DEFAULTS.packageCount,
    phone: address.Cell_phone_number,
    estimatedweight: estimatedPounds(row.weight),
    packagelocation: date.reference as CallInput<'uspsPickupScheduleCall'>['packagelocation'],
    specialinstructions: date.instructions,
    shipmentdetailsid: row.shippingdetails_id,
    userid: userId,
    pickupdate: date.PickupDate,
  };
}

/** CarrierPickupScheduleLabels' body (issue 25 item 2): the labels, and the same address, person, place and day as one label's. */
export function uspsLabelsScheduleInput(
  rows: readonly Pick<ShipmentRow, 'shippingdetails_id'>[],
  address: PickupAddressValues,
  date: PickupDateValues,
  useLocker: boolean,
): CallInput<'uspsPickupScheduleLabelsCall'> {
  return {
    ...uspsAvailabilityInput(address),
    shipmentIds: rows.map((row) => row.shippingdetails_id),
    firstname: address.FirstName,
    lastname: address.LastName,
    uselocker: useLocker,
    phone: address.Cell_phone_number,
    packagelocation: date.reference as CallInput<'uspsPickupScheduleLabelsCall'>['packagelocation'],
    specialinstructions: date.instructions,
    pickupdate: date.PickupDate,
  };
}
