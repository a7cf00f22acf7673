/**
 * The security scan's requests (scripts/security-scan/run.mjs): a plausible value for every
 * request field of the contract, and each call's request built from them as the web app sends it.
 * `npm run lint` runs check-samples.mjs, which fails when a call of the contract has a field with
 * no sample here, so the scan cannot fall behind the contract unnoticed.
 */
import { ALL_CALLS } from '@airbox/contract';
import { DEMO } from '../bench/lib.mjs';

/** Fields the session check compares with the caller's id before validation (plugins/session.ts). */
export const USER_ID_FIELDS = ['user_id', 'uid', 'userID', 'userId', 'userid'];
/**
 * Not scanned: logout ends the session every other call is scanned with (it has no parameter
 * but the caller's own id, refused before anything else when it is not the caller's).
 */
export const NOT_SCANNED = new Set(['logoutCall']);

/** A plausible valid value for every request field of the contract, by name (as the server's hostile-input test). */
export function sampleValues(userId) {
  return {
    ...Object.fromEntries(USER_ID_FIELDS.map((field) => [field, userId])),
    name: 'Maria Garcia',
    password: DEMO.password,
    confirmPassword: DEMO.password,
    email: 'maria.scan@example.com',
    Email: DEMO.name,
    Email2: 'backup@example.com',
    // Left empty (not sent): a new password would change what every later call's password check sees.
    Password: '',
    activateCode: 'activation-code',
    generatedId: 'reset-code',
    pcode: 'AB-12',
    orderId: 'order-1',
    mId: 'merchant-1',
    page: 1,
    size: 10,
    num: 10,
    start: 0,
    First_name: 'Casey',
    Last_name: 'Demo',
    firstName: 'Ann',
    lastName: 'Lee',
    company: 'Acme',
    BOXID: '2135846',
    Cell_phone_number: '4155550100',
    secondaryCellPhone: '4155550101',
    Home_phone_number: '4155550102',
    phone: '4155550100',
    lockerUUID: '',
    Country: 'United States',
    country: 'US',
    State_province_region: 'CA',
    state: 'CA',
    City: 'San Francisco',
    city: 'San Francisco',
    Address_line_1: '1 Main St',
    Address_line_2: 'Apt 2',
    address1: '1 Main St',
    address2: 'Apt 2',
    Zip_code: '94103',
    zip_code: '94103',
    zipcode: '94103',
    PinNo: '482913',
    isHandicapped: false,
    emailChoose: true,
    Notification_method: 'Email',
    messageChoose: false,
    isCompany: false,
    residential: true,
    update: '0',
    OS: 'win',
    role_id: 5,
    Activation_code: '',
    business_company_id: 1,
    company_id: 1,
    unit_id: 1,
    building_id: 1,
    business_building_id: 1,
    bc_id: 1,
    bcm_user_id: 1,
    resident_id: 'resident-1',
    credit_id: 'credit-1',
    phoneNumber: '415',
    code: 'DEMO15',
    company_name: 'Acme',
    airbox_id: '2135846',
    id: 1,
    number: 1,
    plan: 1,
    otype: 0,
    sort: 'op_timestamp',
    order: 'desc',
    carrier: 'USPS',
    start_time: '2026-01-01',
    end_time: '2026-12-31',
    is_pickup: '0',
    message_id: '1',
    boxId: '2135846',
    hubId: 'hub-1',
    dropOffHubId: 'hub-1',
    trackingNo: '9400111202555842761023',
    deliveredAt: '2026-03-01T20:00:00.000Z',
    pickupCode: '123456',
    pickedUpAt: '2026-03-02T20:00:00.000Z',
    token: 'public-tracking-token-0123456789',
    trackingNum: '9400111202555842761023',
    orderNo: 'AB2611230000001',
    service: 'Priority',
    mobile: '4155550100',
    comments: 'Leave at the door',
    shipmentID: 'shp_0123456789abcdef',
    shipmentIndexID: 1,
    shipmentId: 'shp_0123456789abcdef',
    shippingIndexID: 1,
    label_url: '/app/v1/shipments/1/label.png',
    street1: '1 Main St',
    street2: 'Apt 2',
    zip: '94103',
    search: 'mom',
    from: { firstName: 'Casey', address1: '1 Main St', city: 'San Francisco', state: 'CA', zipcode: '94105', phone: '415-555-0101' },
    to: { firstName: 'Maria', address1: '55 Elm St', city: 'Portland', state: 'OR', zipcode: '97201', phone: '503-555-0199' },
    parcel: { length: 12, width: 10, height: 6, weightLb: 2, weightOz: 8 },
    insuredValue: 100,
    saveRecipient: false,
    // Issue 25 item 3: a customs declaration (EasyPost's CustomsInfo); the scan's addresses are both in the US, where it is optional.
    customs: {
      contents_type: 'merchandise',
      customs_signer: 'Casey Demo',
      items: [{ description: 'Cotton T-shirt', quantity: 1, value: 20, weight: 8, hs_tariff_number: '610910', origin_country: 'US' }],
    },
    draftId: 1,
    rateId: 'rate_0123456789abcdef',
    notifyRecipient: false,
    autoRefundLabels: true,
    addressId: 'adr_0123456789abcdef',
    minDatetime: '2026-11-24 09:00:00',
    maxDatetime: '2026-11-24 16:00:00',
    reference: 'Front Door',
    instructions: 'Ring twice',
    userLocker: false,
    pickupId: 'pickup_0123456789abcdef',
    pickupRateId: 'pickuprate_0123456789abcdef',
    useLocker: false,
    shippingdetails_id: 1,
    firmname: 'Acme',
    zip5: '94103',
    firstname: 'Ann',
    lastname: 'Lee',
    servicetype: 'Priority Mail',
    uselocker: false,
    count: 1,
    estimatedweight: 2,
    packagelocation: 'Front Door',
    specialinstructions: 'Ring twice',
    shipmentdetailsid: 1,
    // Issue 25 item 2: the labels of one scan form or one USPS pickup.
    shipmentIds: [1],
    pickupdate: '2026-11-24',
    shipmentDetailsId: 1,
    wholePickup: false,
    shipDate: '2026-11-24',
    // Left empty (not sent): a purchase of a draft, not of an unpaid label it replaces.
    replaces: '',
    at: '2026-03-01T20:00:00.000Z',
    packageId: 1,
    via: 'link',
    day: 1,
    payWith: 'credits',
    format: 'pdf-4x6',
    alsoShipmentId: 'shp_0123456789abcdef',
    labelFormat: 'pdf-4x6',
    // QR-code labels and return labels (issue 23 items 2 and 3): left empty (not sent), an ordinary label.
    qrCode: false,
    returnOf: '',
    copyMe: false,
    startDate: '2026-12-20',
    endDate: '2026-12-24',
    // Label batches from a spreadsheet (issue 25 item 1): a CSV file's bytes in base64 (its header and one row); the pasted text left empty (not sent).
    file: Buffer.from('name,street1,city,state,zip,phone,weight_lb,length,width,height\r\nMaria Garcia,55 Elm St,Portland,OR,97201,503-555-0199,2,12,10,6\r\n').toString('base64'),
    fileName: 'orders.csv',
    text: '',
    batchId: 1,
    row: 1,
    cells: { name: 'Maria Garcia', street1: '55 Elm St', city: 'Portland', state: 'OR', zip: '97201', phone: '503-555-0199', weight_lb: '2', length: '12', width: '10', height: '6' },
    rule: 'cheapest',
  };
}

/** The object schemas a request may take: the object itself, or each option of a union. */
export function requestObjects(schema) {
  const def = schema._zod.def;
  if (def.type === 'object') return [schema];
  if (def.type === 'union') return def.options.flatMap(requestObjects);
  throw new Error(`no field list for a request of type ${def.type}`);
}

/** A request of this shape with every field filled; values as the web app puts them on the wire. */
export function sampleRequest(call, object, samples) {
  const fields = {};
  for (const [field, schema] of Object.entries(object.shape)) {
    const value = schema._zod.def.type === 'literal' ? schema._zod.def.values[0] : samples[field];
    if (value === undefined) throw new Error(`no sample value for request field '${field}': add one to sampleValues`);
    if (value === '') continue;
    fields[field] = call.encoding === 'json' || typeof value === 'object' ? value : typeof value === 'boolean' ? (value ? '1' : '0') : String(value);
  }
  return fields;
}

/** The calls sqlmap scans (signed in, with parameters), each shape of a union on its own. */
export function sqlmapTargets(samples, only) {
  const targets = [];
  for (const [name, call] of Object.entries(ALL_CALLS)) {
    if (!call.signedIn || NOT_SCANNED.has(name) || (only && !only.includes(name))) continue;
    const objects = requestObjects(call.request).filter((object) => Object.keys(object.shape).length > 0);
    objects.forEach((object, i) => targets.push({ name: objects.length > 1 ? `${name} (${i + 1})` : name, call, fields: sampleRequest(call, object, samples) }));
  }
  return targets;
}

/** Each GET call (signed in or not) with its sample query, for wapiti to start from. */
export function getCallRequests(samples) {
  return Object.values(ALL_CALLS)
    .filter((call) => call.method === 'GET')
    .map((call) => ({ call, fields: sampleRequest(call, requestObjects(call.request)[0], samples) }));
}
