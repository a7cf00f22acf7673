import { ALL_CALLS, type CallDescriptor } from '@airbox/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PAYMENT_CANCEL_PATH, PAYMENT_RETURN_PATH } from '../src/modules/payments/payments.service.js';
import { WALLET_DOWNLOAD_PATH } from '../src/modules/wallet/wallet.service.js';
import { SIMULATOR_PAGE_PATH } from '../src/providers/payments/simulator-payments-provider.js';
import { DEMO_PASSWORD, postForm, signIn, useTestApp, useTestDatabase } from './helper.js';

/**
 * Input PostgreSQL cannot take (a NUL byte in text: 22021; an integer past int4: 22003) must be
 * refused by validation with a 4xx on both databases, never reach a query and end in a 500.
 */
const database = useTestDatabase();
const LOCKER_KEY = 'hostile-input-locker-key-0123456789';
const t = useTestApp(database, { seedDemoData: true, lockerApiKeys: [LOCKER_KEY] });

type Call = CallDescriptor<z.ZodType, z.ZodType>;
/** A field's value; the label-purchase page sends its addresses and parcel as objects (JSON). */
/** A nested value (the label page's from, to and parcel; a customs declaration with its list of items) is sent as JSON. */
type Value = string | number | boolean | Record<string, unknown>;

/** Just past the int4 range on either side. */
const PAST_INT4 = [2_147_483_648, -2_147_483_649];
/** Fields the session check compares with the signed-in user before validation: a mismatch is 403. */
const USER_ID_FIELDS = ['user_id', 'uid', 'userID', 'userId'];

/** A plausible valid value for every request field of the contract, by field name. */
function sampleValues(userId: number): Record<string, Value> {
  return {
    ...Object.fromEntries(USER_ID_FIELDS.map((field) => [field, userId])),
    name: 'demo@example.com',
    password: DEMO_PASSWORD,
    confirmPassword: DEMO_PASSWORD,
    email: 'demo@example.com',
    Email: 'demo@example.com',
    Email2: 'backup@example.com',
    Password: 'NewPass12',
    activateCode: 'activation-code',
    generatedId: 'reset-code',
    pcode: 'AB-12',
    orderId: 'order-1',
    mId: 'merchant-1',
    page: 1,
    size: 10,
    num: 10,
    start: 0,
    First_name: 'Ann',
    Last_name: 'Lee',
    firstName: 'Ann',
    lastName: 'Lee',
    company: 'Acme',
    BOXID: '2857193',
    Cell_phone_number: '4155550100',
    secondaryCellPhone: '4155550101',
    Home_phone_number: '4155550102',
    phone: '4155550100',
    lockerUUID: 'hub-1',
    Country: 'United States',
    country: 'USA',
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
    Notification_method: 'Email,Text Message',
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
    code: 'ABC123',
    company_name: 'Acme',
    airbox_id: '2857193',
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
    boxId: '2857193',
    hubId: 'hub-1',
    trackingNo: '9400111202555842761023',
    deliveredAt: '2026-03-01T20:00:00.000Z',
    pickupCode: '123456',
    pickedUpAt: '2026-03-02T20:00:00.000Z',
    token: 'public-tracking-token-0123456789',
    // Purchased Labels, Orders In Progress and the address calls (issue 9).
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
    // The label-purchase page and the profile's auto-refund switch (issue 9).
    from: { firstName: 'Casey', address1: '1 Main St', city: 'San Francisco', state: 'CA', zipcode: '94105', phone: '415-555-0101' },
    to: { firstName: 'Maria', address1: '55 Elm St', city: 'Portland', state: 'OR', zipcode: '97201', phone: '503-555-0199' },
    parcel: { length: 12, width: 10, height: 6, weightLb: 2, weightOz: 8 },
    insuredValue: 100,
    saveRecipient: false,
    // Issue 25 item 3: a customs declaration (EasyPost's CustomsInfo), optional between two US addresses.
    customs: {
      contents_type: 'merchandise',
      customs_signer: 'Casey Demo',
      items: [{ description: 'Cotton T-shirt', quantity: 1, value: 20, weight: 8, hs_tariff_number: '610910', origin_country: 'US' }],
    },
    draftId: 1,
    rateId: 'rate_0123456789abcdef',
    notifyRecipient: false,
    autoRefundLabels: true,
    // Carrier pickups (issue 10).
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
    wholePickup: false,
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
    // Issue 25 item 2: a list of labels, as ids joined with commas (also taken): a NUL byte in it is refused.
    shipmentIds: '1,2',
    userid: 1,
    pickupdate: '2026-11-24',
    shipDate: '2026-11-24',
    startDate: '2026-12-24',
    endDate: '2026-12-26',
    door: { column: 'B', row: 3, low: true },
    shipmentDetailsId: 1,
    // Label formats (issue 23 item 4).
    labelFormat: 'zpl',
    format: 'pdf-letter',
    alsoShipmentId: 'shp_0123456789abcdef',
    // QR-code labels and return labels (issue 23 items 2 and 3).
    qrCode: false,
    returnOf: 1,
    copyMe: false,
    // Label batches from a spreadsheet (issue 25 item 1): a CSV file's bytes in base64, the pasted text left empty, a row's cells.
    file: Buffer.from('name,street1,city,state,zip,phone,weight_lb,length,width,height\r\nAnn Lee,55 Elm St,Portland,OR,97201,503-555-0199,1,10,8,4\r\n').toString('base64'),
    fileName: 'orders.csv',
    text: '',
    batchId: 1,
    row: 1,
    cells: { name: 'Ann Lee', street1: '55 Elm St', city: 'Portland', state: 'OR', zip: '97201', phone: '503-555-0199', weight_lb: '1', length: '10', width: '8', height: '4' },
    rule: 'cheapest',
  };
}

/**
 * Where one field name means another thing in one call: buyLabelCall's orderId is an order in progress and replaces an unpaid label (ids);
 * a shared pickup's link token is 43 characters (issue 22 item 1).
 */
const CALL_SAMPLES: Partial<Record<string, Record<string, Value>>> = {
  sharePickupCall: { packageId: 1, via: 'email', email: 'friend@example.com', phone: '415-555-0177' },
  revokePickupShareCall: { packageId: 1 },
  // A day more for a waiting package (issue 22 item 2): the day it pays for, and how.
  quotePickupExtensionCall: { packageId: 1 },
  extendPickupCall: { packageId: 1, day: 1, payWith: 'credits' },
  getPublicPickupShareCall: { token: 'A'.repeat(43) },
  // The controller's question before a delivery (issue 22 items 2 and 3): its optional clock.
  lockerRecipientCall: { at: '2026-03-01T20:00:00.000Z' },
  // Drop it off at your hub (issue 23 item 1): the hub chosen at Review and pay, and the controller's drop-off code, clock and door.
  buyLabelCall: { orderId: 1, replaces: 1, dropOffHubId: 'hub-1' },
  // International labels (issue 25 item 3): an order in progress keeps the Customs step as typed (text).
  saveOrderForLaterCall: {
    customs: {
      contents_type: 'merchandise',
      contents_explanation: '',
      customs_signer: 'Casey Demo',
      eel_pfc: '',
      non_delivery_option: 'return',
      items: [{ description: 'Cotton T-shirt', quantity: '1', value: '20', weight: '8', hs_tariff_number: '610910', origin_country: 'US' }],
    },
  },
  lockerDropOffOpenCall: { code: '7KQ2M-XW9PD', at: '2026-03-01T20:00:00.000Z' },
  lockerDropOffInCall: { code: '7KQ2M-XW9PD', droppedOffAt: '2026-03-01T20:01:00.000Z' },
};

/** The object schemas a request may take: the object itself, or each option of a union. */
function requestObjects(schema: z.core.$ZodType): z.ZodObject[] {
  if (schema instanceof z.ZodObject) return [schema];
  if (schema instanceof z.ZodUnion) return schema.options.flatMap(requestObjects);
  throw new Error(`no field list for a request of type ${schema._zod.def.type}`);
}

/** A valid request of this shape: every field filled, a literal (a union's discriminator) with its value. */
function validRequest(object: z.ZodObject, samples: Record<string, Value>): Record<string, Value> {
  return Object.fromEntries(
    Object.entries(object.shape).map(([field, schema]) => {
      const value = schema instanceof z.ZodLiteral ? (schema.value as Value) : samples[field];
      if (value === undefined) throw new Error(`no sample value for request field '${field}': add one to sampleValues`);
      return [field, value];
    }),
  );
}

/** Form and query values as the web app encodes them (booleans as 1 or 0). */
const formValue = (value: Value) => (typeof value === 'boolean' ? (value ? '1' : '0') : String(value));

/** What the server's validation sees of these fields in the call's encoding. */
function asSent(call: Call, fields: Record<string, Value>): Record<string, Value> {
  if (call.encoding === 'json') return fields;
  return Object.fromEntries(Object.entries(fields).map(([field, value]) => [field, formValue(value)]));
}

function send(call: Call, fields: Record<string, Value>, cookie: string) {
  // The cookie only on signed-in calls, so a public call (login) never touches the session; the
  // lockers' key, which only the locker events call reads, on every call.
  const headers = { 'x-api-key': LOCKER_KEY, ...(call.signedIn ? { cookie } : {}) };
  if (call.encoding === 'json') return t.app.inject({ method: call.method, url: call.path, headers, payload: fields });
  const encoded = new URLSearchParams(Object.entries(fields).map(([field, value]): [string, string] => [field, formValue(value)])).toString();
  if (call.encoding === 'query') return t.app.inject({ method: call.method, url: `${call.path}?${encoded}`, headers });
  return t.app.inject({
    method: call.method,
    url: call.path,
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    payload: encoded,
  });
}

/** 'a\u0000@b.co' for 'a@b.co': a NUL byte after the first character. */
const withNul = (value: Value) => {
  const text = formValue(value);
  return `${text.slice(0, 1)}\u0000${text.slice(1)}`;
};

/** Fields whose valid value the schema turns into an integer, or into a list of them (message ids). */
function integerFields(parsed: Record<string, unknown>): string[] {
  const isInteger = (value: unknown) => Number.isInteger(value);
  return Object.keys(parsed).filter((field) => {
    const value = parsed[field];
    return isInteger(value) || (Array.isArray(value) && value.length > 0 && value.every(isInteger));
  });
}

const unexpectedFailures = (logs: string[]) => logs.filter((line) => line.includes('unexpected failure'));

let cookie = '';
let userId = 0;

beforeAll(async () => {
  ({ cookie, userId } = await signIn(t.app, 'demo@example.com'));
});

describe('hostile input on every contract call', () => {
  it.each(Object.entries(ALL_CALLS) as [string, Call][])(
    '%s refuses a NUL byte in each field and integers past int4 with 400 (403 for a user id)',
    async (name, call) => {
      const logsBefore = t.logs.length;
      const refusedWrongly: string[] = [];
      for (const object of requestObjects(call.request)) {
        const valid = validRequest(object, { ...sampleValues(userId), ...CALL_SAMPLES[name] });
        const parsed = object.safeParse(asSent(call, valid));
        // The valid request is valid, so a refusal below can only be the hostile field's.
        expect(parsed.error?.issues, `${name}: the sample request is invalid`).toBeUndefined();
        const hostile: [string, Value][] = [
          ...Object.entries(valid).map(([field, value]): [string, Value] => [field, withNul(value)]),
          ...integerFields(parsed.data as Record<string, unknown>).flatMap((field) =>
            PAST_INT4.map((value): [string, Value] => [field, call.encoding === 'json' ? value : String(value)]),
          ),
        ];
        for (const [field, value] of hostile) {
          const response = await send(call, { ...valid, [field]: value }, cookie);
          // A user id that is not the caller's is refused by the session check; the rest by validation.
          // (A 401 would mean the session was lost and would prove nothing.)
          const expected = call.signedIn && USER_ID_FIELDS.includes(field) ? 403 : 400;
          if (response.statusCode !== expected) {
            refusedWrongly.push(`${field}=${JSON.stringify(value)}: ${response.statusCode} ${response.body.slice(0, 120)}`);
          }
        }
      }
      expect(refusedWrongly).toEqual([]);
      expect(unexpectedFailures(t.logs.slice(logsBefore))).toEqual([]);
    },
  );
});

describe('hostile input on the routes outside the contract', () => {
  it('the payment return and cancel, the payment simulator and the wallet download never fail on it', async () => {
    const logsBefore = t.logs.length;
    const answers = {
      paymentReturn: t.app.inject({ method: 'GET', url: `${PAYMENT_RETURN_PATH}?token=A%00B`, headers: { cookie } }),
      paymentCancel: t.app.inject({ method: 'GET', url: `${PAYMENT_CANCEL_PATH}?token=A%00B`, headers: { cookie } }),
      simulatorPage: t.app.inject({ method: 'GET', url: `${SIMULATOR_PAGE_PATH}?token=A%00B` }),
      simulatorApprove: postForm(t.app, `${SIMULATOR_PAGE_PATH}/approve`, { token: 'A\u0000B' }),
      simulatorCancel: postForm(t.app, `${SIMULATOR_PAGE_PATH}/cancel`, { token: 'A\u0000B' }),
      carrierWebhook: t.app.inject({ method: 'POST', url: '/app/v1/webhooks/easypost', headers: { 'content-type': 'application/json', 'x-hmac-signature': 'hmac-sha256-hex=00' }, payload: '{"id":"A\u0000B"}' }),
      walletDownload: t.app.inject({
        method: 'GET',
        url: `${WALLET_DOWNLOAD_PATH}?token=${'a'.repeat(42)}%00&expires=2147483648&signature=${'b'.repeat(43)}`,
      }),
    };
    const failed: string[] = [];
    for (const [route, answer] of Object.entries(answers)) {
      const { statusCode } = await answer;
      if (statusCode >= 500) failed.push(`${route}: ${statusCode}`);
    }
    expect(failed).toEqual([]);
    expect(unexpectedFailures(t.logs.slice(logsBefore))).toEqual([]);
  });
});
