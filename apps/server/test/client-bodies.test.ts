import { ALL_CALLS, type CallDescriptor, PICKUP_DEFAULTS, addDays, carrierPickupDates, pacificDateString, stateTimeZone } from '@airbox/contract';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { FIXTURE_PASSWORD, insertAccountUser } from './account-fixtures.js';
import { DEMO_PASSWORD, cookiesOf, linkIn, login, mailsOf, signIn, useTestApp, useTestDatabase } from './helper.js';

/**
 * Every call of the contract, tried as the spec's own clients build their bodies (issue 8 §1):
 * from what the server itself answered before (the profile from getUserByUser_id, a contact from
 * getUserShipmentAddress, a message id from getUserMessage, ...), or from what a form would send
 * where no answer holds the value; null, undefined and empty fields dropped, booleans as 1 or 0,
 * encoded as the descriptor says (spec 01 §7). Each must be accepted, never refused with 400.
 */
const database = useTestDatabase();
const LOCKER_KEY = 'client-bodies-locker-key-0123456789';
const t = useTestApp(database, { seedDemoData: true, lockerApiKeys: [LOCKER_KEY] });

type CallName = keyof typeof ALL_CALLS;
/** A day this many days from today (Pacific), as My Profile's hold form sends it. */
const holdDay = (days: number) => addDays(pacificDateString(new Date()), days);
type Call = CallDescriptor<z.ZodType, z.ZodType>;
type Value = unknown;
type Body = Record<string, Value>;
// The answers are read as a client reads JSON: any shape, checked by the expectations.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are untyped JSON, as a client reads them
type Answer = any;

interface Caller {
  cookie: string;
  userId: number;
}

/** What a case sends: the body as the client holds it, and whose session (and cookies) go with it. */
interface ClientRequest {
  body: Body;
  cookie?: string;
  /** The errorcode of the call's success, when the body should succeed (not only be accepted). */
  errorcode?: number;
}

/**
 * The fields as the spec's clients put them on the wire: null, undefined and empty dropped,
 * booleans as 1 or 0; in a form or a query every value a string.
 */
function onTheWire(call: Call, body: Body): Record<string, string | number> {
  const sent: Record<string, string | number> = {};
  for (const [field, value] of Object.entries(body)) {
    if (value === null || value === undefined || value === '') continue;
    const scalar = typeof value === 'boolean' ? (value ? 1 : 0) : (value as string | number);
    sent[field] = call.encoding === 'json' ? scalar : String(scalar);
  }
  return sent;
}

function send(name: CallName, body: Body, cookie?: string): Promise<LightMyRequestResponse> {
  const call: Call = ALL_CALLS[name];
  const fields = onTheWire(call, body);
  // The lockers' key goes with every call; only the locker events call reads it.
  const headers = { 'x-api-key': LOCKER_KEY, ...(cookie ? { cookie } : {}) };
  if (call.encoding === 'json') return t.app.inject({ method: call.method, url: call.path, headers, payload: fields });
  const encoded = new URLSearchParams(Object.entries(fields).map(([field, value]): [string, string] => [field, String(value)])).toString();
  if (call.encoding === 'query') return t.app.inject({ method: call.method, url: encoded ? `${call.path}?${encoded}` : call.path, headers });
  return t.app.inject({
    method: call.method,
    url: call.path,
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    payload: encoded,
  });
}

/** A call made on the way to a case's body: it must be answered 200, and its answer is read. */
async function answerOf(name: CallName, body: Body, cookie?: string): Promise<Answer> {
  const response = await send(name, body, cookie);
  expect(response.statusCode, `${name}: ${response.body}`).toBe(200);
  return response.json();
}

let demo: Caller;

/** A new active customer with a session, for the cases that change an account. */
async function newCustomer(fields: Parameters<typeof insertAccountUser>[1] = {}): Promise<Caller & { email: string }> {
  const user = await insertAccountUser(t.app.db, fields);
  const { cookie } = await signIn(t.app, user.email, FIXTURE_PASSWORD);
  return { cookie, userId: user.userId, email: user.email };
}

/** The signed-in user's record, as the profile screen loads it. */
const profileOf = async (caller: Caller) => (await answerOf('getUserByUserIdCall', { user_id: caller.userId }, caller.cookie)).users[0];

/** A registration as the individual wizard sends it (spec 02 §3), from the server's suggestions. */
async function registration(email: string): Promise<{ body: Body; cookie: string }> {
  const hubs = await answerOf('getLockerInfoByModeCall', {});
  const hub = hubs.locker_info[0];
  const suggestion = await send('getBoxidCall', { phoneNumber: '415' });
  expect(suggestion.json().errorcode).toBe(0);
  return {
    cookie: cookiesOf(suggestion),
    body: {
      resident_id: null,
      credit_id: null,
      emailChoose: true,
      messageChoose: false,
      isHandicapped: false,
      role_id: 5,
      Activation_code: '',
      First_name: 'Robin',
      Last_name: 'Rivera',
      Email: email,
      Password: 'NewPass123',
      Cell_phone_number: '415-555-0166',
      Home_phone_number: '',
      Address_line_1: '1 Main St',
      Address_line_2: '',
      State_province_region: hub.state,
      City: hub.city,
      Zip_code: hub.zip_code,
      Country: 'United States',
      isCompany: 0,
      secondaryCellPhone: '',
      BOXID: suggestion.json().BOXID,
      PinNo: '582913',
      lockerUUID: hub.id,
      business_company_id: null,
      unit_id: null,
      bcm_user_id: null,
      Email2: '',
      building_id: null,
      bc_id: null,
    },
  };
}

/** A contact as the dialog sends it: the optional fields left empty, the checkbox unticked. */
async function newContact(caller: Caller, name: string): Promise<Body> {
  const states = await answerOf('getStatesCall', {});
  return {
    name,
    firstName: '',
    lastName: '',
    company: '',
    address1: '500 Grand Ave',
    address2: '',
    city: 'Oakland',
    state: states.data.find((state: { code: string }) => state.code === 'CA').code,
    country: 'USA',
    zipcode: '94610',
    email: '',
    phone: '510-555-0142',
    residential: false,
    user_id: caller.userId,
  };
}

/** The demo's bought label with comments, as userGetShipment lists it. */
async function demoLabelRow(): Promise<Answer> {
  const list = await answerOf('userGetShipmentCall', { user_id: demo.userId, start: 0, num: 50 }, demo.cookie);
  const row = list.data.list.find((shipment: Answer) => shipment.status_flag === '1' && shipment.comments !== '');
  expect(row, 'the demo data has a bought label with comments').toBeDefined();
  return row;
}

/** The label-purchase page's order as it sends it: From from getMyAddress, To a contact of My Contacts. */
async function labelOrder(): Promise<Body> {
  const mine = await answerOf('getMyAddressCall', { userId: demo.userId }, demo.cookie);
  const { kind: _kind, ...from } = mine.data[0];
  const contact = { ...(await newContact(demo, 'Label recipient')), firstName: 'Maria', lastName: 'Lopez' };
  expect((await answerOf('addUserShipmentAddressCall', contact, demo.cookie)).errorcode).toBe(1);
  const contacts = await answerOf('getUserShipmentAddressCall', { userId: demo.userId, page: 1, num: 10 }, demo.cookie);
  const to = contacts.data.list.find((contact: { name: string }) => contact.name === 'Label recipient');
  return {
    from,
    to,
    parcel: { length: '12', width: '10', height: '6', weightLb: '2', weightOz: '0' },
    insuredValue: '',
    comments: '',
    saveRecipient: false,
  };
}

/** A label bought through the page and the payment simulator for one carrier, as Purchased Labels lists its row. */
async function boughtLabelRow(carrier: 'FedEx' | 'USPS'): Promise<Answer> {
  const rated = await answerOf('rateLabelCall', await labelOrder(), demo.cookie);
  const rate = rated.data.rates.find((candidate: { carrier: string }) => candidate.carrier === carrier);
  const bought = await answerOf('buyLabelCall', { draftId: rated.data.draftId, rateId: rate.rateId }, demo.cookie);
  await payOnSimulator(bought.redirectURL);
  const list = await answerOf('userGetShipmentCall', { user_id: demo.userId, start: 0, num: 50 }, demo.cookie);
  return list.data.list.find((label: { shippingIndexID: number }) => label.shippingIndexID === rated.data.draftId);
}

/**
 * A return label (issue 23 item 3) of a USPS label, with its QR code (item 2), as the label page
 * sends it: the outbound label's addresses swapped, returnOf naming it, qrCode chosen at Review.
 */
async function returnLabelRow(): Promise<Answer> {
  const outbound = await boughtLabelRow('USPS');
  const order = await labelOrder();
  const rated = await answerOf('rateLabelCall', { ...order, from: { ...(order.to as Body), saveRecipient: false }, to: order.from, returnOf: outbound.shippingIndexID }, demo.cookie);
  const rate = rated.data.rates.find((candidate: { carrier: string }) => candidate.carrier === 'USPS');
  const bought = await answerOf('buyLabelCall', { draftId: rated.data.draftId, rateId: rate.rateId, qrCode: true }, demo.cookie);
  await payOnSimulator(bought.redirectURL);
  const list = await answerOf('userGetShipmentCall', { user_id: demo.userId, start: 0, num: 50 }, demo.cookie);
  return list.data.list.find((label: { shippingIndexID: number }) => label.shippingIndexID === rated.data.draftId);
}

/** A label bought to be dropped off at the customer's hub (issue 23 item 1): its hub and drop-off code, as Purchased Labels shows them. */
async function dropOffLabel(): Promise<{ hubId: string; code: string }> {
  const profile = await profileOf(demo);
  const rated = await answerOf('rateLabelCall', await labelOrder(), demo.cookie);
  const bought = await answerOf('buyLabelCall', { draftId: rated.data.draftId, rateId: rated.data.rates[0].rateId, dropOffHubId: profile.lockerUUID }, demo.cookie);
  await payOnSimulator(bought.redirectURL);
  const list = await answerOf('userGetShipmentCall', { user_id: demo.userId, start: 0, num: 50 }, demo.cookie);
  const row = list.data.list.find((label: { shippingIndexID: number }) => label.shippingIndexID === rated.data.draftId);
  expect(row.dropOff.code).toMatch(/^[2-9A-Z]{5}-[2-9A-Z]{5}$/);
  return { hubId: profile.lockerUUID, code: row.dropOff.code };
}

/**
 * Label batches (issue 25 item 1): the template's own file uploaded as the web app sends it (the
 * file's bytes in base64), the sender the customer's own address as getMyAddress answers it.
 */
async function uploadedBatch(): Promise<Answer> {
  const mine = await answerOf('getMyAddressCall', { userId: demo.userId }, demo.cookie);
  const { kind: _kind, hours: _hours, ...from } = mine.data[0];
  const template = await t.app.inject({ method: 'GET', url: '/app/v1/labelBatches/template', headers: { cookie: demo.cookie } });
  return (await answerOf('uploadLabelBatchCall', { file: template.rawPayload.toString('base64'), fileName: 'template.csv', from }, demo.cookie)).data;
}

/** A batch rated (its job run), the rule as the batch screen sends it. */
async function ratedBatch(): Promise<Answer> {
  const batch = await uploadedBatch();
  await answerOf('rateLabelBatchCall', { id: batch.id, rule: 'cheapest', carrier: '', service: '' }, demo.cookie);
  await t.app.jobs.drain();
  return batch;
}

/** One batch of the demo's kept for the calls that change it (an account keeps BATCH_LIMITS.openBatches unpaid). */
const openBatches: Record<string, Promise<Answer>> = {};
const openBatch = (name: string) => (openBatches[name] ??= uploadedBatch());

let finishedBatchId: number | undefined;
/** A batch paid on the simulator and bought by its job. */
async function finishedBatch(): Promise<number> {
  if (finishedBatchId === undefined) {
    const batch = await ratedBatch();
    await payOnSimulator((await answerOf('payLabelBatchCall', { id: batch.id }, demo.cookie)).redirectURL);
    await t.app.jobs.drain();
    finishedBatchId = batch.id as number;
  }
  return finishedBatchId;
}

/** The payer approves on the payment simulator's page and the browser follows the return. */
async function payOnSimulator(approvalUrl: string): Promise<void> {
  const token = new URL(approvalUrl).searchParams.get('token')!;
  const approved = await t.app.inject({
    method: 'POST',
    url: '/app/v1/payments/simulator/approve',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `token=${token}`,
  });
  await t.app.inject({ method: 'GET', url: String(approved.headers.location), headers: { cookie: demo.cookie } });
}

/** The pickup wizard's createPickup body for a new FedEx label: the address step's My address, verified, and the date step's window. */
async function fedexPickupBody(): Promise<Body> {
  const row = await boughtLabelRow('FedEx');
  const mine = (await answerOf('getMyAddressCall', { userId: demo.userId }, demo.cookie)).data[0];
  const verified = await answerOf(
    'validateAddressCall',
    { street1: mine.address1, street2: mine.address2, city: mine.city, state: mine.state, zip: mine.zipcode, country: 'US', phone: mine.phone, name: `${mine.firstName} ${mine.lastName}` },
    demo.cookie,
  );
  const date = carrierPickupDates(t.config.clock(), stateTimeZone(mine.state), 'FedEx').at(-1)!;
  return {
    addressId: verified.data.addrId,
    shipmentId: row.shipmentID,
    minDatetime: `${date} ${PICKUP_DEFAULTS.earliest}`,
    maxDatetime: `${date} ${PICKUP_DEFAULTS.latest}`,
    reference: '',
    instructions: '',
    userLocker: false,
  };
}

/** A FedEx pickup quoted and paid through the simulator: the label's row once booked. */
async function scheduledFedexPickupRow(): Promise<Answer> {
  const body = await fedexPickupBody();
  const quote = await answerOf('createPickupCall', body, demo.cookie);
  const paid = await answerOf('paypalByPickupCall', { shipmentId: body.shipmentId, pickupId: quote.data.pickupId, pickupRateId: quote.data.pickup_rates[0].id, userId: demo.userId }, demo.cookie);
  await payOnSimulator(paid.paymentUrl);
  const list = await answerOf('userGetShipmentCall', { user_id: demo.userId, start: 0, num: 50 }, demo.cookie);
  return list.data.list.find((label: { shipmentID: string }) => label.shipmentID === body.shipmentId);
}

/** The USPS wizard's CarrierPickupSchedule body for a new USPS label: My address and the label's weight in pounds (spec 03 §9). */
async function uspsScheduleBody(): Promise<Body> {
  const row = await boughtLabelRow('USPS');
  const mine = (await answerOf('getMyAddressCall', { userId: demo.userId }, demo.cookie)).data[0];
  return {
    firmname: mine.company,
    address1: mine.address1,
    address2: mine.address2,
    city: mine.city,
    state: mine.state,
    zip5: mine.zipcode,
    firstname: mine.firstName,
    lastname: mine.lastName,
    servicetype: 'Priority Mail',
    uselocker: false,
    count: 1,
    phone: mine.phone,
    estimatedweight: row.weight / 16,
    packagelocation: 'Front Door',
    specialinstructions: '',
    shipmentdetailsid: row.shippingdetails_id,
    userid: demo.userId,
    pickupdate: null,
  };
}

/** A USPS pickup scheduled through the calls: the label's id. */
async function scheduledUspsPickup(): Promise<number> {
  const body = await uspsScheduleBody();
  expect((await answerOf('uspsPickupScheduleCall', body, demo.cookie)).code).toBe(0);
  return body.shipmentdetailsid as number;
}

let serial = 0;
const uniqueEmail = (what: string) => `client-bodies.${what}.${(serial += 1)}.${Date.now()}@example.com`;

/** How each call's body is built. Typed by ALL_CALLS, and checked below, so a new call needs a case. */
const CASES: { [K in CallName]: () => Promise<ClientRequest> } = {
  loginCall: async () => ({ body: { name: 'demo@example.com', password: DEMO_PASSWORD }, errorcode: 1 }),

  logoutCall: async () => {
    const { body: answer, cookie } = await login(t.app, 'demo@example.com');
    return { body: { user_id: answer.user[0].user_id }, cookie, errorcode: 1 };
  },

  carrierServiceRenamingCall: async () => ({ body: {}, cookie: demo.cookie, errorcode: 0 }),

  resendRegisterEmailCall: async () => {
    const { body: answer } = await login(t.app, 'pending@example.com');
    return { body: { userID: answer.user[0].user_id }, errorcode: 0 };
  },

  getUserByUserIdCall: async () => ({ body: { user_id: demo.userId }, cookie: demo.cookie, errorcode: 1 }),

  getUnPickupsByIdCall: async () => ({ body: { uid: demo.userId }, cookie: demo.cookie, errorcode: 0 }),

  checkUserCall: async () => ({ body: { email: (await profileOf(demo)).Email }, errorcode: 1 }),

  userActivateCall: async () => {
    const email = uniqueEmail('activate');
    const { body, cookie } = await registration(email);
    expect((await answerOf('registerCall', body, cookie)).errorcode).toBe(1);
    const mail = (await mailsOf(t)).filter((m) => m.to === email).at(-1);
    const link = linkIn(mail, 'http://localhost:8080/app/active/');
    return { body: { activateCode: decodeURIComponent(link.split('/app/active/')[1]!.replace(/\/$/, '')) }, errorcode: 1 };
  },

  resetPasswordCall: async () => {
    const user = await newCustomer();
    expect((await answerOf('checkUserCall', { email: user.email })).errorcode).toBe(1);
    const mail = (await mailsOf(t)).filter((m) => m.to === user.email).at(-1);
    const link = new URL(linkIn(mail, 'http://localhost:8080/app/reset?'));
    return {
      body: { Email: link.searchParams.get('Email'), generatedId: link.searchParams.get('generatedId'), Password: 'BrandNew2pass' },
      errorcode: 0,
    };
  },

  genCode128Call: async () => {
    const orders = await answerOf('getThirdPartyOrdersCall', { orderId: 'DEMO-1001', mId: 'DEMO' });
    return { body: { pcode: orders.data.list[0].pickUpCode }, errorcode: 0 };
  },

  getAdvertisementsCall: async () => ({ body: {}, cookie: demo.cookie, errorcode: 0 }),

  // The /ShowQRcode link's o and m, with the page's paging.
  getThirdPartyOrdersCall: async () => ({ body: { orderId: 'DEMO-1001', mId: 'DEMO', page: 1, size: 10 }, errorcode: 0 }),

  verifyPasswordCall: async () => ({ body: { userId: demo.userId, password: DEMO_PASSWORD }, cookie: demo.cookie, errorcode: 1 }),

  updateSelfUserInfoCall: async () => {
    // The case: no hub (lockerUUID null), empty lines, no password and no switches sent.
    const user = await newCustomer({ locker_id: null, secondary_cell_phone: '', home_phone: '', address_line_2: '' });
    expect((await answerOf('verifyPasswordCall', { userId: user.userId, password: FIXTURE_PASSWORD }, user.cookie)).errorcode).toBe(1);
    return { body: { ...(await profileOf(user)), City: 'Oakland' }, cookie: user.cookie, errorcode: 1 };
  },

  getUserQrCodeCall: async () => ({ body: { user_id: demo.userId, update: 0 }, cookie: demo.cookie, errorcode: 0 }),

  appleWalletPassCall: async () => ({ body: { user_id: demo.userId, OS: 'mac' }, cookie: demo.cookie, errorcode: 0 }),

  getLockerInfoByUserCall: async () => ({ body: { user_id: demo.userId }, cookie: demo.cookie, errorcode: 0 }),

  getStatesCall: async () => ({ body: {}, errorcode: 0 }),

  registerCall: async () => {
    const { body, cookie } = await registration(uniqueEmail('register'));
    return { body, cookie, errorcode: 1 };
  },

  firstLoginCall: async () => {
    const hubs = await answerOf('getLockerInfoByModeCall', {});
    return { body: { zip_code: hubs.locker_info[0].zip_code }, errorcode: 1 };
  },

  getBoxidCall: async () => ({ body: { phoneNumber: '415-555-0166'.slice(0, 3) }, errorcode: 0 }),

  verifyInvitationCodeCall: async () => ({ body: { code: 'DEMO15' }, errorcode: 1 }),

  companyInfoCall: async () => {
    const invitation = await answerOf('verifyInvitationCodeCall', { code: 'DEMO15' });
    const companies = await answerOf('companyListCall', { size: 10, bcm_user_id: invitation.data[0].bcm_user_id });
    return { body: { company_id: companies.data.list[0].company_id }, errorcode: 0 };
  },

  companyListCall: async () => {
    const invitation = await answerOf('verifyInvitationCodeCall', { code: 'DEMO16' });
    return { body: { size: 10, company_name: null, airbox_id: null, bcm_user_id: invitation.data[0].bcm_user_id, unit_id: null }, errorcode: 0 };
  },

  campusListCall: async () => ({ body: {}, errorcode: 0 }),

  buildingListCall: async () => {
    const campuses = await answerOf('campusListCall', {});
    return { body: { bc_id: campuses.data[0].bc_id }, errorcode: 0 };
  },

  unitListCall: async () => {
    const campuses = await answerOf('campusListCall', {});
    const buildings = await answerOf('buildingListCall', { bc_id: campuses.data[0].bc_id });
    return { body: { building_id: buildings.data[0].building_id, size: 500 }, errorcode: 0 };
  },

  getLockerInfoByBuildingCall: async () => {
    const campuses = await answerOf('campusListCall', {});
    const buildings = await answerOf('buildingListCall', { bc_id: campuses.data[0].bc_id });
    return { body: { business_building_id: buildings.data[0].building_id }, errorcode: 0 };
  },

  getLockerInfoByModeCall: async () => ({ body: {}, errorcode: 0 }),

  getUserShipmentAddressCall: async () => ({ body: { userId: demo.userId, page: 1, num: 10 }, cookie: demo.cookie, errorcode: 0 }),

  addUserShipmentAddressCall: async () => ({ body: await newContact(demo, 'Gym'), cookie: demo.cookie, errorcode: 1 }),

  updateUserShipmentAddressCall: async () => {
    // A contact with every optional field empty, as the list answers it, sent back with a change.
    expect((await answerOf('addUserShipmentAddressCall', await newContact(demo, 'Sparse'), demo.cookie)).errorcode).toBe(1);
    const contacts = await answerOf('getUserShipmentAddressCall', { userId: demo.userId, page: 1, num: 50 }, demo.cookie);
    const sparse = contacts.data.list.find((contact: { name: string }) => contact.name === 'Sparse');
    expect(sparse).toMatchObject({ firstName: '', company: '', email: '', residential: false });
    return { body: { ...sparse, city: 'Berkeley' }, cookie: demo.cookie, errorcode: 1 };
  },

  deleteUserShipmentAddressCall: async () => {
    const contacts = await answerOf('getUserShipmentAddressCall', { userId: demo.userId, page: 1, num: 10 }, demo.cookie);
    return { body: { id: contacts.data.list[0].id }, cookie: demo.cookie, errorcode: 1 };
  },

  getMembershipsCall: async () => ({ body: {}, cookie: demo.cookie, errorcode: 0 }),

  buyMembershipCall: async () => {
    const plans = await answerOf('getMembershipsCall', {}, demo.cookie);
    return { body: { userID: demo.userId, number: 1, plan: plans.memberships[1].id }, cookie: demo.cookie, errorcode: 1 };
  },

  // The shared paging helper's {start, num, user_id, otype 0} (spec 03 §7).
  getUserOperationsCall: async () => ({ body: { start: 0, num: 10, user_id: demo.userId, otype: 0 }, cookie: demo.cookie, errorcode: 0 }),

  getMyOperationsCall: async () => ({ body: { start: 0, num: 10, user_id: demo.userId, otype: 0 }, cookie: demo.cookie, errorcode: 0 }),

  getUserMessageCall: async () => {
    const carriers = await answerOf('getCarrierListCall', {}, demo.cookie);
    // The search panel with a carrier chosen and no dates or pickup status: null and '' are left out.
    return {
      body: {
        start: 0,
        num: 10,
        user_id: demo.userId,
        carrier: carriers.carrierList[0].shipping_company_name,
        start_time: null,
        end_time: null,
        is_pickup: '',
      },
      cookie: demo.cookie,
      errorcode: 0,
    };
  },

  deleteMessageCall: async () => {
    const inbox = await answerOf('getUserMessageCall', { start: 0, num: 10, user_id: demo.userId }, demo.cookie);
    return { body: { message_id: inbox.messages[0].message_id }, cookie: demo.cookie, errorcode: 1 };
  },

  deleteAllMessageCall: async () => ({ body: { user_id: demo.userId }, cookie: demo.cookie, errorcode: 1 }),

  getCarrierListCall: async () => ({ body: {}, cookie: demo.cookie, errorcode: 0 }),

  // Purchased Labels, as the list screen sends its Search Options (empty ones dropped) and then
  // acts on a row of its answer: the demo's label with comments is a bought label (issue 9 demo data).
  userGetShipmentCall: async () => ({
    body: { user_id: demo.userId, start: 0, num: 10, boxId: '', trackingNum: '', carrier: '', orderNo: '', service: '', mobile: '', comments: '' },
    cookie: demo.cookie,
    errorcode: 0,
  }),

  getShipmentDetailCall: async () => {
    const row = await demoLabelRow();
    return { body: { shipmentID: row.shipmentID, shipmentIndexID: row.shippingIndexID }, cookie: demo.cookie, errorcode: 0 };
  },

  updateShipmentDetailCall: async () => {
    const row = await demoLabelRow();
    return { body: { comments: row.comments, shipmentIndexID: row.shippingIndexID }, cookie: demo.cookie, errorcode: 1 };
  },

  getShippingLabelCall: async () => ({ body: { label_url: (await demoLabelRow()).labelURL }, cookie: demo.cookie, errorcode: 0 }),

  // The answer is the PDF itself (200); a failure would be JSON with 404.
  downloadLabelPdfCall: async () => ({ body: { shipmentId: (await demoLabelRow()).shipmentID, format: 'pdf-letter' }, cookie: demo.cookie }),

  getShipAgainCall: async () => ({ body: { id: (await demoLabelRow()).shippingIndexID }, cookie: demo.cookie, errorcode: 0 }),

  getLabelFormatCall: async () => ({ body: {}, cookie: demo.cookie, errorcode: 0 }),

  // A QR-code label's row shows its QR code (issue 23 item 2).
  getLabelQrCodeCall: async () => {
    const row = await returnLabelRow();
    expect(row.qrCode).toBe(true);
    return { body: { shippingIndexID: row.shippingIndexID }, cookie: demo.cookie, errorcode: 0 };
  },

  // SEND RETURN LABEL on a return label's row (issue 23 item 3): the address typed, a copy asked.
  sendReturnLabelCall: async () => ({ body: { id: (await returnLabelRow()).shippingIndexID, email: 'returns@example.com', copyMe: true }, cookie: demo.cookie, errorcode: 0 }),

  saveLabelFormatCall: async () => ({ body: { labelFormat: 'png-4x6' }, cookie: demo.cookie, errorcode: 0 }),

  // Label batches from a spreadsheet (issue 25 item 1): each call with a batch of the demo's made by the calls before it.
  getLabelBatchTemplateCall: async () => ({ body: {}, cookie: demo.cookie }),
  uploadLabelBatchCall: async () => {
    const mine = await answerOf('getMyAddressCall', { userId: demo.userId }, demo.cookie);
    const { kind: _kind, hours: _hours, ...from } = mine.data[0];
    // Cells pasted from a spreadsheet, tab-separated; no ship date (the first day offered).
    return { body: { text: 'name\tstreet1\tcity\tstate\tzip\tphone\tweight_lb\tlength\twidth\theight\nAnn Lee\t55 Elm St\tPortland\tOR\t97201\t503-555-0199\t1\t10\t8\t4', from }, cookie: demo.cookie, errorcode: 0 };
  },
  getLabelBatchesCall: async () => ({ body: {}, cookie: demo.cookie, errorcode: 0 }),
  getLabelBatchCall: async () => ({ body: { id: await finishedBatch() }, cookie: demo.cookie, errorcode: 0 }),
  updateLabelBatchRowCall: async () => {
    const batch = await openBatch('fixed');
    return { body: { batchId: batch.id, row: 1, cells: { ...batch.rows[0].cells, comments: 'Fragile' } }, cookie: demo.cookie, errorcode: 0 };
  },
  deleteLabelBatchRowCall: async () => ({ body: { batchId: (await openBatch('emptied')).id, row: 1 }, cookie: demo.cookie, errorcode: 0 }),
  rateLabelBatchCall: async () => ({ body: { id: (await openBatch('fixed')).id, rule: 'service', carrier: 'USPS', service: 'Priority' }, cookie: demo.cookie, errorcode: 0 }),
  payLabelBatchCall: async () => ({ body: { id: (await ratedBatch()).id }, cookie: demo.cookie, errorcode: 1 }),
  deleteLabelBatchCall: async () => ({ body: { id: (await openBatch('emptied')).id }, cookie: demo.cookie, errorcode: 0 }),
  downloadLabelBatchLabelsCall: async () => ({ body: { id: await finishedBatch(), format: 'pdf-letter' }, cookie: demo.cookie }),
  downloadLabelBatchTrackingCall: async () => ({ body: { id: await finishedBatch() }, cookie: demo.cookie }),

  getInvoiceCall: async () => ({ body: { shippingIndexID: (await demoLabelRow()).shippingIndexID }, cookie: demo.cookie, errorcode: 0 }),

  downloadInvoiceCall: async () => ({ body: { shippingIndexID: (await demoLabelRow()).shippingIndexID }, cookie: demo.cookie }),

  // The label page verifies the sender's address as the profile holds it.
  validateAddressCall: async () => {
    const profile = await profileOf(demo);
    return {
      body: {
        street1: profile.Address_line_1,
        street2: profile.Address_line_2,
        city: profile.City,
        state: profile.State_province_region,
        zip: profile.Zip_code,
        country: 'US',
        phone: profile.Cell_phone_number,
        name: `${profile.First_name} ${profile.Last_name}`,
      },
      cookie: demo.cookie,
      errorcode: 0,
    };
  },

  searchShipmentAddressesCall: async () => ({ body: { userId: demo.userId, page: 1, size: 5, search: 'mom' }, cookie: demo.cookie, errorcode: 0 }),

  getMyAddressCall: async () => ({ body: { userId: demo.userId }, cookie: demo.cookie, errorcode: 0 }),

  getOrderForLaterCall: async () => {
    const orders = await answerOf('getOrderForLaterCall', { userId: demo.userId }, demo.cookie);
    return { body: { userId: demo.userId, id: orders.data[0].id }, cookie: demo.cookie, errorcode: 0 };
  },

  deleteOrderForLaterCall: async () => {
    const orders = await answerOf('getOrderForLaterCall', { userId: demo.userId }, demo.cookie);
    return { body: { id: orders.data.at(-1).id }, cookie: demo.cookie, errorcode: 0 };
  },

  lockerEventCall: async () => {
    // A delivery to the customer's AirBox ID at their hub, then its pickup with the code it was given.
    const profile = await profileOf(demo);
    const delivered = await answerOf('lockerEventCall', {
      type: 'delivered',
      boxId: profile.BOXID,
      hubId: profile.lockerUUID,
      carrier: 'USPS',
      trackingNo: '9400111202555842760001',
      deliveredAt: null,
    });
    expect(delivered.errorcode).toBe(0);
    return { body: { type: 'picked_up', hubId: profile.lockerUUID, pickupCode: delivered.pickupCode, pickedUpAt: null }, errorcode: 0 };
  },

  // A controller asks about the recipient before it chooses a door (issue 22 items 2 and 3).
  lockerRecipientCall: async () => {
    const profile = await profileOf(demo);
    return { body: { boxId: profile.BOXID, hubId: profile.lockerUUID, at: null }, errorcode: 0 };
  },

  // Drop it off at your hub (issue 23 item 1): the controller asks for a compartment for the
  // code the customer shows, then reports the parcel in; its clock may be left out.
  lockerDropOffOpenCall: async () => {
    const { hubId, code } = await dropOffLabel();
    return { body: { hubId, code, at: null }, errorcode: 0 };
  },

  lockerDropOffInCall: async () => {
    const { hubId, code } = await dropOffLabel();
    expect((await answerOf('lockerDropOffOpenCall', { hubId, code })).errorcode).toBe(0);
    return { body: { hubId, code, droppedOffAt: null }, errorcode: 0 };
  },

  // Share a pickup (issue 22 item 1): the dashboard's share dialog and revoke on a waiting
  // package (a fresh delivery, so its free period runs), and the public link's page.
  sharePickupCall: async () => {
    const profile = await profileOf(demo);
    const delivered = await answerOf('lockerEventCall', { type: 'delivered', boxId: profile.BOXID, hubId: profile.lockerUUID, carrier: 'UPS', trackingNo: '1Z999AA10123456784' });
    return { body: { packageId: delivered.packageId, via: 'email', email: 'friend@example.com' }, cookie: demo.cookie, errorcode: 0 };
  },

  revokePickupShareCall: async () => {
    const profile = await profileOf(demo);
    const delivered = await answerOf('lockerEventCall', { type: 'delivered', boxId: profile.BOXID, hubId: profile.lockerUUID, carrier: 'UPS', trackingNo: '1Z999AA10123456785' });
    expect((await answerOf('sharePickupCall', { packageId: delivered.packageId, via: 'link' }, demo.cookie)).errorcode).toBe(0);
    return { body: { packageId: delivered.packageId }, cookie: demo.cookie, errorcode: 0 };
  },

  // The dashboard's EXTEND A DAY: the quote first, then the day it names, paid with credits or PayPal.
  quotePickupExtensionCall: async () => {
    const profile = await profileOf(demo);
    const delivered = await answerOf('lockerEventCall', { type: 'delivered', boxId: profile.BOXID, hubId: profile.lockerUUID, carrier: 'UPS', trackingNo: '1Z999AA10123456787' });
    return { body: { packageId: delivered.packageId }, cookie: demo.cookie, errorcode: 0 };
  },

  extendPickupCall: async () => {
    const profile = await profileOf(demo);
    const delivered = await answerOf('lockerEventCall', { type: 'delivered', boxId: profile.BOXID, hubId: profile.lockerUUID, carrier: 'UPS', trackingNo: '1Z999AA10123456788' });
    const quote = await answerOf('quotePickupExtensionCall', { packageId: delivered.packageId }, demo.cookie);
    return { body: { packageId: delivered.packageId, day: quote.data.extendedDays + 1, payWith: 'paypal' }, cookie: demo.cookie, errorcode: 1 };
  },

  getPublicPickupShareCall: async () => {
    const profile = await profileOf(demo);
    const delivered = await answerOf('lockerEventCall', { type: 'delivered', boxId: profile.BOXID, hubId: profile.lockerUUID, carrier: 'UPS', trackingNo: '1Z999AA10123456786' });
    const shared = await answerOf('sharePickupCall', { packageId: delivered.packageId, via: 'link' }, demo.cookie);
    return { body: { token: String(shared.data.url).split('/pickup/')[1] }, errorcode: 0 };
  },

  // The label-purchase page: From is the customer's own address (getMyAddress), To a contact of
  // My Contacts, the package and options as the form holds them.
  rateLabelCall: async () => ({ body: await labelOrder(), cookie: demo.cookie, errorcode: 0 }),

  // The rate the customer picked, from the rates answer.
  buyLabelCall: async () => {
    const rated = await answerOf('rateLabelCall', await labelOrder(), demo.cookie);
    // Dropped off at the customer's own hub (issue 23 item 1).
    const profile = await profileOf(demo);
    return { body: { draftId: rated.data.draftId, rateId: rated.data.rates[0].rateId, notifyRecipient: false, orderId: null, dropOffHubId: profile.lockerUUID }, cookie: demo.cookie, errorcode: 1 };
  },

  // Orders In Progress lists the unpaid labels; PAY opens one at its Review step by its id.
  getUnpaidLabelsCall: async () => {
    const unpaid = await answerOf('getUnpaidLabelsCall', {}, demo.cookie);
    return { body: { id: unpaid.data[0].id }, cookie: demo.cookie, errorcode: 0 };
  },

  // DELETE on an unpaid label: one sent to payment and not paid.
  deleteUnpaidLabelCall: async () => {
    const rated = await answerOf('rateLabelCall', await labelOrder(), demo.cookie);
    await answerOf('buyLabelCall', { draftId: rated.data.draftId, rateId: rated.data.rates[0].rateId }, demo.cookie);
    return { body: { id: rated.data.draftId }, cookie: demo.cookie, errorcode: 0 };
  },

  // Save for later with the page half filled: empty fields as the form holds them.
  saveOrderForLaterCall: async () => {
    const order = await labelOrder();
    return {
      body: { id: null, from: order.from, to: { ...(order.to as Body), address2: '', email: '' }, parcel: { length: 12, width: '', height: null, weightLb: 2, weightOz: '' }, insuredValue: '', comments: '' },
      cookie: demo.cookie,
      errorcode: 0,
    };
  },

  // REFUND on a row of Purchased Labels: its shippingIndexID, for a label bought through the page.
  refundCall: async () => {
    const rated = await answerOf('rateLabelCall', await labelOrder(), demo.cookie);
    const bought = await answerOf('buyLabelCall', { draftId: rated.data.draftId, rateId: rated.data.rates[0].rateId }, demo.cookie);
    await payOnSimulator(bought.redirectURL);
    const list = await answerOf('userGetShipmentCall', { user_id: demo.userId, start: 0, num: 50 }, demo.cookie);
    const row = list.data.list.find((label: { shippingIndexID: number; status_flag: string }) => label.status_flag === '1' && label.shippingIndexID === rated.data.draftId);
    return { body: { id: row.shippingIndexID }, cookie: demo.cookie, errorcode: 0 };
  },

  // The pickup wizard (issue 10): FedEx through the carriers provider, paid; the details and cancel from the label's row.
  createPickupCall: async () => ({ body: await fedexPickupBody(), cookie: demo.cookie, errorcode: 0 }),

  paypalByPickupCall: async () => {
    const body = await fedexPickupBody();
    const quote = await answerOf('createPickupCall', body, demo.cookie);
    return {
      body: { shipmentId: body.shipmentId, pickupId: quote.data.pickupId, pickupRateId: quote.data.pickup_rates[0].id, userId: demo.userId, useLocker: false },
      cookie: demo.cookie,
      errorcode: 0,
    };
  },

  checkPickupStatusCall: async () => {
    const row = await scheduledFedexPickupRow();
    return { body: { pickupId: row.pickupId, carrier: row.rateCarrier, shippingdetails_id: row.shippingdetails_id }, cookie: demo.cookie, errorcode: 0 };
  },

  cancelPickupCall: async () => ({ body: { shippingdetails_id: (await scheduledFedexPickupRow()).shippingdetails_id }, cookie: demo.cookie, errorcode: 0 }),

  // USPS: the address step's My address, a USPS label's row, then its details' dbInfo.
  uspsPickupAvailabilityCall: async () => {
    const mine = (await answerOf('getMyAddressCall', { userId: demo.userId }, demo.cookie)).data[0];
    return { body: { firmname: mine.company, address1: mine.address1, address2: mine.address2, city: mine.city, state: mine.state, zip5: mine.zipcode }, cookie: demo.cookie, errorcode: 0 };
  },

  uspsPickupScheduleCall: async () => ({ body: await uspsScheduleBody(), cookie: demo.cookie, errorcode: 0 }),

  uspsPickupInquiryCall: async () => ({ body: { shipmentDetailsId: await scheduledUspsPickup() }, cookie: demo.cookie, errorcode: 0 }),

  uspsPickupChangeCall: async () => {
    const id = await scheduledUspsPickup();
    const { dbInfo } = await answerOf('uspsPickupInquiryCall', { shipmentDetailsId: id }, demo.cookie);
    return {
      body: { shipmentdetailsid: id, pickupdate: dbInfo.reschedulableDates.at(-1) ?? dbInfo.pickupdate, packagelocation: dbInfo.packagelocation, specialinstructions: dbInfo.specialinstructions },
      cookie: demo.cookie,
      errorcode: 0,
    };
  },

  // The Pickups list as the web app opens it: its first page.
  getUserPickupsCall: async () => ({ body: { start: 0, num: 10 }, cookie: demo.cookie, errorcode: 0 }),

  // Issue 25 item 2: Purchased Labels' selection of two new USPS labels, one pickup for them (the
  // address step's My address) and one scan form; the scan forms list and a form's download.
  uspsPickupScheduleLabelsCall: async () => {
    const body = await uspsScheduleBody();
    const other = await boughtLabelRow('USPS');
    const { servicetype: _service, count: _count, estimatedweight: _weight, shipmentdetailsid, userid: _user, ...rest } = body;
    return { body: { ...rest, shipmentIds: [shipmentdetailsid, other.shippingdetails_id] }, cookie: demo.cookie, errorcode: 0 };
  },
  createScanFormCall: async () => ({ body: { shipmentIds: [(await boughtLabelRow('USPS')).shippingdetails_id, (await boughtLabelRow('USPS')).shippingdetails_id] }, cookie: demo.cookie, errorcode: 0 }),
  getScanFormsCall: async () => ({ body: { start: 0, num: 10 }, cookie: demo.cookie, errorcode: 0 }),
  downloadScanFormCall: async () => {
    const made = await answerOf('createScanFormCall', { shipmentIds: [(await boughtLabelRow('USPS')).shippingdetails_id] }, demo.cookie);
    return { body: { id: made.data.id }, cookie: demo.cookie };
  },

  // The Package step's saved packages: the picker's list, "Save this package" with the step's
  // values as the form holds them (a Flat Rate package's sides left empty), and a delete by the
  // id the list answered.
  getSavedPackagesCall: async () => ({ body: {}, cookie: demo.cookie, errorcode: 0 }),

  savePackageCall: async () => ({
    body: { name: `Flat box ${(serial += 1)}`, parcel: { predefinedPackage: 'SmallFlatRateBox', length: '', width: '', height: '', weightLb: '1', weightOz: '' } },
    cookie: demo.cookie,
    errorcode: 0,
  }),

  deleteSavedPackageCall: async () => {
    const name = `Shoe box ${(serial += 1)}`;
    const parcel = { predefinedPackage: '', length: '14', width: '8', height: '5', weightLb: '2', weightOz: '4' };
    expect((await answerOf('savePackageCall', { name, parcel }, demo.cookie)).errorcode).toBe(0);
    const list = await answerOf('getSavedPackagesCall', {}, demo.cookie);
    return { body: { id: list.data.find((saved: { name: string }) => saved.name === name).id }, cookie: demo.cookie, errorcode: 0 };
  },

  // My Profile's vacation holds (issue 22 item 2): the list, a hold saved from the section's form
  // (its days as YYYY-MM-DD, a new hold without an id) and one cancelled by the id the list answered.
  getVacationHoldsCall: async () => ({ body: {}, cookie: demo.cookie, errorcode: 0 }),

  saveVacationHoldCall: async () => ({ body: { id: '', startDate: holdDay(20), endDate: holdDay(22) }, cookie: demo.cookie, errorcode: 0 }),

  cancelVacationHoldCall: async () => {
    expect((await answerOf('saveVacationHoldCall', { startDate: holdDay(30), endDate: holdDay(31) }, demo.cookie)).errorcode).toBe(0);
    const list = await answerOf('getVacationHoldsCall', {}, demo.cookie);
    return { body: { id: list.data.find((hold: { startDate: string }) => hold.startDate === holdDay(30)).id }, cookie: demo.cookie, errorcode: 0 };
  },

  // The recipient's link (/app/track/{token}) as the purchase mails it: a bought label with a token.
  getPublicTrackingCall: async () => {
    const token = 'client-bodies-tracking-token-0123456789';
    const now = new Date().toISOString();
    await t.app.db
      .insertInto('shipments')
      .values({
        user_id: demo.userId,
        order_no: 'AB2611239999901',
        box_id: '2135846',
        state: 'bought',
        provider: 'simulator',
        carrier: 'USPS',
        service: 'Priority',
        tracking_code: '9400111202555842769901',
        tracker_status: 'pre_transit',
        tracking_token: token,
        length_in: 10,
        width_in: 8,
        height_in: 4,
        weight_oz: 16,
        created_at: now,
        updated_at: now,
        bought_at: now,
        to_city: 'New York',
        to_state: 'NY',
      })
      .execute();
    return { body: { token }, errorcode: 0 };
  },
};

beforeAll(async () => {
  demo = await signIn(t.app, 'demo@example.com');
});

describe('bodies built as the spec clients build them, from what the server answered', () => {
  it('cover every call of the contract', () => {
    expect(Object.keys(CASES).sort()).toEqual(Object.keys(ALL_CALLS).sort());
  });

  it.each(Object.keys(ALL_CALLS) as CallName[])('%s accepts its body', async (name) => {
    const buildCase = CASES[name] as (() => Promise<ClientRequest>) | undefined;
    if (!buildCase) throw new Error(`no case for ${name}: add one to CASES`);
    const { body, cookie, errorcode } = await buildCase();
    const response = await send(name, body, cookie);
    expect(response.statusCode, response.body).toBe(200);
    if (errorcode !== undefined) expect(response.json().errorcode, response.body).toBe(errorcode);
  });
});

describe('a 400 names each bad field and its rule', () => {
  it('one field or several, never a bare "expected string, received undefined"', async () => {
    const missing = await send('verifyPasswordCall', { userId: demo.userId }, demo.cookie);
    expect(missing.json()).toEqual({ errorcode: -400, message: 'password: required' });
    const several = await send('addUserShipmentAddressCall', { ...(await newContact(demo, 'Bad')), city: 'x'.repeat(256), zipcode: '123' }, demo.cookie);
    expect(several.statusCode).toBe(400);
    expect(several.json().message).toBe('city: Too long; zipcode: Enter the correct format');
    const typed = await send('getUserMessageCall', { user_id: demo.userId, start: 'soon' }, demo.cookie);
    expect(typed.json()).toEqual({ errorcode: -400, message: 'start: must be a number' });
    const kind = await send('lockerEventCall', { type: 'lost', hubId: 'hub' });
    expect(kind.json()).toEqual({ errorcode: -400, message: "type: must be one of 'delivered', 'picked_up'" });
  });

  it('keeps a message that already names its field', async () => {
    const response = await send('genCode128Call', { pcode: 'x'.repeat(33) });
    expect(response.json()).toEqual({ errorcode: -400, message: 'pcode: at most 32 characters' });
  });
});
