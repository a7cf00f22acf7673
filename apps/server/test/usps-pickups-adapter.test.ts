import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { carrierPickupDates, stateTimeZone } from '@airbox/contract';
import { PICKUP_SERVER_MESSAGES } from '../src/modules/pickups/pickups.service.js';
import { USPS_ANSWER_LOST_NOTE, uspsAlreadyBooked } from '../src/modules/pickups/usps-pickups.service.js';
import { createUspsPickupsAdapter } from '../src/providers/usps/usps-pickups-adapter.js';
import { UspsError, type UspsPickupRequest, type UspsPickupsProvider } from '../src/providers/usps/usps-pickups-provider.js';
import { FakeHttpServer, type Json } from './fake-http-server.js';
import { buildTestApp, describeOnce, postForm, type TestApp, useTestDatabase } from './helper.js';
import { newCustomer } from './ledger-fixtures.js';
import { insertShipment, uspsPickupForm } from './shipment-fixtures.js';

/**
 * A local server answering as USPS's REST APIs document it (OAuth 2.0 3.0 and Carrier Pickup
 * 3.1 OpenAPI): POST /oauth2/v3/token (form-encoded client credentials → access_token,
 * expires_in), GET /pickup/v3/carrier-pickup/eligibility (the standardized PickupAddress, or 400
 * for an address it does not collect at), POST /pickup/v3/carrier-pickup (PickupConfirmation
 * with an ETag header), GET /pickup/v3/carrier-pickup/{n} (a list of one, with its ETag), PUT and
 * DELETE with If-Match, errors as {apiVersion, error: {code, message, errors}}.
 *
 * It answers in either of the two shapes USPS documents (`shape`): 'openapi' as above, or
 * 'examples' as the answers in USPS's api-examples README: eligibility wrapped in
 * {"pickupAddress": …}, a schedule, an inquiry and an update as one flat object (no
 * carrierPickupRequest, not a list), counts and the weight as strings, a row for every package
 * type (zero when none), the phone as contact `phone`, and the update's answer with the README's
 * misspelt address keys (streetAdress, ZIPLus4). Its errors use only the OpenAPI's codes
 * (`errorCodes` 'openapi': 400, 401, 403, 429 with Retry-After, 503; a missing or cancelled
 * pickup is 400 020015 "Case number not found." and a second pickup at one address and date 400
 * 020001 "Pickup already exists for this address.", both from USPS's error list; a stale ETag a
 * 400 naming the If-Match, wording USPS does not document), or plain HTTP's (`errorCodes`
 * 'http': 404, 412), which the adapter was first written against.
 */
const CLIENT_ID = 'usps-consumer-key';
const CLIENT_SECRET = 'usps-consumer-secret';

interface FakePickup {
  pickupDate: string;
  carrierPickupRequest: Json;
  etag: string;
  cancelled: boolean;
}

interface SentPickup {
  pickupDate: string;
  pickupAddress: {
    firstName?: string;
    lastName?: string;
    firm?: string;
    address: { streetAddress: string; secondaryAddress?: string; city: string; state: string; ZIPCode: string };
    contact: { email?: string; cellNumber?: string }[];
  };
  packages: { packageType: string; packageCount: number }[];
  estimatedWeight: number;
  pickupLocation: { packageLocation: string; specialInstructions?: string };
}

const PACKAGE_TYPES = ['FIRST-CLASS_PACKAGE_SERVICE', 'PRIORITY_MAIL_EXPRESS', 'PRIORITY_MAIL', 'RETURNS', 'USPS_GROUND_ADVANTAGE', 'INTERNATIONAL', 'OTHER'];
/** The rows of every answer in USPS's README examples, in its order (it lists no USPS_GROUND_ADVANTAGE). */
const EXAMPLE_PACKAGE_TYPES = ['FIRST-CLASS_PACKAGE_SERVICE', 'PRIORITY_MAIL_EXPRESS', 'PRIORITY_MAIL', 'RETURNS', 'INTERNATIONAL', 'OTHER'];
const LOCATIONS = ['FRONT_DOOR', 'BACK_DOOR', 'SIDE_DOOR', 'KNOCK_ON_DOOR', 'MAIL_ROOM', 'OFFICE', 'PORCH', 'RECEPTION', 'MAILBOX', 'OTHER'];

const errorBody = (status: number, message: string, detail?: string, code = '010001') => ({
  apiVersion: '3.1.3',
  error: { code: String(status), message, errors: detail ? [{ status: String(status), code, title: message, detail }] : [] },
});

const upper = (value: unknown) => (typeof value === 'string' && value ? value.toUpperCase() : null);

class FakeUsps extends FakeHttpServer {
  tokenRequests: { headers: IncomingHttpHeaders; body: string }[] = [];
  requests: { method: string; path: string; query: URLSearchParams; headers: IncomingHttpHeaders; body: unknown }[] = [];
  failures: { status: number; body: string; headers: Record<string, string> }[] = [];
  pickups = new Map<string, FakePickup>();
  scheduled = 0;
  validTokens = new Set<string>();
  issued = 0;
  /** Every token refused, new ones too (a revoked app). */
  refuseEveryToken = false;
  tokenLifetimeSeconds: number | undefined = 28_799;
  /** How long the token endpoint takes to answer, so concurrent callers overlap. */
  tokenDelayMs = 0;
  /** How long an API call takes to answer. */
  apiDelayMs = 0;
  /** The shape of USPS's answers: its OpenAPI's, or its README examples'. */
  shape: 'openapi' | 'examples' = 'openapi';
  /** How a missing pickup and a stale ETag are refused: with the OpenAPI's codes (400), or 404 and 412. */
  errorCodes: 'openapi' | 'http' = 'openapi';
  /** Examples shape: only the README's package rows, which name no USPS_GROUND_ADVANTAGE (not even one that was sent). */
  onlyExampleRows = false;
  /** The next schedules' connections drop before their answer: after the pickup is booked, or before. */
  lostSchedules: ('after-booking' | 'before-booking')[] = [];
  /**
   * Counts the resets: a request still waiting out its delay when its test ended is dropped
   * after it, not handled in the next test (where it took that test's lost schedule or booked a
   * pickup of its own when that test began within the delay).
   */
  private tests = 0;

  /** Waits `ms`; answers whether the test that made the request is still the one running. */
  private async delay(ms: number): Promise<boolean> {
    const test = this.tests;
    if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
    return test === this.tests;
  }

  reset() {
    this.tests += 1;
    this.tokenRequests = [];
    this.requests = [];
    this.failures = [];
    this.pickups.clear();
    this.refuseEveryToken = false;
    this.tokenLifetimeSeconds = 28_799;
    this.tokenDelayMs = 0;
    this.apiDelayMs = 0;
    this.shape = 'openapi';
    this.errorCodes = 'openapi';
    this.lostSchedules = [];
    this.onlyExampleRows = false;
  }

  /** The tokens handed out so far stop working (expired early, or revoked). */
  revokeTokens() {
    this.validTokens.clear();
  }

  failNext(status: number, body: unknown, headers: Record<string, string> = {}) {
    this.failures.push({ status, body: typeof body === 'string' ? body : JSON.stringify(body), headers });
  }

  /** The pickups USPS holds, not cancelled. */
  livePickups() {
    return [...this.pickups.values()].filter((pickup) => !pickup.cancelled);
  }

  private etagOf(pickup: Omit<FakePickup, 'etag'>, version: number) {
    return `"${createHash('sha1').update(JSON.stringify(pickup)).update(String(version)).digest('hex')}"`;
  }

  /** A PickupConfirmation as the OpenAPI gives it, or as USPS's README examples show it. */
  private confirmation(confirmationNumber: string, pickup: FakePickup, options: { list?: boolean; misspelt?: boolean } = {}): unknown {
    if (this.shape === 'openapi') {
      const answer = { confirmationNumber, pickupDate: pickup.pickupDate, carrierPickupRequest: pickup.carrierPickupRequest };
      return options.list ? [answer] : answer;
    }
    const sent = pickup.carrierPickupRequest as unknown as SentPickup;
    const { address } = sent.pickupAddress;
    const counts = new Map(sent.packages.map((pack) => [pack.packageType, pack.packageCount]));
    const sentTypes = this.onlyExampleRows ? [] : sent.packages.map((pack) => pack.packageType).filter((type) => !EXAMPLE_PACKAGE_TYPES.includes(type));
    const types = [...EXAMPLE_PACKAGE_TYPES, ...sentTypes];
    return {
      confirmationNumber,
      pickupAddress: {
        firstName: upper(sent.pickupAddress.firstName),
        lastName: upper(sent.pickupAddress.lastName),
        firm: upper(sent.pickupAddress.firm),
        address: options.misspelt
          ? { streetAdress: upper(address.streetAddress), secondaryAddress: upper(address.secondaryAddress), city: upper(address.city), state: address.state, ZIPCode: address.ZIPCode, ZIPLus4: '2506', urbanization: null }
          : { streetAddress: upper(address.streetAddress), secondaryAddress: upper(address.secondaryAddress), city: upper(address.city), state: address.state, ZIPCode: address.ZIPCode, ZIPPlus4: '2506', urbanization: null },
        contact: [{ email: upper(sent.pickupAddress.contact.find((method) => method.email)?.email) }, { phone: sent.pickupAddress.contact.find((method) => method.cellNumber)?.cellNumber ?? null, extension: null }],
      },
      packages: types.map((packageType) => ({ packageType, packageCount: String(counts.get(packageType) ?? 0) })),
      estimatedWeight: String(sent.estimatedWeight),
      pickupLocation: { packageLocation: sent.pickupLocation.packageLocation, specialInstructions: upper(sent.pickupLocation.specialInstructions) },
      pickupDate: pickup.pickupDate,
    };
  }

  protected async handle(request: IncomingMessage, response: ServerResponse, raw: string) {
    const url = new URL(request.url ?? '/', this.base);
    const method = request.method ?? 'GET';
    const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(payload === undefined ? '' : JSON.stringify(payload));
    };
    const fail = (status: number, message: string, detail?: string, code?: string) => send(status, errorBody(status, message, detail, code));

    if (method === 'POST' && url.pathname === '/oauth2/v3/token') {
      this.tokenRequests.push({ headers: request.headers, body: raw });
      if (!(await this.delay(this.tokenDelayMs))) return void response.socket?.destroy();
      const form = new URLSearchParams(raw);
      if (form.get('grant_type') !== 'client_credentials' || form.get('client_id') !== CLIENT_ID || form.get('client_secret') !== CLIENT_SECRET) {
        return send(401, { error: 'invalid_client', error_description: 'Client credentials are invalid.' });
      }
      this.issued += 1;
      const token = `usps-token-${this.issued}`;
      this.validTokens.add(token);
      return send(200, {
        access_token: token,
        token_type: 'Bearer',
        issued_at: Date.now(),
        ...(this.tokenLifetimeSeconds === undefined ? {} : { expires_in: this.tokenLifetimeSeconds }),
        status: 'approved',
        scope: 'addresses tracking labels pickup prices',
        issuer: 'api.usps.com',
        client_id: CLIENT_ID,
        application_name: 'AirBox portal',
      });
    }

    const body = raw ? (JSON.parse(raw) as Json) : undefined;
    this.requests.push({ method, path: url.pathname, query: url.searchParams, headers: request.headers, body });
    if (!(await this.delay(this.apiDelayMs))) return void response.socket?.destroy();
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (this.refuseEveryToken || !token || !this.validTokens.has(token)) {
      response.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer realm="https://api.usps.com"' });
      return response.end(JSON.stringify(errorBody(401, 'Unauthorized request.', 'The access token is invalid or has expired.')));
    }
    const failure = this.failures.shift();
    if (failure) {
      response.writeHead(failure.status, { 'content-type': failure.body.startsWith('{') || failure.body.startsWith('[') ? 'application/json' : 'text/html', ...failure.headers });
      return response.end(failure.body);
    }

    if (method === 'GET' && url.pathname === '/pickup/v3/carrier-pickup/eligibility') {
      const query = url.searchParams;
      if (!query.get('streetAddress') || !query.get('city') || !query.get('state')) return fail(400, 'OASValidation failed.', 'streetAddress, city and state are required.');
      if (query.get('ZIPCode') === '00000') return fail(400, 'Bad Request.', 'The address is not eligible for Carrier Pickup.');
      const address = {
        streetAddress: upper(query.get('streetAddress')),
        secondaryAddress: upper(query.get('secondaryAddress')),
        city: upper(query.get('city')),
        state: upper(query.get('state')),
        ZIPCode: query.get('ZIPCode') ?? '94107',
        ZIPPlus4: '2506',
      };
      if (this.shape === 'examples') {
        return send(200, {
          pickupAddress: { firstName: null, lastName: null, firm: null, address: { ...address, urbanization: null }, contact: [{ eMail: null }, { phone: null, extension: null }] },
        });
      }
      const { secondaryAddress, ...rest } = address;
      return send(200, { address: { ...rest, ...(secondaryAddress ? { secondaryAddress } : {}) }, contact: [] });
    }

    if (method === 'POST' && url.pathname === '/pickup/v3/carrier-pickup') {
      const lost = this.lostSchedules.shift();
      if (lost === 'before-booking') return void response.socket?.destroy();
      const problem = this.scheduleProblem(body);
      if (problem) return fail(400, 'Bad Request.', problem, '020003');
      const sent = body as unknown as SentPickup;
      const sameAddress = (pickup: FakePickup) => {
        const held = (pickup.carrierPickupRequest as unknown as SentPickup).pickupAddress.address;
        return held.streetAddress.toUpperCase() === sent.pickupAddress.address.streetAddress.toUpperCase() && held.ZIPCode === sent.pickupAddress.address.ZIPCode;
      };
      if (this.livePickups().some((pickup) => pickup.pickupDate === sent.pickupDate && sameAddress(pickup))) {
        return fail(400, 'Bad Request.', 'Pickup already exists for this address.', '020001');
      }
      this.scheduled += 1;
      const confirmationNumber = `WTC${String(64_740_633 + this.scheduled).padStart(8, '0')}`;
      const pickup = { pickupDate: String(body?.pickupDate), carrierPickupRequest: body!, cancelled: false };
      const stored = { ...pickup, etag: this.etagOf(pickup, 1) };
      this.pickups.set(confirmationNumber, stored);
      if (lost === 'after-booking') return void response.socket?.destroy();
      return send(200, this.confirmation(confirmationNumber, stored), { etag: stored.etag });
    }

    const pickupPath = /^\/pickup\/v3\/carrier-pickup\/([^/]+)$/.exec(url.pathname);
    if (pickupPath) {
      const confirmationNumber = decodeURIComponent(pickupPath[1]!);
      const pickup = this.pickups.get(confirmationNumber);
      if (!pickup || pickup.cancelled) {
        if (this.errorCodes === 'http') return fail(404, 'Not Found.', `No carrier pickup ${confirmationNumber} was found.`);
        return fail(400, 'Bad Request.', 'Case number not found.', '020015');
      }
      if (method === 'GET') return send(200, this.confirmation(confirmationNumber, pickup, { list: true }), { etag: pickup.etag });
      const ifMatch = request.headers['if-match'];
      if (!ifMatch) return fail(400, 'Bad Request.', 'The If-Match header is required.');
      if (ifMatch !== pickup.etag) {
        if (this.errorCodes === 'http') return fail(412, 'Precondition Failed.', 'The ETag does not match the current version of the carrier pickup.');
        return fail(400, 'Bad Request.', 'The If-Match ETag does not match the current version of the carrier pickup.');
      }
      if (method === 'PUT') {
        const update = body as { pickupDate?: string; carrierPickupRequest?: Json; confirmationNumber?: string };
        if (update.confirmationNumber !== undefined) return fail(400, 'Bad Request.', 'confirmationNumber is read-only.');
        const problem = this.scheduleProblem(update.carrierPickupRequest);
        if (problem) return fail(400, 'Bad Request.', problem, '020003');
        const changed = { pickupDate: String(update.pickupDate), carrierPickupRequest: update.carrierPickupRequest!, cancelled: false };
        Object.assign(pickup, changed, { etag: this.etagOf(changed, 2 + this.requests.length) });
        return send(200, this.confirmation(confirmationNumber, pickup, { misspelt: true }), { etag: pickup.etag });
      }
      if (method === 'DELETE') {
        pickup.cancelled = true;
        return send(200, undefined);
      }
    }
    return fail(404, 'Not Found.');
  }

  /** What USPS's request validation would say of a SchedulePickupRequest, or null. */
  private scheduleProblem(body: Json | undefined): string | null {
    const request = body as
      | { pickupDate?: string; pickupAddress?: { address?: Json; contact?: Json[] }; packages?: { packageType?: string; packageCount?: number }[]; estimatedWeight?: number; pickupLocation?: { packageLocation?: string; specialInstructions?: string } }
      | undefined;
    if (!request?.pickupDate || !/^\d{4}-\d{2}-\d{2}$/.test(request.pickupDate)) return 'pickupDate is required (YYYY-MM-DD).';
    if (new Date(`${request.pickupDate}T00:00:00Z`).getUTCDay() === 0) return 'Carrier Pickup is not available on Sundays.';
    if (!request.pickupAddress?.address || !request.pickupAddress.contact?.length) return 'pickupAddress with an address and a contact is required.';
    if (!request.packages?.length || request.packages.some((pack) => !PACKAGE_TYPES.includes(String(pack.packageType)) || !Number.isInteger(pack.packageCount))) return 'packages are not valid.';
    if (typeof request.estimatedWeight !== 'number') return 'estimatedWeight is required.';
    const location = request.pickupLocation;
    if (!location || !LOCATIONS.includes(String(location.packageLocation))) return 'pickupLocation.packageLocation is not valid.';
    if (location.packageLocation === 'OTHER' && !location.specialInstructions) return 'specialInstructions are required with OTHER.';
    return null;
  }
}

const usps = new FakeUsps();
beforeAll(() => usps.start());
afterAll(() => usps.stop());
beforeEach(() => usps.reset());

/** Monday 2026-11-23, 09:00 in Chicago; tests move it. */
const START = Date.parse('2026-11-23T15:00:00Z');
let now = START;
beforeEach(() => {
  now = START;
});

/** How long the adapter waited before asking again (Retry-After), in ms. */
let waits: number[] = [];
beforeEach(() => {
  waits = [];
});

const adapter = (options: { clientSecret?: string; timeoutMs?: number } = {}): UspsPickupsProvider =>
  createUspsPickupsAdapter({
    clientId: CLIENT_ID,
    clientSecret: options.clientSecret ?? CLIENT_SECRET,
    apiBase: usps.base,
    timeoutMs: options.timeoutMs ?? 5_000,
    clock: () => new Date(now),
    sleep: (ms: number) => {
      waits.push(ms);
      return Promise.resolve();
    },
  });

const ADDRESS = { firm: 'AirBox', streetAddress: '388 Townsend St', secondaryAddress: 'Apt 20', city: 'San Francisco', state: 'CA', zip5: '94107' };

const REQUEST: UspsPickupRequest = {
  address: { ...ADDRESS, firstName: 'Jack', lastName: 'Sparrow', phone: '4155550123', email: 'jack@example.com' },
  pickupDate: '2026-11-24',
  packages: [
    { serviceType: 'Priority Mail', count: 1 },
    { serviceType: 'Parcel Select Ground', count: 2 },
  ],
  estimatedWeight: 3.5,
  packageLocation: 'Front Door',
  specialInstructions: 'Ring twice',
};

/** What USPS holds of REQUEST, in its words, whatever the shape of its answer. */
const REQUEST_BOOKED = {
  pickupDate: '2026-11-24',
  dayOfWeek: 'Tuesday',
  packages: [
    { packageType: 'PRIORITY_MAIL', count: 1 },
    { packageType: 'USPS_GROUND_ADVANTAGE', count: 2 },
  ],
  estimatedWeight: 3.5,
  packageLocation: 'FRONT_DOOR',
};

const apiRequests = (path: string) => usps.requests.filter((request) => request.path === path);

describeOnce('USPS tokens', () => {
  it('takes one token, by client credentials, for several calls made at once, and keeps it for the next ones', async () => {
    usps.tokenDelayMs = 100;
    const carrier = adapter();
    const answers = await Promise.all(Array.from({ length: 5 }, () => carrier.checkEligibility(ADDRESS)));
    expect(answers.every((answer) => answer.eligible)).toBe(true);
    expect(usps.tokenRequests).toHaveLength(1);
    const [tokenRequest] = usps.tokenRequests;
    expect(tokenRequest?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(tokenRequest?.body))).toEqual({ grant_type: 'client_credentials', client_id: CLIENT_ID, client_secret: CLIENT_SECRET });
    expect(usps.requests).toHaveLength(5);
    expect(new Set(usps.requests.map((request) => request.headers.authorization)).size).toBe(1);
    expect(usps.requests[0]?.headers.authorization).toMatch(/^Bearer usps-token-\d+$/);
    await carrier.checkEligibility(ADDRESS);
    expect(usps.tokenRequests).toHaveLength(1);
  });

  it('asks for a new token a minute before the kept one expires, not earlier', async () => {
    usps.tokenLifetimeSeconds = 3_600;
    const carrier = adapter();
    await carrier.checkEligibility(ADDRESS);
    now += (3_600 - 61) * 1000;
    await carrier.checkEligibility(ADDRESS);
    expect(usps.tokenRequests).toHaveLength(1);
    now += 2_000;
    await carrier.checkEligibility(ADDRESS);
    expect(usps.tokenRequests).toHaveLength(2);
    const [first, second] = [usps.requests[1]?.headers.authorization, usps.requests[2]?.headers.authorization];
    expect(second).not.toBe(first);
  });

  it('keeps a token answered without expires_in for an hour, less the minute of margin', async () => {
    usps.tokenLifetimeSeconds = undefined;
    const carrier = adapter();
    await carrier.checkEligibility(ADDRESS);
    now += 58 * 60 * 1000;
    await carrier.checkEligibility(ADDRESS);
    expect(usps.tokenRequests).toHaveLength(1);
    now += 2 * 60 * 1000;
    await carrier.checkEligibility(ADDRESS);
    expect(usps.tokenRequests).toHaveLength(2);
  });

  it('gets a new token once when a call is refused with 401, and makes the call again with it', async () => {
    const carrier = adapter();
    await carrier.checkEligibility(ADDRESS);
    usps.revokeTokens();
    usps.tokenDelayMs = 50;
    const [first, second, unknown] = await Promise.all([carrier.checkEligibility(ADDRESS), carrier.checkEligibility(ADDRESS), carrier.inquire('WTC00000000')]);
    expect([first.eligible, second.eligible, unknown]).toEqual([true, true, null]);
    // Three refusals of the same token: one new token for the three.
    expect(usps.tokenRequests).toHaveLength(2);
    const refused = usps.requests[0]?.headers.authorization;
    const renewed = `Bearer usps-token-${usps.issued}`;
    expect(renewed).not.toBe(refused);
    expect(usps.requests.slice(1).map((request) => request.headers.authorization).sort()).toEqual([refused, refused, refused, renewed, renewed, renewed]);
  });

  it('says a token refused again after the refresh is UNAUTHORIZED, without trying a third time', async () => {
    usps.refuseEveryToken = true;
    const failure = await adapter()
      .checkEligibility(ADDRESS)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(UspsError);
    expect(failure).toMatchObject({ code: 'UNAUTHORIZED', retryable: false, description: 'Unauthorized request: The access token is invalid or has expired.' });
    expect(usps.requests).toHaveLength(2);
    expect(usps.tokenRequests).toHaveLength(2);
  });

  it('says refused client credentials are UNAUTHORIZED and calls no API with them', async () => {
    const failure = await adapter({ clientSecret: 'wrong' })
      .schedule(REQUEST)
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'UNAUTHORIZED', retryable: false, description: 'The USPS token request was refused: Client credentials are invalid.' });
    expect((failure as Error).message).not.toContain('wrong');
    expect(usps.requests).toHaveLength(0);
  });
});

describeOnce('USPS carrier pickup eligibility', () => {
  it('sends the address as query and answers USPS’s standard form with the first date a carrier can come', async () => {
    const answer = await adapter().checkEligibility(ADDRESS);
    const [call] = usps.requests;
    expect(call?.method).toBe('GET');
    expect(call?.path).toBe('/pickup/v3/carrier-pickup/eligibility');
    expect(Object.fromEntries(call!.query)).toEqual({ streetAddress: '388 Townsend St', secondaryAddress: 'Apt 20', city: 'San Francisco', state: 'CA', ZIPCode: '94107' });
    expect(call?.headers.accept).toBe('application/json');
    // Monday 09:00 in Chicago: past 2:00 AM, so Tuesday.
    expect(answer).toEqual({
      eligible: true,
      address: { firm: 'AirBox', streetAddress: '388 TOWNSEND ST', secondaryAddress: 'APT 20', city: 'SAN FRANCISCO', state: 'CA', zip5: '94107', zipPlus4: '2506' },
      date: '2026-11-24',
      dayOfWeek: 'Tuesday',
    });
  });

  it('answers the first date by USPS’s 2:00 AM Central rule: the same day before it, never a Sunday', async () => {
    now = Date.parse('2026-11-24T07:59:00Z'); // Tuesday 01:59 in Chicago
    expect(await adapter().checkEligibility(ADDRESS)).toMatchObject({ date: '2026-11-24', dayOfWeek: 'Tuesday' });
    now = Date.parse('2026-11-28T09:00:00Z'); // Saturday 03:00 in Chicago
    expect(await adapter().checkEligibility(ADDRESS)).toMatchObject({ date: '2026-11-30', dayOfWeek: 'Monday' });
  });

  it('answers an address USPS does not collect at as not eligible, with USPS’s words', async () => {
    expect(await adapter().checkEligibility({ ...ADDRESS, zip5: '00000' })).toEqual({
      eligible: false,
      description: 'Bad Request: The address is not eligible for Carrier Pickup.',
    });
  });

  it('refuses a malformed address before asking USPS', async () => {
    await expect(adapter().checkEligibility({ ...ADDRESS, zip5: '9410' })).rejects.toMatchObject({ code: 'INVALID_REQUEST', description: 'The ZIP Code must be 5 digits.' });
    await expect(adapter().checkEligibility({ ...ADDRESS, state: 'California' })).rejects.toMatchObject({ code: 'INVALID_REQUEST' });
    expect(usps.tokenRequests).toHaveLength(0);
    expect(usps.requests).toHaveLength(0);
  });
});

describeOnce('USPS carrier pickups', () => {
  it('schedules a pickup in USPS’s words and answers its confirmation number, date, day and ETag', async () => {
    const pickup = await adapter().schedule(REQUEST);
    const [call] = apiRequests('/pickup/v3/carrier-pickup');
    expect(call?.method).toBe('POST');
    expect(call?.headers['content-type']).toBe('application/json');
    expect(call?.body).toEqual({
      pickupDate: '2026-11-24',
      pickupAddress: {
        firstName: 'Jack',
        lastName: 'Sparrow',
        firm: 'AirBox',
        address: { streetAddress: '388 Townsend St', secondaryAddress: 'Apt 20', city: 'San Francisco', state: 'CA', ZIPCode: '94107' },
        contact: [{ email: 'jack@example.com' }, { cellNumber: '4155550123' }],
      },
      packages: [
        { packageType: 'PRIORITY_MAIL', packageCount: 1 },
        { packageType: 'USPS_GROUND_ADVANTAGE', packageCount: 2 },
      ],
      estimatedWeight: 3.5,
      pickupLocation: { packageLocation: 'FRONT_DOOR', specialInstructions: 'Ring twice' },
    });
    expect(pickup).toEqual({
      ...REQUEST_BOOKED,
      confirmationNumber: expect.stringMatching(/^WTC\d{8}$/),
      address: { ...REQUEST.address },
      specialInstructions: 'Ring twice',
      eTag: usps.pickups.get(pickup.confirmationNumber)?.etag,
    });
    expect(pickup.eTag).toMatch(/^"[0-9a-f]{40}"$/);
  });

  it('says where a locker is (USPS has no such location) and counts packages of one service together', async () => {
    await adapter().schedule({
      ...REQUEST,
      packages: [
        { serviceType: 'Express Mail', count: 1 },
        { serviceType: 'Priority Mail Express', count: 1 },
      ],
      packageLocation: 'Locker',
      specialInstructions: undefined,
    });
    expect(apiRequests('/pickup/v3/carrier-pickup')[0]?.body).toMatchObject({
      packages: [{ packageType: 'PRIORITY_MAIL_EXPRESS', packageCount: 2 }],
      pickupLocation: { packageLocation: 'OTHER', specialInstructions: 'Locker' },
    });
  });

  it.each([
    ['openapi', 'http', 412, 404],
    ['openapi', 'openapi', 400, 400],
    ['examples', 'openapi', 400, 400],
    ['examples', 'http', 412, 404],
  ] as const)(
    'reads a pickup back with its ETag, updates it with If-Match, refuses the spent ETag, and cancels it (answers as USPS’s %s, errors as %s)',
    async (shape, errorCodes, staleStatus, missingStatus) => {
      usps.shape = shape;
      usps.errorCodes = errorCodes;
      const carrier = adapter();
      const scheduled = await carrier.schedule(REQUEST);
      const read = await carrier.inquire(scheduled.confirmationNumber);
      expect(read).toEqual({ ...scheduled, address: { ...scheduled.address } });
      const path = `/pickup/v3/carrier-pickup/${scheduled.confirmationNumber}`;
      expect(apiRequests(path).at(-1)?.method).toBe('GET');

      const updated = await carrier.update(scheduled.confirmationNumber, read!.eTag!, { ...REQUEST, pickupDate: '2026-11-25', packageLocation: 'Back Door', estimatedWeight: 5 });
      const put = apiRequests(path).at(-1);
      expect(put?.method).toBe('PUT');
      expect(put?.headers['if-match']).toBe(read!.eTag);
      expect(put?.body).toMatchObject({ pickupDate: '2026-11-25', carrierPickupRequest: { pickupDate: '2026-11-25', estimatedWeight: 5, pickupLocation: { packageLocation: 'BACK_DOOR' } } });
      expect(updated).toMatchObject({ confirmationNumber: scheduled.confirmationNumber, pickupDate: '2026-11-25', dayOfWeek: 'Wednesday', packageLocation: 'BACK_DOOR', estimatedWeight: 5 });
      expect(updated.eTag).not.toBe(read!.eTag);

      const stale = await carrier.update(scheduled.confirmationNumber, read!.eTag!, REQUEST).catch((error: unknown) => error);
      expect(stale).toMatchObject({ code: 'PRECONDITION_FAILED', retryable: false, details: { statusCode: staleStatus } });
      await expect(carrier.cancel(scheduled.confirmationNumber, read!.eTag!)).rejects.toMatchObject({ code: 'PRECONDITION_FAILED' });

      const current = await carrier.inquire(scheduled.confirmationNumber);
      expect(current?.eTag).toBe(updated.eTag);
      expect(current).toMatchObject({ pickupDate: '2026-11-25', packageLocation: 'BACK_DOOR', estimatedWeight: 5 });
      await carrier.cancel(scheduled.confirmationNumber, current!.eTag!);
      const deleted = apiRequests(path).at(-1);
      expect(deleted).toMatchObject({ method: 'DELETE', body: undefined });
      expect(deleted?.headers['if-match']).toBe(current!.eTag);
      expect(await carrier.inquire(scheduled.confirmationNumber)).toBeNull();
      await expect(carrier.cancel(scheduled.confirmationNumber, current!.eTag!)).rejects.toMatchObject({ code: 'NOT_FOUND', details: { statusCode: missingStatus } });
    },
  );

  it('answers null for a confirmation number USPS does not know, and asks nothing for one that cannot be USPS’s', async () => {
    expect(await adapter().inquire('WTC99999999')).toBeNull();
    expect(usps.requests).toHaveLength(1);
    expect(await adapter().inquire('../oauth2/v3/token')).toBeNull();
    await expect(adapter().cancel('WTC1 2', '"etag"')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(adapter().cancel('WTC12345678', 'bad\r\netag')).rejects.toMatchObject({ code: 'PRECONDITION_FAILED' });
    expect(usps.requests).toHaveLength(1);
  });

  it('refuses a request USPS would refuse before sending it: a phone that is not 10 digits, no package, an unknown location', async () => {
    const carrier = adapter();
    await expect(carrier.schedule({ ...REQUEST, address: { ...REQUEST.address, phone: '555-0123' } })).rejects.toMatchObject({ code: 'INVALID_REQUEST', description: 'The phone number must be 10 digits.' });
    await expect(carrier.schedule({ ...REQUEST, packages: [] })).rejects.toMatchObject({ code: 'INVALID_REQUEST' });
    await expect(carrier.schedule({ ...REQUEST, packageLocation: 'Roof' as UspsPickupRequest['packageLocation'] })).rejects.toMatchObject({ code: 'INVALID_REQUEST' });
    await expect(carrier.schedule({ ...REQUEST, specialInstructions: 'x'.repeat(121) })).rejects.toMatchObject({ code: 'INVALID_REQUEST' });
    expect(usps.requests).toHaveLength(0);
  });
});

describeOnce('USPS errors', () => {
  it('answers USPS’s own text of a refused schedule (400) as INVALID_REQUEST', async () => {
    const failure = await adapter()
      .schedule({ ...REQUEST, pickupDate: '2026-11-29' })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(UspsError);
    expect(failure).toMatchObject({ code: 'INVALID_REQUEST', retryable: false, description: 'Bad Request: Carrier Pickup is not available on Sundays.', details: { statusCode: 400, providerCode: '020003' } });
  });

  it('says an address USPS refuses for carrier pickup at scheduling is NOT_ELIGIBLE', async () => {
    usps.failNext(400, errorBody(400, 'Bad Request.', 'The address is not eligible for Carrier Pickup.'));
    await expect(adapter().schedule(REQUEST)).rejects.toMatchObject({ code: 'NOT_ELIGIBLE', description: 'Bad Request: The address is not eligible for Carrier Pickup.' });
  });

  it.each([
    [403, 'UNAUTHORIZED', false, errorBody(403, 'Access is denied.'), 'Access is denied.'],
    [404, 'NOT_FOUND', false, errorBody(404, 'Not Found.'), 'Not Found.'],
    [412, 'PRECONDITION_FAILED', false, errorBody(412, 'Precondition Failed.'), 'Precondition Failed.'],
    [422, 'INVALID_REQUEST', false, errorBody(422, 'Unprocessable.', 'estimatedWeight must be positive.'), 'Unprocessable: estimatedWeight must be positive.'],
    [429, 'RATE_LIMITED', true, errorBody(429, 'Too Many Requests.'), 'Too Many Requests.'],
    [500, 'UNAVAILABLE', true, errorBody(500, 'Internal Server Error.'), 'Internal Server Error.'],
    [503, 'UNAVAILABLE', true, '<html>Service Unavailable</html>', 'HTTP 503'],
  ] as const)('maps HTTP %i to %s (retryable: %s) with USPS’s text', async (status, code, retryable, body, description) => {
    const carrier = adapter();
    const { confirmationNumber, eTag } = await carrier.schedule(REQUEST);
    usps.failNext(status, body);
    const failure = await carrier.update(confirmationNumber, eTag!, REQUEST).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(UspsError);
    expect(failure).toMatchObject({ code, retryable, description, details: { statusCode: status } });
  });

  it('says a malformed answer is UNAVAILABLE, never a crash', async () => {
    const carrier = adapter();
    for (const body of [{ hello: 'world' }, [{ confirmationNumber: 'WTC1', pickupDate: 'tomorrow' }], 'not json']) {
      usps.failNext(200, body);
      const failure = await carrier.inquire('WTC64740634').catch((error: unknown) => error);
      expect(failure).toMatchObject({ code: 'UNAVAILABLE', retryable: true, description: 'USPS answered the inquiry with an unexpected body.' });
    }
    usps.failNext(200, { confirmationNumber: 'WTC64740634', pickupDate: '2026-11-24' });
    await expect(carrier.inquire('WTC64740634')).rejects.toMatchObject({ code: 'UNAVAILABLE', description: 'USPS answered the pickup without its details.' });
    usps.failNext(200, { address: { city: 'SF' } });
    await expect(carrier.checkEligibility(ADDRESS)).rejects.toMatchObject({ code: 'UNAVAILABLE' });
  });

  it('says a token endpoint answering nonsense, failing or too slow is UNAVAILABLE', async () => {
    const closed = createUspsPickupsAdapter({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, apiBase: 'http://127.0.0.1:1', timeoutMs: 1_000 });
    await expect(closed.checkEligibility(ADDRESS)).rejects.toMatchObject({ code: 'UNAVAILABLE', retryable: true });
    usps.tokenDelayMs = 1_000;
    await expect(adapter({ timeoutMs: 200 }).checkEligibility(ADDRESS)).rejects.toMatchObject({ code: 'UNAVAILABLE', description: 'The USPS token request failed (TimeoutError).' });
  });

  it('says a call USPS does not answer in time is UNAVAILABLE (retryable), and the next call works', async () => {
    const carrier = adapter({ timeoutMs: 300 });
    await carrier.checkEligibility(ADDRESS);
    usps.apiDelayMs = 1_000;
    const failure = await carrier.schedule(REQUEST).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'UNAVAILABLE', retryable: true, description: 'USPS POST /pickup/v3/carrier-pickup failed (TimeoutError).' });
    usps.apiDelayMs = 0;
    expect((await carrier.checkEligibility(ADDRESS)).eligible).toBe(true);
  });
});

describeOnce('USPS answering as its own examples show (api-examples README)', () => {
  it('reads an eligibility wrapped in pickupAddress as eligible, with USPS’s standard address', async () => {
    usps.shape = 'examples';
    expect(await adapter().checkEligibility(ADDRESS)).toEqual({
      eligible: true,
      address: { firm: 'AirBox', streetAddress: '388 TOWNSEND ST', secondaryAddress: 'APT 20', city: 'SAN FRANCISCO', state: 'CA', zip5: '94107', zipPlus4: '2506' },
      date: '2026-11-24',
      dayOfWeek: 'Tuesday',
    });
  });

  it('reads a schedule and an inquiry answered as one flat object: counts and weight from strings, no zero rows, the phone from contact phone', async () => {
    usps.shape = 'examples';
    const carrier = adapter();
    const scheduled = await carrier.schedule(REQUEST);
    const expected = {
      ...REQUEST_BOOKED,
      confirmationNumber: scheduled.confirmationNumber,
      address: { firstName: 'JACK', lastName: 'SPARROW', firm: 'AIRBOX', streetAddress: '388 TOWNSEND ST', secondaryAddress: 'APT 20', city: 'SAN FRANCISCO', state: 'CA', zip5: '94107', phone: '4155550123', email: 'JACK@EXAMPLE.COM' },
      specialInstructions: 'RING TWICE',
      eTag: usps.pickups.get(scheduled.confirmationNumber)?.etag,
    };
    expect(scheduled).toEqual(expected);
    expect(await carrier.inquire(scheduled.confirmationNumber)).toEqual(expected);
  });

  it('counts a schedule as booked once its answer holds a confirmation number, whatever else the answer holds', async () => {
    const carrier = adapter();
    const sent = {
      pickupDate: '2026-11-24',
      address: { ...REQUEST.address },
      packages: [
        { packageType: 'PRIORITY_MAIL', count: 1 },
        { packageType: 'USPS_GROUND_ADVANTAGE', count: 2 },
      ],
      estimatedWeight: 3.5,
    };
    const answers: [unknown, string][] = [
      [{ confirmationNumber: 'WTC00000001', pickupDate: '2026-11-24', carrierPickupRequest: { packages: [{ packageType: 'PRIORITY_MAIL', packageCount: 'one' }] } }, 'WTC00000001'],
      [{ confirmationNumber: 'WTC00000002' }, 'WTC00000002'],
      [[{ confirmationNumber: 'WTC00000003', pickupDate: '2026-11-24' }], 'WTC00000003'],
      [{ confirmationNumber: 'WTC00000004', pickupDate: '24/11/2026', pickupAddress: null, estimatedWeight: 'heavy' }, 'WTC00000004'],
    ];
    for (const [answer, confirmationNumber] of answers) {
      usps.failNext(200, answer);
      expect(await carrier.schedule(REQUEST)).toMatchObject({ ...sent, confirmationNumber });
    }
    // No confirmation number: nothing the portal can hold on to (the service keeps the attempt as one whose answer was lost).
    usps.failNext(200, { pickupDate: '2026-11-24' });
    await expect(carrier.schedule(REQUEST)).rejects.toMatchObject({ code: 'UNAVAILABLE', retryable: true });
  });
});

describeOnce('USPS refusals with the OpenAPI’s codes only (400, 401, 403, 429, 503)', () => {
  it('reads 400 “Case number not found.” as no such pickup: an inquiry answers null, a cancel NOT_FOUND', async () => {
    const carrier = adapter();
    expect(await carrier.inquire('WTC99999999')).toBeNull();
    await expect(carrier.cancel('WTC99999999', '"etag"')).rejects.toMatchObject({ code: 'NOT_FOUND', details: { statusCode: 400, providerCode: '020015' } });
    await expect(carrier.update('WTC99999999', '"etag"', REQUEST)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('reads a 400 about the If-Match ETag as a stale ETag (PRECONDITION_FAILED)', async () => {
    const carrier = adapter();
    const { confirmationNumber } = await carrier.schedule(REQUEST);
    await expect(carrier.cancel(confirmationNumber, '"not-the-etag"')).rejects.toMatchObject({ code: 'PRECONDITION_FAILED', retryable: false, details: { statusCode: 400 } });
    expect(usps.livePickups()).toHaveLength(1);
  });

  it('reads 400 020001 “Pickup already exists for this address.” as PICKUP_EXISTS, a refusal', async () => {
    const carrier = adapter();
    await carrier.schedule(REQUEST);
    await expect(carrier.schedule(REQUEST)).rejects.toMatchObject({
      code: 'PICKUP_EXISTS',
      retryable: false,
      description: 'Bad Request: Pickup already exists for this address.',
      details: { statusCode: 400, providerCode: '020001' },
    });
    expect(usps.livePickups()).toHaveLength(1);
  });

  it('waits as long as Retry-After says on 429 (seconds or a date) and asks once more', async () => {
    const carrier = adapter();
    usps.failNext(429, errorBody(429, 'Too Many Requests.'), { 'retry-after': '3' });
    expect((await carrier.checkEligibility(ADDRESS)).eligible).toBe(true);
    expect(waits).toEqual([3_000]);
    usps.failNext(429, errorBody(429, 'Too Many Requests.'), { 'retry-after': new Date(now + 2_000).toUTCString() });
    expect((await carrier.schedule(REQUEST)).confirmationNumber).toMatch(/^WTC/);
    expect(waits).toEqual([3_000, 2_000]);
    expect(apiRequests('/pickup/v3/carrier-pickup')).toHaveLength(2);
    expect(usps.livePickups()).toHaveLength(1);
  });

  it('answers RATE_LIMITED with USPS’s wait when Retry-After is longer than it waits, absent, or USPS refuses again', async () => {
    const carrier = adapter();
    usps.failNext(429, errorBody(429, 'Too Many Requests.'), { 'retry-after': '120' });
    await expect(carrier.checkEligibility(ADDRESS)).rejects.toMatchObject({ code: 'RATE_LIMITED', retryable: true, details: { statusCode: 429, retryAfterSeconds: 120 } });
    expect(waits).toEqual([]);
    usps.failNext(429, errorBody(429, 'Too Many Requests.'));
    await expect(carrier.checkEligibility(ADDRESS)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    expect(waits).toEqual([]);
    usps.failNext(429, errorBody(429, 'Too Many Requests.'), { 'retry-after': '1' });
    usps.failNext(429, errorBody(429, 'Too Many Requests.'), { 'retry-after': '1' });
    await expect(carrier.checkEligibility(ADDRESS)).rejects.toMatchObject({ code: 'RATE_LIMITED', details: { retryAfterSeconds: 1 } });
    expect(waits).toEqual([1_000]);
    expect(apiRequests('/pickup/v3/carrier-pickup/eligibility')).toHaveLength(4);
  });
});

describe('the portal on USPS’s REST API', () => {
  const database = useTestDatabase();
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(database.url(), { uspsPickups: { provider: 'usps', clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, apiBase: usps.base } });
  });
  afterAll(() => t.close());

  type Customer = Awaited<ReturnType<typeof newCustomer>>;
  const FORM_ADDRESS = { address1: '1 Main St', address2: 'Apt 2', city: 'San Francisco', state: 'CA', zip5: '94105' };
  const windowDays = () => carrierPickupDates(t.config.clock(), stateTimeZone('CA'), 'USPS');
  const schedule = (customer: Customer, shipmentId: number, pickupdate: string) =>
    postForm(t.app, '/openapi/USPS/CarrierPickupSchedule', { ...uspsPickupForm(shipmentId, customer.userId, pickupdate), ...FORM_ADDRESS, specialinstructions: 'Ring twice' }, customer.cookie);
  const pickupOf = (shipmentId: number) => t.app.db.selectFrom('pickups').selectAll().where('shipment_id', '=', shipmentId).orderBy('id', 'desc').executeTakeFirstOrThrow();
  const shipmentRow = (id: number) => t.app.db.selectFrom('shipments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const schedules = () => apiRequests('/pickup/v3/carrier-pickup').filter((request) => request.method === 'POST');

  it('checks, schedules, reads, changes and cancels a pickup when USPS answers as its examples show', async () => {
    usps.shape = 'examples';
    const customer = await newCustomer(t.app);
    const label = await insertShipment(t.app.db, customer.userId, { carrier: 'USPS' });
    const availability = await postForm(t.app, '/openapi/USPS/CarrierPickupAvailability', FORM_ADDRESS, customer.cookie);
    expect(availability.json(), availability.body).toMatchObject({ code: 0, data: { CarrierPickupAvailabilityResponse: { Date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) } } });

    const [day, otherDay] = [windowDays().at(-1)!, windowDays().at(-2)!];
    const scheduled = await schedule(customer, label.id, day);
    expect(scheduled.json(), scheduled.body).toMatchObject({ code: 0, data: { Date: day } });
    const confirmation = scheduled.json().data.ConfirmationNumber as string;

    const inquiry = await t.app.inject({ method: 'GET', url: `/openapi/USPS/CarrierPickupInquiry?shipmentDetailsId=${label.id}`, headers: { cookie: customer.cookie } });
    expect(inquiry.json(), inquiry.body).toMatchObject({
      code: 0,
      data: { CarrierPickupInquiryResponse: { ConfirmationNumber: confirmation, Address: '1 MAIN ST', Phone: '4155550101', PackageCount: 1, ServiceType: 'Priority Mail', EstimatedWeight: 2.5, PackageLocation: 'Front Door', Date: day } },
    });

    const changed = await postForm(t.app, '/openapi/USPS/CarrierPickupChange', { shipmentdetailsid: label.id, pickupdate: otherDay, packagelocation: 'Back Door', specialinstructions: 'Gate code 12' }, customer.cookie);
    expect(changed.json(), changed.body).toMatchObject({ code: 0 });
    expect(usps.pickups.get(confirmation)).toMatchObject({ pickupDate: otherDay, carrierPickupRequest: { pickupLocation: { packageLocation: 'BACK_DOOR', specialInstructions: 'Gate code 12' } } });
    expect(await pickupOf(label.id)).toMatchObject({ state: 'scheduled', pickup_date: otherDay });

    const cancelled = await postForm(t.app, '/app/v1/cancelPickup', { shippingdetails_id: label.id }, customer.cookie);
    expect(cancelled.json(), cancelled.body).toMatchObject({ errorcode: 0 });
    expect(usps.pickups.get(confirmation)?.cancelled).toBe(true);
    expect((await pickupOf(label.id)).state).toBe('canceled');
  });

  it('changes a pickup whose USPS record names no package (the examples list no Ground Advantage row) with the portal’s own', async () => {
    usps.shape = 'examples';
    usps.onlyExampleRows = true;
    const customer = await newCustomer(t.app);
    const label = await insertShipment(t.app.db, customer.userId, { carrier: 'USPS' });
    const [day, otherDay] = [windowDays().at(-1)!, windowDays().at(-2)!];
    const scheduled = await postForm(
      t.app,
      '/openapi/USPS/CarrierPickupSchedule',
      { ...uspsPickupForm(label.id, customer.userId, day), ...FORM_ADDRESS, servicetype: 'Parcel Select Ground', phone: '4155550101', specialinstructions: '' },
      customer.cookie,
    );
    expect(scheduled.json(), scheduled.body).toMatchObject({ code: 0 });
    const confirmation = scheduled.json().data.ConfirmationNumber as string;
    const changed = await postForm(t.app, '/openapi/USPS/CarrierPickupChange', { shipmentdetailsid: label.id, pickupdate: otherDay, packagelocation: 'Back Door', specialinstructions: '' }, customer.cookie);
    expect(changed.json(), changed.body).toMatchObject({ code: 0 });
    expect(usps.pickups.get(confirmation)).toMatchObject({ pickupDate: otherDay, carrierPickupRequest: { packages: [{ packageType: 'USPS_GROUND_ADVANTAGE', packageCount: 1 }] } });
  });

  it('keeps a schedule whose answer was lost, and when the customer tries again sends it as it was: USPS keeps the one it booked', async () => {
    const customer = await newCustomer(t.app);
    const label = await insertShipment(t.app.db, customer.userId, { carrier: 'USPS' });
    const [day, otherDay] = [windowDays().at(-1)!, windowDays().at(-2)!];
    usps.lostSchedules = ['after-booking'];
    const lost = await schedule(customer, label.id, day);
    expect(lost.statusCode).toBe(503);
    expect(lost.json()).toEqual({ errorcode: -1, message: 'Service exception!' });
    expect(usps.livePickups()).toHaveLength(1);
    // What was sent is kept, and the label keeps its place: USPS may hold the pickup.
    expect.soft(await pickupOf(label.id)).toMatchObject({ state: 'booking', confirmation: null, note: USPS_ANSWER_LOST_NOTE });
    expect.soft(JSON.parse((await pickupOf(label.id)).usps_request ?? 'null')).toMatchObject({ pickupDate: day });

    // The customer tries again, another day: the request whose answer was lost goes again as it was.
    const again = await schedule(customer, label.id, otherDay);
    expect(schedules()).toHaveLength(2);
    expect(usps.livePickups()).toHaveLength(1);
    expect(schedules()[1]?.body).toEqual(schedules()[0]?.body);
    expect(again.json()).toMatchObject({ code: -1, message: uspsAlreadyBooked(day) });
    expect(await pickupOf(label.id)).toMatchObject({ state: 'failed', note: uspsAlreadyBooked(day) });
    expect((await shipmentRow(label.id)).pickup_note).toBe(uspsAlreadyBooked(day));
  });

  it('books the pickup once when the answer was lost before USPS booked it', async () => {
    const customer = await newCustomer(t.app);
    const label = await insertShipment(t.app.db, customer.userId, { carrier: 'USPS' });
    const day = windowDays().at(-1)!;
    usps.lostSchedules = ['before-booking'];
    expect((await schedule(customer, label.id, day)).statusCode).toBe(503);
    expect(usps.livePickups()).toHaveLength(0);
    expect.soft((await pickupOf(label.id)).state).toBe('booking');

    const again = await schedule(customer, label.id, day);
    expect(again.json(), again.body).toMatchObject({ code: 0, data: { Date: day } });
    const [held] = [...usps.pickups.entries()].filter(([, pickup]) => !pickup.cancelled);
    expect(usps.livePickups()).toHaveLength(1);
    expect(again.json().data.ConfirmationNumber).toBe(held?.[0]);
    expect(await pickupOf(label.id)).toMatchObject({ state: 'scheduled', confirmation: held?.[0], note: '' });
    expect(schedules()[1]?.body).toEqual(schedules()[0]?.body);
  });

  it('sends again an attempt a crash left booking only once it is older than a call can take; one in flight holds the label', async () => {
    const customer = await newCustomer(t.app);
    const label = await insertShipment(t.app.db, customer.userId, { carrier: 'USPS' });
    const day = windowDays().at(-1)!;
    usps.lostSchedules = ['after-booking'];
    await schedule(customer, label.id, day);
    // As a server killed while USPS was asked leaves it: booking, no note.
    await t.app.db.updateTable('pickups').set({ note: '', updated_at: t.config.clock().toISOString() }).where('shipment_id', '=', label.id).execute();
    expect((await schedule(customer, label.id, day)).json()).toMatchObject({ code: -1, message: PICKUP_SERVER_MESSAGES.hasPickup });
    expect(schedules()).toHaveLength(1);
    t.advance(3 * 60_000);
    expect((await schedule(customer, label.id, day)).json()).toMatchObject({ code: -1, message: uspsAlreadyBooked(day) });
    expect(schedules()).toHaveLength(2);
    expect(usps.livePickups()).toHaveLength(1);
  });
});

describe('the app’s USPS pickups provider', () => {
  const database = useTestDatabase();

  it('is the simulator by default', async () => {
    const t = await buildTestApp(database.url());
    try {
      expect(t.app.uspsPickups.name).toBe('simulator');
      expect(await t.app.uspsPickups.checkEligibility(ADDRESS)).toMatchObject({ eligible: true });
      expect(usps.requests).toHaveLength(0);
    } finally {
      await t.close();
    }
  });

  it('is USPS at the configured API base with USPS_PICKUPS_PROVIDER=usps', async () => {
    const t = await buildTestApp(database.url(), { uspsPickups: { provider: 'usps', clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, apiBase: usps.base } });
    try {
      expect(t.app.uspsPickups.name).toBe('usps');
      expect(await t.app.uspsPickups.checkEligibility(ADDRESS)).toMatchObject({ eligible: true, address: { streetAddress: '388 TOWNSEND ST' } });
      expect(usps.requests.at(-1)?.path).toBe('/pickup/v3/carrier-pickup/eligibility');
    } finally {
      await t.close();
    }
  });
});
