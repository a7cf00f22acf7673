import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { CallDescriptor } from './call-descriptor.js';
import { ALL_CALLS } from './calls.js';

/**
 * What a client may leave out of each call (issue 8 §1). The spec's clients drop null and
 * undefined fields from their bodies and send booleans as 1 or 0 (spec 01 §7), so a field that
 * is optional in the spec, or that may be empty or null in the record a body is built from, can
 * be missing: the schema must then take the body without it. Every call of ALL_CALLS has an
 * entry here, so a new call cannot slip by without saying what may be left out.
 */

type Call = CallDescriptor<z.ZodType, z.ZodType>;
type Scalar = string | number | boolean | null | undefined;
/** A JSON body may nest objects (the label page's from, to and parcel); forms and queries are flat. */
type Value = Scalar | Value[] | { [field: string]: Value };
type Body = Record<string, Value>;

interface ClientBody {
  /** A body as a client sends it when it has every field (values as the records carry them). */
  body: Body;
  /** The fields a client may leave out, each for a reason the comment beside it gives. */
  mayOmit: readonly string[];
}

/** The signed-in user's record as getUserByUser_id answers it (spec 03 §2), nulls included. */
const profileRecord = {
  user_id: 42,
  role_id: 5,
  Status: 1,
  Email: 'dana@example.com',
  First_name: 'Dana',
  Last_name: 'Demo',
  BOXID: '2135846',
  credits: 12,
  membership: null,
  membership_expire: null,
  PinNo: '482915',
  Cell_phone_number: '415-555-0134',
  secondaryCellPhone: '',
  Home_phone_number: '415-555-0178',
  Email2: '',
  Address_line_1: '742 Valencia St',
  Address_line_2: '',
  City: 'San Francisco',
  State_province_region: 'CA',
  Zip_code: '94110',
  Country: 'United States',
  lockerUUID: null,
  isHandicapped: 0,
  Notification_method: 'Email,Text Message',
  Community: '',
  bcm_user_id: null,
  business_company_id: null,
  unit_id: null,
  building_id: null,
  bc_id: null,
} satisfies z.input<typeof ALL_CALLS.getUserByUserIdCall.response>['users'][number];

/** A contact as getUserShipmentAddress answers it (spec 03 §3). */
const contactRecord = {
  id: 9,
  name: 'Office',
  firstName: 'Ann',
  lastName: 'Lee',
  company: 'Acme',
  address1: '1 Main St',
  address2: 'Suite 2',
  city: 'San Francisco',
  state: 'CA',
  country: 'USA',
  zipcode: '94103',
  email: 'ann@example.com',
  phone: '415-555-0100',
  residential: true,
} satisfies z.input<typeof ALL_CALLS.getUserShipmentAddressCall.response>['data']['list'][number];
const { id: _contactId, ...contactFields } = contactRecord;
/** The contact dialog's optional fields (spec 03 §3: First Name, Last Name, Company, Address 2, Email) and its checkbox. */
const CONTACT_OPTIONAL = ['firstName', 'lastName', 'company', 'address2', 'email', 'residential'] as const;

/** A sender or recipient on the label page as a saved order or a contact fills it. */
const labelAddress = {
  firstName: 'Ann',
  lastName: 'Lee',
  company: '',
  address1: '1 Main St',
  address2: '',
  city: 'San Francisco',
  state: 'CA',
  zipcode: '94103',
  phone: '415-555-0100',
  email: '',
  residential: false,
};
const labelOrder = {
  from: labelAddress,
  to: { ...labelAddress, firstName: 'Sam', address1: '1530 Broadway', city: 'Seattle', state: 'WA', zipcode: '98122', residential: true },
  parcel: { length: 10, width: 8, height: 4, weightLb: 2, weightOz: 3.5 },
  insuredValue: 120,
  comments: 'Birthday gift',
};

/** A recipient in Canada (issue 25 item 3): the country by its two letters, a Canadian postal code. */
const canadianRecipient = { ...labelOrder.to, address1: '290 Bremner Blvd', city: 'Toronto', state: 'ON', zipcode: 'M5V 3L9', country: 'CA' };

/** Its customs declaration, as EasyPost's CustomsInfo names the fields. */
const customsDeclaration = {
  contents_type: 'merchandise',
  contents_explanation: '',
  customs_signer: 'Casey Demo',
  eel_pfc: 'NOEEI 30.37(a)',
  non_delivery_option: 'return',
  items: [
    { description: 'Cotton T-shirt', quantity: 2, value: 30, weight: 10, hs_tariff_number: '6109.10.0012', origin_country: 'US' },
    { description: 'Wool cap', quantity: 1, value: 18.5, weight: 4, hs_tariff_number: '', origin_country: 'CN' },
  ],
};

/** A parcel in a USPS Flat Rate package: its EasyPost name and the weight, no sides. */
const flatRateParcel = { predefinedPackage: 'SmallFlatRateBox', weightLb: 2, weightOz: 0 };

/** The Search Options of Purchased Labels (spec 03 §2): every one may be left empty. */
const SHIPMENT_SEARCH = ['boxId', 'trackingNum', 'carrier', 'orderNo', 'service', 'mobile', 'comments'] as const;

const CLIENT_BODIES: { [K in keyof typeof ALL_CALLS]: readonly ClientBody[] } = {
  loginCall: [{ body: { name: 'dana@example.com', password: 'DemoPass1' }, mayOmit: [] }],
  logoutCall: [{ body: { user_id: 42 }, mayOmit: [] }],
  carrierServiceRenamingCall: [{ body: {}, mayOmit: [] }],
  resendRegisterEmailCall: [{ body: { userID: 42 }, mayOmit: [] }],
  getUserByUserIdCall: [{ body: { user_id: 42 }, mayOmit: [] }],
  getUnPickupsByIdCall: [{ body: { uid: 42 }, mayOmit: [] }],
  checkUserCall: [{ body: { email: 'dana@example.com' }, mayOmit: [] }],
  userActivateCall: [{ body: { activateCode: 'a'.repeat(43) }, mayOmit: [] }],
  resetPasswordCall: [{ body: { Email: 'dana@example.com', generatedId: 'b'.repeat(43), Password: 'NewPass123' }, mayOmit: [] }],
  genCode128Call: [{ body: { pcode: '583920' }, mayOmit: [] }],
  getAdvertisementsCall: [{ body: {}, mayOmit: [] }],
  // The pickup-code page pages with the defaults when it sends no page or size.
  getThirdPartyOrdersCall: [{ body: { orderId: 'DEMO-1001', mId: 'DEMO', page: 1, size: 10 }, mayOmit: ['page', 'size'] }],
  verifyPasswordCall: [{ body: { userId: 42, password: 'DemoPass1' }, mayOmit: [] }],
  updateSelfUserInfoCall: [
    // The record sent back: any field of it may be empty or null (an account made without the
    // sign-up flow has few), Password is optional (spec 03 §5), the switches come as
    // Notification_method, and confirmPassword is not needed after verifyPassword.
    {
      body: { ...profileRecord, Password: 'NewPass123', emailChoose: true, messageChoose: true, confirmPassword: 'DemoPass1' },
      mayOmit: [
        'First_name',
        'Last_name',
        'Email',
        'Password',
        'BOXID',
        'Cell_phone_number',
        'secondaryCellPhone',
        'Home_phone_number',
        'lockerUUID',
        'Country',
        'State_province_region',
        'City',
        'Address_line_1',
        'Address_line_2',
        'Zip_code',
        'PinNo',
        'isHandicapped',
        'emailChoose',
        'messageChoose',
        'Notification_method',
        'confirmPassword',
      ],
    },
  ],
  // update is 0 (show) unless the code is reset.
  getUserQrCodeCall: [{ body: { user_id: 42, update: '1' }, mayOmit: ['update'] }],
  appleWalletPassCall: [{ body: { user_id: 42, OS: 'mac' }, mayOmit: [] }],
  getLockerInfoByUserCall: [{ body: { user_id: 42 }, mayOmit: [] }],
  getStatesCall: [{ body: {}, mayOmit: [] }],
  registerCall: [
    // Spec 02 §3's payload. Optional in the wizards: backup e-mail, second and home phones, address
    // line 2, the switches (default on and off); null for an individual: the invitation and
    // company fields; resident_id and credit_id are never shown.
    {
      body: {
        resident_id: 'resident-1',
        credit_id: 'credit-1',
        emailChoose: true,
        messageChoose: false,
        isHandicapped: false,
        role_id: 5,
        Activation_code: 'DEMO15',
        First_name: 'Ann',
        Last_name: 'Lee',
        Email: 'ann@example.com',
        Password: 'NewPass123',
        Cell_phone_number: '415-555-0100',
        Home_phone_number: '415-555-0102',
        Address_line_1: '1 Main St',
        Address_line_2: 'Apt 2',
        State_province_region: 'CA',
        City: 'San Francisco',
        Zip_code: '94103',
        Country: 'United States',
        isCompany: false,
        secondaryCellPhone: '415-555-0101',
        BOXID: '4158203',
        PinNo: '482913',
        lockerUUID: 'hub-1',
        business_company_id: 1,
        unit_id: 1,
        bcm_user_id: 1,
        Email2: 'backup@example.com',
        building_id: 1,
        bc_id: 1,
      },
      mayOmit: [
        'resident_id',
        'credit_id',
        'emailChoose',
        'messageChoose',
        'isHandicapped',
        'role_id',
        'Activation_code',
        'Home_phone_number',
        'Address_line_2',
        'Country',
        'isCompany',
        'secondaryCellPhone',
        'business_company_id',
        'unit_id',
        'bcm_user_id',
        'Email2',
        'building_id',
        'bc_id',
      ],
    },
  ],
  firstLoginCall: [{ body: { zip_code: '94103' }, mayOmit: [] }],
  getBoxidCall: [{ body: { phoneNumber: '415' }, mayOmit: [] }],
  verifyInvitationCodeCall: [{ body: { code: 'DEMO15' }, mayOmit: [] }],
  companyInfoCall: [{ body: { company_id: 1 }, mayOmit: [] }],
  // size, plus one of the filters (spec 02 §7).
  companyListCall: [
    { body: { size: 10, company_name: 'Acme' }, mayOmit: ['size', 'company_name'] },
    { body: { size: 10, airbox_id: '4158203' }, mayOmit: ['size', 'airbox_id'] },
    { body: { size: 10, bcm_user_id: 3 }, mayOmit: ['size', 'bcm_user_id'] },
    { body: { size: 500, unit_id: 4 }, mayOmit: ['size', 'unit_id'] },
  ],
  campusListCall: [{ body: {}, mayOmit: [] }],
  buildingListCall: [{ body: { bc_id: 1 }, mayOmit: [] }],
  unitListCall: [{ body: { building_id: 1, size: 500 }, mayOmit: ['size'] }],
  getLockerInfoByBuildingCall: [{ body: { business_building_id: 1 }, mayOmit: [] }],
  getLockerInfoByModeCall: [{ body: {}, mayOmit: [] }],
  getUserShipmentAddressCall: [{ body: { userId: 42, page: 2, num: 5 }, mayOmit: ['page', 'num'] }],
  addUserShipmentAddressCall: [{ body: { ...contactFields, user_id: 42 }, mayOmit: CONTACT_OPTIONAL }],
  // The contact sent back with its id; its optional fields may be empty.
  updateUserShipmentAddressCall: [{ body: contactRecord, mayOmit: CONTACT_OPTIONAL }],
  deleteUserShipmentAddressCall: [{ body: { id: 9 }, mayOmit: [] }],
  getMembershipsCall: [{ body: {}, mayOmit: [] }],
  // A membership is always one: a client may send no number.
  buyMembershipCall: [{ body: { userID: 42, number: 3, plan: 1 }, mayOmit: ['number'] }],
  // The shared paging helper sends {start, num, user_id, otype} (spec 03 §7); sort and order are ours.
  getUserOperationsCall: [
    { body: { start: 10, num: 10, user_id: 42, otype: 0, sort: 'balance', order: 'asc' }, mayOmit: ['start', 'num', 'otype', 'sort', 'order'] },
  ],
  getMyOperationsCall: [
    { body: { start: 10, num: 10, user_id: 42, otype: 0, sort: 'balance', order: 'asc' }, mayOmit: ['start', 'num', 'otype', 'sort', 'order'] },
  ],
  // Filters left unset are empty or null: every carrier, every date, ALL.
  getUserMessageCall: [
    {
      body: { start: 0, num: 10, user_id: 42, carrier: 'USPS', start_time: '2026-01-01', end_time: '2026-01-31', is_pickup: 1 },
      mayOmit: ['start', 'num', 'carrier', 'start_time', 'end_time', 'is_pickup'],
    },
  ],
  deleteMessageCall: [{ body: { message_id: 17 }, mayOmit: [] }],
  deleteAllMessageCall: [{ body: { user_id: 42 }, mayOmit: [] }],
  getCarrierListCall: [{ body: {}, mayOmit: [] }],
  // The locker's clock is optional: the server's is used without it.
  lockerEventCall: [
    {
      body: { type: 'delivered', boxId: '2135846', hubId: 'hub-1', carrier: 'USPS', trackingNo: '9400111202555842761023', deliveredAt: '2026-03-01T20:00:00.000Z' },
      mayOmit: ['deliveredAt'],
    },
    { body: { type: 'picked_up', hubId: 'hub-1', pickupCode: '583920', pickedUpAt: '2026-03-02T20:00:00.000Z' }, mayOmit: ['pickedUpAt'] },
  ],
  // Before a delivery: the controller's clock is optional too.
  lockerRecipientCall: [{ body: { boxId: '2135846', hubId: 'hub-1', at: '2026-03-01T20:00:00.000Z' }, mayOmit: ['at'] }],
  // A drop-off code at the hub (issue 23 item 1): the controller's clock and door are optional.
  lockerDropOffOpenCall: [{ body: { hubId: 'hub-1', code: '7KQ2M-XW9PD', at: '2026-03-01T20:00:00.000Z' }, mayOmit: ['at'] }],
  lockerDropOffInCall: [{ body: { hubId: 'hub-1', code: '7KQ2MXW9PD', droppedOffAt: '2026-03-01T20:01:00.000Z' }, mayOmit: ['droppedOffAt'] }],
  userGetShipmentCall: [
    {
      body: { user_id: 42, start: 10, num: 10, boxId: '2135846', trackingNum: '9400', carrier: 'UPSDAP', orderNo: 'AB26', service: 'Priority', mobile: '415', comments: 'gift' },
      mayOmit: ['start', 'num', ...SHIPMENT_SEARCH],
    },
  ],
  // shipmentID is '' for an unpaid row: the client then sends only the index id.
  getShipmentDetailCall: [{ body: { shipmentID: 'shp_1', shipmentIndexID: 7 }, mayOmit: ['shipmentID'] }],
  // Comments may be cleared.
  updateShipmentDetailCall: [{ body: { comments: 'Fragile', shipmentIndexID: 7 }, mayOmit: ['comments'] }],
  getShippingLabelCall: [{ body: { label_url: '/app/v1/shipments/7/label.png' }, mayOmit: [] }],
  downloadLabelPdfCall: [
    { body: { shipmentId: 'shp_1', format: 'zpl' }, mayOmit: ['format'] },
    // Two labels on one 8.5x11 sheet.
    { body: { shipmentId: 'shp_1', format: 'pdf-letter', alsoShipmentId: 'shp_2' }, mayOmit: ['format', 'alsoShipmentId'] },
  ],
  getInvoiceCall: [{ body: { shippingIndexID: 7 }, mayOmit: [] }],
  downloadInvoiceCall: [{ body: { shippingIndexID: 7 }, mayOmit: [] }],
  // An address without a second line, phone or name is still verified (spec 03 §7).
  validateAddressCall: [
    {
      body: { street1: '1 Main St', street2: 'Suite 2', city: 'San Francisco', state: 'CA', zip: '94103', country: 'US', phone: '415-555-0100', name: 'Ann Lee' },
      mayOmit: ['street2', 'country', 'phone', 'name'],
    },
  ],
  searchShipmentAddressesCall: [{ body: { userId: 42, page: 1, size: 5, search: 'Ann' }, mayOmit: ['page', 'size', 'search'] }],
  getMyAddressCall: [{ body: { userId: 42 }, mayOmit: [] }],
  getOrderForLaterCall: [{ body: { userId: 42, id: 3 }, mayOmit: ['id'] }],
  deleteOrderForLaterCall: [{ body: { id: 3 }, mayOmit: [] }],
  refundCall: [{ body: { id: 7 }, mayOmit: [] }],
  rateLabelCall: [
    // shipDate: the first day offered when left out.
    { body: { ...labelOrder, saveRecipient: true, shipDate: '2026-12-01' }, mayOmit: ['insuredValue', 'comments', 'saveRecipient', 'shipDate', 'customs'] },
    // A USPS Flat Rate package: no sides, only its name and the weight.
    { body: { ...labelOrder, parcel: flatRateParcel, saveRecipient: true }, mayOmit: ['insuredValue', 'comments', 'saveRecipient', 'customs'] },
    // A return label (issue 23 item 3) names the label it returns.
    { body: { ...labelOrder, returnOf: 9 }, mayOmit: ['insuredValue', 'comments', 'saveRecipient', 'shipDate', 'returnOf', 'customs'] },
    // A parcel to another country (issue 25 item 3) carries its customs declaration; its explanation,
    // EEL/PFC (NOEEI 30.37(a) under $2,500 a HS group), non-delivery option and HS codes may be left out.
    { body: { ...labelOrder, to: canadianRecipient, customs: customsDeclaration }, mayOmit: ['insuredValue', 'comments', 'saveRecipient', 'shipDate', 'returnOf'] },
    {
      body: { ...labelOrder, to: canadianRecipient, customs: { contents_type: 'gift', customs_signer: 'Casey Demo', items: [{ description: 'Scarf', quantity: 1, value: 25, weight: 6, origin_country: 'US' }] } },
      mayOmit: ['insuredValue', 'comments', 'saveRecipient', 'shipDate', 'returnOf'],
    },
  ],
  // replaces: only when an unpaid label was rated again.
  // A drop-off at an AirBox hub (issue 23 item 1) is chosen by its hub; without it, none.
  buyLabelCall: [
    { body: { draftId: 7, rateId: 'rate_1', notifyRecipient: false, orderId: 3, replaces: 5, dropOffHubId: 'hub-1' }, mayOmit: ['notifyRecipient', 'orderId', 'replaces', 'dropOffHubId', 'qrCode'] },
    // A QR code to show at the counter instead of a printed label (issue 23 item 2), USPS only.
    { body: { draftId: 7, rateId: 'rate_1', qrCode: true }, mayOmit: ['notifyRecipient', 'orderId', 'replaces', 'dropOffHubId', 'qrCode'] },
  ],
  // The list of Orders In Progress asks for every unpaid label; the label page for one.
  getUnpaidLabelsCall: [{ body: { id: 5 }, mayOmit: ['id'] }],
  getShipAgainCall: [{ body: { id: 5 }, mayOmit: [] }],
  deleteUnpaidLabelCall: [{ body: { id: 5 }, mayOmit: [] }],
  // A page saved early holds what was typed so far.
  saveOrderForLaterCall: [
    { body: { ...labelOrder, id: 3 }, mayOmit: ['id', 'insuredValue', 'comments'] },
    { body: { ...labelOrder, parcel: flatRateParcel, id: 3 }, mayOmit: ['id', 'insuredValue', 'comments'] },
  ],
  getSavedPackagesCall: [{ body: {}, mayOmit: [] }],
  // Their own box, or a Flat Rate package without sides.
  savePackageCall: [
    { body: { name: 'Shoe box', parcel: labelOrder.parcel }, mayOmit: [] },
    { body: { name: 'Small flat rate', parcel: flatRateParcel }, mayOmit: [] },
  ],
  deleteSavedPackageCall: [{ body: { id: 4 }, mayOmit: [] }],
  // My Profile's vacation holds: a new hold has no id, a change names it.
  getVacationHoldsCall: [{ body: {}, mayOmit: [] }],
  saveVacationHoldCall: [{ body: { id: 6, startDate: '2026-12-01', endDate: '2026-12-14' }, mayOmit: ['id'] }],
  cancelVacationHoldCall: [{ body: { id: 6 }, mayOmit: [] }],
  getLabelFormatCall: [{ body: {}, mayOmit: [] }],
  getLabelQrCodeCall: [{ body: { shippingIndexID: 7 }, mayOmit: [] }],
  sendReturnLabelCall: [{ body: { id: 7, email: 'returns@example.com', copyMe: true }, mayOmit: ['copyMe'] }],
  saveLabelFormatCall: [{ body: { labelFormat: 'pdf-letter' }, mayOmit: [] }],
  // Label batches from a spreadsheet (issue 25 item 1).
  getLabelBatchTemplateCall: [{ body: {}, mayOmit: [] }],
  uploadLabelBatchCall: [
    // A CSV file's bytes in base64, or cells pasted from a spreadsheet; the ship date: the first day offered when left out.
    { body: { file: 'bmFtZSxzdHJlZXQxDQo=', fileName: 'orders.csv', from: labelAddress, shipDate: '2026-12-01' }, mayOmit: ['fileName', 'shipDate'] },
    { body: { text: 'name\tstreet1\nAnn Lee\t1 Main St', from: labelAddress }, mayOmit: ['fileName', 'shipDate'] },
  ],
  getLabelBatchesCall: [{ body: {}, mayOmit: [] }],
  getLabelBatchCall: [{ body: { id: 3 }, mayOmit: [] }],
  updateLabelBatchRowCall: [
    {
      body: {
        batchId: 3,
        row: 2,
        cells: {
          name: 'Sam Roe', company: '', street1: '1530 Broadway', street2: '', city: 'Seattle', state: 'WA', zip: '98122', country: 'US', phone: '206-555-0100',
          email: '', weight_lb: '1', weight_oz: '', length: '10', width: '8', height: '4', package: '', service: '', reference: 'A-2', comments: '',
        },
      },
      mayOmit: [],
    },
  ],
  deleteLabelBatchRowCall: [{ body: { batchId: 3, row: 2 }, mayOmit: [] }],
  rateLabelBatchCall: [
    // carrier and service only with the rule 'service'.
    { body: { id: 3, rule: 'cheapest' }, mayOmit: ['carrier', 'service'] },
    { body: { id: 3, rule: 'service', carrier: 'USPS', service: 'Priority' }, mayOmit: [] },
  ],
  payLabelBatchCall: [{ body: { id: 3 }, mayOmit: [] }],
  deleteLabelBatchCall: [{ body: { id: 3 }, mayOmit: [] }],
  downloadLabelBatchLabelsCall: [{ body: { id: 3, format: 'zpl' }, mayOmit: ['format'] }],
  downloadLabelBatchTrackingCall: [{ body: { id: 3 }, mayOmit: [] }],
  // A waiting package shared by a copied link, by e-mail or by text: only the way chosen names its address.
  sharePickupCall: [
    { body: { packageId: 9, via: 'link' }, mayOmit: [] },
    { body: { packageId: 9, via: 'email', email: 'friend@example.com' }, mayOmit: [] },
    { body: { packageId: 9, via: 'text', phone: '206-555-0100' }, mayOmit: [] },
  ],
  revokePickupShareCall: [{ body: { packageId: 9 }, mayOmit: [] }],
  // A day more for a waiting package: the quote first, then paid with credits or PayPal.
  quotePickupExtensionCall: [{ body: { packageId: 9 }, mayOmit: [] }],
  extendPickupCall: [
    { body: { packageId: 9, day: 1, payWith: 'credits' }, mayOmit: [] },
    { body: { packageId: 9, day: 2, payWith: 'paypal' }, mayOmit: [] },
  ],
  getPublicPickupShareCall: [{ body: { token: 'q'.repeat(43) }, mayOmit: [] }],
  getPublicTrackingCall: [{ body: { token: 'Zm9vYmFyYmF6cXV4cXV1eA' }, mayOmit: [] }],
  // The pickup wizard builds these from the label's row and the steps' forms; empty ones are dropped.
  createPickupCall: [
    {
      body: { addressId: 'adr_1', shipmentId: 'shp_1', minDatetime: '2026-11-24 09:00:00', maxDatetime: '2026-11-24 16:00:00', reference: 'Front Door', instructions: 'Ring twice', userLocker: 0 },
      mayOmit: ['reference', 'instructions', 'userLocker'],
    },
  ],
  paypalByPickupCall: [{ body: { shipmentId: 'shp_1', pickupId: 'pickup_1', pickupRateId: 'pickuprate_1', userId: 42, useLocker: 1 }, mayOmit: ['userId', 'useLocker'] }],
  // The row's pickupId and rateCarrier; the carrier may be empty on an old row.
  checkPickupStatusCall: [{ body: { pickupId: 'pickup_1', carrier: 'FedEx', shippingdetails_id: 7 }, mayOmit: ['carrier'] }],
  // A label's own cancel (from its details) sends no wholePickup: the label is taken off the pickup.
  cancelPickupCall: [{ body: { shippingdetails_id: 7, wholePickup: 1 }, mayOmit: ['wholePickup'] }],
  // A contact without a company or a second line.
  uspsPickupAvailabilityCall: [
    { body: { firmname: 'Acme', address1: '1 Main St', address2: 'Apt 2', city: 'Austin', state: 'TX', zip5: '78701' }, mayOmit: ['firmname', 'address2'] },
  ],
  uspsPickupScheduleCall: [
    {
      body: {
        firmname: 'Acme',
        address1: '1 Main St',
        address2: 'Apt 2',
        city: 'Austin',
        state: 'TX',
        zip5: '78701',
        firstname: 'Ann',
        lastname: 'Lee',
        servicetype: 'Priority Mail',
        uselocker: 0,
        count: 1,
        phone: '512-555-0100',
        estimatedweight: 2,
        packagelocation: 'Front Door',
        specialinstructions: 'Ring twice',
        shipmentdetailsid: 7,
        userid: 42,
        pickupdate: '2026-11-24',
      },
      mayOmit: ['firmname', 'address2', 'uselocker', 'count', 'estimatedweight', 'specialinstructions', 'userid', 'pickupdate'],
    },
  ],
  uspsPickupInquiryCall: [{ body: { shipmentDetailsId: 7 }, mayOmit: [] }],
  uspsPickupChangeCall: [
    { body: { shipmentdetailsid: 7, pickupdate: '2026-11-25', packagelocation: 'Back Door', specialinstructions: 'Gate code 12' }, mayOmit: ['specialinstructions'] },
  ],
  // The first page of ten unless said.
  getUserPickupsCall: [{ body: { start: 0, num: 10 }, mayOmit: ['start', 'num'] }],
  // Issue 25 item 2: one USPS pickup for several labels (no service, count or weight: the labels say them).
  uspsPickupScheduleLabelsCall: [
    {
      body: {
        shipmentIds: [7, 8, 9],
        firmname: 'Acme',
        address1: '1 Main St',
        address2: 'Apt 2',
        city: 'Austin',
        state: 'TX',
        zip5: '78701',
        firstname: 'Ann',
        lastname: 'Lee',
        uselocker: 0,
        phone: '512-555-0100',
        packagelocation: 'Front Door',
        specialinstructions: 'Ring twice',
        pickupdate: '2026-11-24',
      },
      mayOmit: ['firmname', 'address2', 'uselocker', 'specialinstructions', 'pickupdate'],
    },
  ],
  // Issue 25 item 2: scan forms, by the labels' shippingdetails_id.
  createScanFormCall: [{ body: { shipmentIds: [7, 8] }, mayOmit: [] }],
  getScanFormsCall: [{ body: { start: 0, num: 10 }, mayOmit: ['start', 'num'] }],
  downloadScanFormCall: [{ body: { id: 3 }, mayOmit: [] }],
};

/**
 * The body as the spec's clients put it on the wire (spec 01 §7): null, undefined and empty
 * fields dropped, booleans as 1 or 0, and in a form or query every value a string.
 */
function asClientSends(encoding: Call['encoding'], body: Body): Record<string, unknown> {
  const sent: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(body)) {
    if (value === null || value === undefined || value === '') continue;
    if (typeof value === 'object') {
      if (encoding !== 'json') throw new Error(`${field}: a ${encoding} body is flat`);
      // A list (a customs declaration's items) is sent item by item, as the client sends each.
      sent[field] = Array.isArray(value) ? value.map((item) => (typeof item === 'object' && item !== null && !Array.isArray(item) ? asClientSends(encoding, item) : item)) : asClientSends(encoding, value);
      continue;
    }
    const scalar = typeof value === 'boolean' ? (value ? 1 : 0) : value;
    sent[field] = encoding === 'json' ? scalar : String(scalar);
  }
  return sent;
}

/** The object schemas a request may take: the object itself, or each option of a union. */
function requestObjects(schema: z.core.$ZodType): z.ZodObject[] {
  if (schema instanceof z.ZodObject) return [schema];
  if (schema instanceof z.ZodUnion) return schema.options.flatMap(requestObjects);
  throw new Error(`no field list for a request of type ${schema._zod.def.type}`);
}

/** The problems of a call's schema with what a client may send: each as 'field: message'. */
function clientBodyProblems(call: Call, { body, mayOmit }: ClientBody): string[] {
  const fields = new Set(requestObjects(call.request).flatMap((object) => Object.keys(object.shape)));
  const problems = mayOmit.filter((field) => !fields.has(field)).map((field) => `${field}: not a field of the request`);
  const issues = (sent: Record<string, unknown>, what: string) =>
    (call.request.safeParse(sent).error?.issues ?? []).map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message} (${what})`);
  const omitted = Object.fromEntries(Object.entries(body).filter(([field]) => !mayOmit.includes(field)));
  problems.push(...issues(asClientSends(call.encoding, body), 'every field sent'));
  problems.push(...issues(asClientSends(call.encoding, omitted), 'the optional fields left out'));
  if (call.encoding === 'json') {
    // A JSON client may send null for what it does not have, rather than leaving it out.
    const nulls = { ...asClientSends(call.encoding, omitted), ...Object.fromEntries(mayOmit.map((field) => [field, null])) };
    problems.push(...issues(nulls, 'the optional fields null'));
  }
  return problems;
}

describe('bodies as the spec clients build them', () => {
  it('cover every call of the contract', () => {
    expect(Object.keys(CLIENT_BODIES).sort()).toEqual(Object.keys(ALL_CALLS).sort());
  });

  it.each(Object.entries(ALL_CALLS) as [keyof typeof ALL_CALLS, Call][])(
    '%s takes its body with or without each field a client may leave out',
    (name, call) => {
      for (const clientBody of CLIENT_BODIES[name]) expect(clientBodyProblems(call, clientBody)).toEqual([]);
    },
  );

  it('a schema that makes an omittable field required is caught', () => {
    const strict = { ...ALL_CALLS.getUserMessageCall, request: z.object({ user_id: z.coerce.number(), carrier: z.string() }) };
    expect(clientBodyProblems(strict, { body: { user_id: 42, carrier: 'USPS' }, mayOmit: ['carrier'] })).toEqual([
      'carrier: Invalid input: expected string, received undefined (the optional fields left out)',
      'carrier: Invalid input: expected string, received null (the optional fields null)',
    ]);
  });

  it('an empty or null value is dropped, as a missing one: a required field left empty is caught too', () => {
    const required = { ...ALL_CALLS.getUserByUserIdCall, request: z.object({ user_id: z.coerce.number(), City: z.string() }) };
    expect(clientBodyProblems(required, { body: { user_id: 42, City: '' }, mayOmit: [] })).toEqual([
      'City: Invalid input: expected string, received undefined (every field sent)',
      'City: Invalid input: expected string, received undefined (the optional fields left out)',
    ]);
    expect(asClientSends('form', { a: null, b: undefined, c: '', d: true, e: false, f: 0 })).toEqual({ d: '1', e: '0', f: '0' });
    expect(asClientSends('json', { d: true, e: false, f: 0 })).toEqual({ d: 1, e: 0, f: 0 });
  });
});
