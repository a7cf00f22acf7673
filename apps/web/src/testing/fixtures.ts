import type { Contact, MyAddress, SavedOrder, ShipmentRow } from '@airbox/contract';

/**
 * The records the web tests answer with, each written once: a test gives only what it is about
 * as `overrides`. Dana Reyes (user 7) is the customer; Rosa Reyes, her mother, the recipient.
 */

/** A login `user` as the contract's sessionUserSchema describes it. */
export function sessionUser(overrides: Partial<Record<string, unknown>> = {}) {
  return {
    user_id: 7,
    role_id: 5,
    Status: 1,
    Email: 'dana@example.com',
    First_name: 'Dana',
    Last_name: 'Reyes',
    BOXID: '1234567',
    credits: 3,
    membership: null,
    membership_expire: null,
    ...overrides,
  };
}

/** A getUserByUser_id user who has given nothing beyond the sign-up's: no phone, address or hub. */
export function bareUserProfile(overrides: Partial<Record<string, unknown>> = {}) {
  return {
    ...sessionUser(),
    PinNo: '123456',
    Cell_phone_number: '',
    secondaryCellPhone: '',
    Home_phone_number: '',
    Email2: '',
    Address_line_1: '',
    Address_line_2: '',
    City: '',
    State_province_region: '',
    Zip_code: '',
    Country: 'United States',
    lockerUUID: null,
    isHandicapped: 0,
    Notification_method: 'Email',
    Community: '',
    bcm_user_id: null,
    business_company_id: null,
    unit_id: null,
    building_id: null,
    bc_id: null,
    ...overrides,
  };
}

/** A getUserByUser_id user as the contract's userProfileSchema describes it: a phone, an address in San Francisco, hub-1. */
export function userProfile(overrides: Partial<Record<string, unknown>> = {}) {
  return bareUserProfile({
    BOXID: '2135846',
    PinNo: '482915',
    Cell_phone_number: '4155550134',
    Address_line_1: '742 Valencia St',
    City: 'San Francisco',
    State_province_region: 'CA',
    Zip_code: '94110',
    lockerUUID: 'hub-1',
    ...overrides,
  });
}

/** A hub as the locker calls answer. */
export function hub(overrides: Partial<Record<string, unknown>> = {}) {
  return {
    id: 'hub-1',
    business_name: 'Mission Hub',
    address: '801 Market St',
    city: 'San Francisco',
    state: 'CA',
    zip_code: '94103',
    location: null,
    ...overrides,
  };
}

/** A Purchased Labels row as userGetShipment answers it: a USPS label bought today, never scanned. */
export function shipmentRow(overrides: Partial<ShipmentRow> = {}): ShipmentRow {
  return {
    shipmentID: 'shp_1001',
    shippingIndexID: 1001,
    shippingdetails_id: 501,
    createTime: new Date().toISOString(),
    orderNo: 'LB1001',
    rateCarrier: 'USPS',
    rateService: 'Priority',
    retailRate: '12.75',
    listRate: '11.90',
    insurance: '1.00',
    chargePrice: '0.00',
    TotalPrice: '13.75',
    trackingNum: '9400111899223344556677',
    comments: '',
    status_flag: '1',
    easypostStatus: '',
    pickupId: '',
    labelURL: 'label/1001.png',
    fromAddress1: '742 Valencia St',
    fromAddress2: 'San Francisco, CA 94110',
    toAddress1: '12 Elm St Apt 4',
    toAddress2: 'Austin, TX 73301',
    fromName: 'Dana Reyes',
    toName: 'Rosa Reyes',
    fromPhone: '4155550134',
    toPhone: '512-555-0199',
    height: 6,
    length: 12,
    width: 10,
    weight: 40,
    refund_status: '',
    autoRefund: false,
    purchaseNote: '',
    pickupNote: '',
    ...overrides,
  };
}

/** The customer's own address as getMyAddress answers it (data[0]; data[1] is her hub): San Francisco. */
export function myAddress(overrides: Partial<MyAddress> = {}): MyAddress {
  return {
    kind: 'home',
    firstName: 'Dana',
    lastName: 'Reyes',
    company: '',
    address1: '742 Valencia St',
    address2: '',
    city: 'San Francisco',
    state: 'CA',
    zipcode: '94110',
    phone: '4155550134',
    email: 'dana@example.com',
    ...overrides,
  };
}

/** A contact of My Contacts: Mom, in Austin. */
export function contact(overrides: Partial<Contact> = {}): Contact {
  return {
    id: 31,
    name: 'Mom',
    firstName: 'Rosa',
    lastName: 'Reyes',
    company: '',
    address1: '12 Elm St',
    address2: 'Apt 4',
    city: 'Austin',
    state: 'TX',
    country: 'USA',
    zipcode: '73301',
    email: 'rosa@example.com',
    phone: '512-555-0199',
    residential: true,
    ...overrides,
  };
}

/** An order in progress as getOrderForLater answers it: from Dana in San Francisco to Rosa's bakery in Austin. */
export function savedOrder(overrides: Partial<SavedOrder> = {}): SavedOrder {
  return {
    id: 41,
    createtime: '2026-11-20T18:30:00.000Z',
    length: 12,
    width: 10,
    height: 6,
    weight: 48,
    fromfirstname: 'Dana',
    fromlastname: 'Reyes',
    fromcompany: '',
    fromaddress1: '742 Valencia St',
    fromaddress2: '',
    fromcity: 'San Francisco',
    fromstate: 'CA',
    fromzipcode: '94110',
    fromphone: '4155550134',
    tofirstname: 'Rosa',
    tolastname: 'Reyes',
    tocompany: 'Reyes Bakery',
    toaddress1: '12 Elm St',
    toaddress2: 'Apt 4',
    tocity: 'Austin',
    tostate: 'TX',
    tozipcode: '73301',
    tophone: '512-555-0199',
    comments: 'Cookies for the holidays',
    fromemail: '',
    toemail: '',
    toresidential: true,
    insuredValue: '0',
    ...overrides,
  };
}
