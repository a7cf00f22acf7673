import { READ_ERRORCODE, type Contact, type MyAddress, type SavedOrder, type ShipmentDetail, type ShipmentRow, type UnpaidLabel, type WaitingPackage } from '@airbox/contract';

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

/** A label in each state Purchased Labels shows (spec 03 §4), each with its own order number. */
export const SHIPMENT_ROWS = {
  unpaid: shipmentRow({ shippingIndexID: 1, orderNo: 'LB0001', shipmentID: '', status_flag: '0', trackingNum: '', labelURL: '' }),
  labelCreated: shipmentRow({ shippingIndexID: 2, orderNo: 'LB0002', shipmentID: 'shp_2', rateCarrier: 'UPSDAP', rateService: 'Ground' }),
  inTransit: shipmentRow({ shippingIndexID: 3, orderNo: 'LB0003', easypostStatus: 'in_transit', rateCarrier: 'FedEx', rateService: 'FEDEX_GROUND' }),
  delivered: shipmentRow({ shippingIndexID: 4, orderNo: 'LB0004', easypostStatus: 'delivered', comments: 'Birthday gift' }),
  refunded: shipmentRow({ shippingIndexID: 5, orderNo: 'LB0005', status_flag: '2', refund_status: 'refunded' }),
  refundPending: shipmentRow({ shippingIndexID: 6, orderNo: 'LB0006', status_flag: '2', refund_status: 'submitted', autoRefund: true }),
  unknownStatus: shipmentRow({ shippingIndexID: 7, orderNo: 'LB0007', easypostStatus: 'unknown' }),
} satisfies Record<string, ShipmentRow>;

/** carrierServiceRenaming's list: the services of these labels as customers know them. */
export const SERVICE_RENAMING = [
  { carrier: 'USPS', easypost_original: 'Priority', renamed: 'USPS Priority Mail', service_search_queries: 'Priority' },
  { carrier: 'UPSDAP', easypost_original: 'Ground', renamed: 'UPS Ground', service_search_queries: 'Ground' },
  { carrier: 'FedEx', easypost_original: 'FEDEX_GROUND', renamed: 'FedEx Ground', service_search_queries: '' },
];

/** userGetShipment's answer: a page of labels and how many there are in all. */
export const shipmentListAnswer = (list: ShipmentRow[], total = list.length) => ({
  body: { errorcode: READ_ERRORCODE.ok, message: 'ok', data: { total, list } },
});

/** getShipmentDetail's data for a label in transit. */
export function shipmentDetail(overrides: Partial<ShipmentDetail> = {}): ShipmentDetail {
  const address = { company: '', street2: '', email: '' };
  return {
    comments: 'Handle with care',
    from_address: { ...address, name: 'Dana Reyes', street1: '742 Valencia St', city: 'San Francisco', state: 'CA', zip: '94110', phone: '4155550134' },
    to_address: { ...address, name: 'Rosa Reyes', company: 'Reyes Bakery', street1: '12 Elm St', city: 'Austin', state: 'TX', zip: '73301', phone: '5125550199' },
    tracker: {
      status: 'in_transit',
      trackingCode: '9400111899223344556677',
      trackingDetails: [
        { status: 'pre_transit', message: 'Shipping label created', datetime: '2026-11-20T10:00:00Z' },
        { status: 'in_transit', message: 'Departed USPS facility, Oakland CA', datetime: '2026-11-21T08:30:00Z' },
      ],
    },
    selected_rate: { carrier: 'USPS', service: 'Priority', deliveryDays: 2 },
    refund_status: '',
    discount_amount: '0.50',
    parcel: { weight: 40, height: 6, width: 10, length: 12, createdAt: '2026-11-20T09:59:00Z' },
    postage_label: { trackingCode: '9400111899223344556677', labelPdfUrl: 'label/1001.pdf' },
    shippingdetails_id: 501,
    orderNo: 'LB0003',
    status_flag: '1',
    retailRate: '12.75',
    insurance: '1.00',
    TotalPrice: '13.25',
    paymentReference: 'PAY-…7Q2',
    publicTrackingUrl: '',
    shipDate: '2026-11-20',
    deliveryDate: '2026-11-24',
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
    hours: '',
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
    predefinedPackage: null,
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

/**
 * An unpaid label as getUnpaidLabels answers it: Dana's UPS Ground label to Rosa in Austin, sent
 * to PayPal and cancelled there; insured for $150 and continuing the order in progress 12.
 */
export function unpaidLabel(overrides: Partial<UnpaidLabel> = {}): UnpaidLabel {
  // Rated to ship on Monday 23 November: 4 UPS working days later is Monday the 30th (not Thanksgiving).
  const rate = { rateId: 'rate_ups', carrier: 'UPSDAP', service: 'Ground', rate: '11.20', retailRate: '12.00', deliveryDays: 4, deliveryDate: '2026-11-30', cheapest: false, fastest: false };
  return {
    id: 88,
    orderNo: 'AB2611200000088',
    createTime: '2026-11-20T18:30:00.000Z',
    from: { firstName: 'Dana', lastName: 'Reyes', company: '', address1: '742 Valencia St', address2: '', city: 'San Francisco', state: 'CA', zipcode: '94110', phone: '4155550134', email: 'dana@example.com', residential: true },
    to: { firstName: 'Rosa', lastName: 'Reyes', company: '', address1: '12 Elm St', address2: 'Apt 4', city: 'Austin', state: 'TX', zipcode: '73301', phone: '512-555-0199', email: 'rosa@example.com', residential: true },
    parcel: { length: 12, width: 10, height: 6, weight: 48, predefinedPackage: null },
    insuredValue: '150.00',
    insurance: '1.50',
    comments: 'Birthday present',
    notifyRecipient: true,
    orderId: 12,
    rate,
    rates: [
      { rateId: 'rate_usps', carrier: 'USPS', service: 'GroundAdvantage', rate: '7.45', retailRate: '8.00', deliveryDays: 5, deliveryDate: '2026-12-01', cheapest: true, fastest: false },
      rate,
    ],
    total: '12.70',
    shipDate: '2026-11-23',
    payment: 'unpaid',
    ...overrides,
  };
}

/** A package waiting in a locker, as the dashboard's list answers it (no door, hold or share said). */
export const WAITING_PACKAGE: WaitingPackage = {
  packageId: 21,
  hubName: 'AirBox Union Square',
  hubAddress: '801 Market St, San Francisco, CA 94103',
  carrier: 'USPS',
  trackingNo: '9400111202555842761023',
  deliveredAt: '2026-11-23T17:00:00.000Z',
  pickupCode: '583920',
  freeUntil: '2026-11-24T20:00:00.000Z',
  overdueDays: 0,
  creditsDue: 1,
};

/** The dashboard's six calls answered, by call path (mockApi's handlers): `unpickups` packages waiting, no label, no transaction. */
export function dashboardAnswers({ unpickups }: { unpickups: number }) {
  return {
    '/app/v1/carrierServiceRenaming': { body: { errorcode: 0, message: 'ok', data: [] } },
    '/app/v1/getUnPickupsById': { body: { errorcode: 0, message: 'ok', unpickups, packages: [] } },
    '/app/v1/getUserByUser_id': { body: { errorcode: 1, message: 'ok', users: [userProfile()], lockers: [] } },
    '/app/v1/userGetShipment': { body: { errorcode: 0, message: 'ok', data: { total: 0, list: [] } } },
    '/app/v1/getUserOperations': { body: { errorcode: 0, message: 'ok', total: 0, operations: [] } },
    '/app/v1/getAdvertisements': { body: { errorcode: 0, message: 'ok', ads: [] } },
  };
}
