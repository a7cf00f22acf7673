import { z } from 'zod';
import { createAccessTokenCache, type IssuedToken } from '../oauth-token-cache.js';
import {
  calendarDay,
  checkUspsAddress,
  checkUspsPickupRequest,
  dayOfWeekOf,
  firstUspsPickupDate,
  type UspsEligibility,
  UspsError,
  type UspsErrorCode,
  type UspsPickup,
  type UspsPickupsProvider,
  type UspsSchedulePickupBody,
  uspsPickupOf,
  uspsPickupRequestBody,
} from './usps-pickups-provider.js';

export interface UspsAdapterConfig {
  /** The app's Consumer Key and Consumer Secret (USPS developer portal). */
  clientId: string;
  clientSecret: string;
  /** https://apis.usps.com, or https://apis-tem.usps.com (USPS's Testing Environment for Mailers), or a local server in tests. */
  apiBase: string;
  /** Per request, the token request included. */
  timeoutMs?: number;
  /** The app's clock: when the kept token expires, the first pickup date, and a Retry-After given as a date. */
  clock?: () => Date;
  /** The longest wait a 429's Retry-After may ask before the call is made once more (10 s); a longer one is RATE_LIMITED at once. */
  maxRetryAfterSeconds?: number;
  /** Waits this long (tests pass one that returns at once). */
  sleep?: (ms: number) => Promise<void>;
}

/** USPS's tokens last eight hours; one answered without expires_in is kept for an hour. */
const DEFAULT_TOKEN_SECONDS = 60 * 60;
const DEFAULT_MAX_RETRY_AFTER_SECONDS = 10;

const wholeNumber = z.union([z.number(), z.string().regex(/^\d+$/).transform(Number)]);

/** A count or a weight as USPS answers it: a number (its OpenAPI), or a numeric string (its examples: "packageCount":"1"). */
const numeric = z.union([z.number(), z.string().trim().regex(/^\d+(\.\d+)?$/).transform(Number)]);

const tokenSchema = z.object({
  access_token: z.string().min(1),
  expires_in: wholeNumber.pipe(z.number().positive()).optional(),
});

const optionalText = z
  .string()
  .nullish()
  .transform((value) => value ?? undefined);

/** USPS's DomesticAddress (its standardized form in answers). */
const domesticAddressSchema = z.object({
  streetAddress: z.string().min(1),
  secondaryAddress: optionalText,
  city: z.string().min(1),
  state: z.string().min(1),
  ZIPCode: z.string().regex(/^\d{5}$/),
  ZIPPlus4: optionalText,
});

/** A contact method: the OpenAPI's email or cellNumber, or its examples' eMail or phone. */
const contactSchema = z
  .object({ email: optionalText, eMail: optionalText, cellNumber: optionalText, phone: optionalText })
  .transform((method) => ({ email: method.email ?? method.eMail, cellNumber: method.cellNumber ?? method.phone }));

const pickupAddressSchema = z.object({
  firstName: optionalText,
  lastName: optionalText,
  firm: optionalText,
  address: domesticAddressSchema,
  contact: z.array(contactSchema).nullish(),
});

/** The answer to an eligibility check: the PickupAddress itself (the OpenAPI), or wrapped in {"pickupAddress": …} (USPS's examples). */
const eligibilitySchema = z.union([pickupAddressSchema, z.object({ pickupAddress: pickupAddressSchema }).transform((wrapped) => wrapped.pickupAddress)]);

/**
 * The pickup's details as USPS echoes them (its SchedulePickupRequest): counts and the weight as
 * numbers or numeric strings; the rows USPS adds for every package type with a count of 0 (its
 * examples list them all) are dropped.
 */
const pickupDetailsSchema = z.object({
  pickupDate: z.string().nullish(),
  pickupAddress: pickupAddressSchema,
  packages: z
    .array(z.object({ packageType: z.string().min(1), packageCount: numeric.pipe(z.number().int().nonnegative()) }))
    .transform((rows) => rows.filter((row) => row.packageCount > 0)),
  estimatedWeight: numeric.pipe(z.number().nonnegative()),
  pickupLocation: z.object({ packageLocation: z.string().min(1), specialInstructions: optionalText }),
});
type UspsPickupDetails = z.output<typeof pickupDetailsSchema>;

/** A confirmation number as USPS gives them ('WTC12345678'); anything else is no pickup of USPS's. */
const CONFIRMATION_NUMBER = /^[A-Za-z0-9-]{1,40}$/;
/** An ETag as an HTTP header carries it (visible ASCII, possibly quoted); anything else is not the pickup's. */
const ETAG = /^[\x21-\x7e]{1,200}$/;

/**
 * USPS's PickupConfirmation (the answer to a schedule, an update and an inquiry) in either shape
 * USPS documents: its OpenAPI's {confirmationNumber, pickupDate, carrierPickupRequest}, in a list
 * for an inquiry; or its examples' one flat object, the details beside the confirmation number.
 */
const confirmationSchema = z
  .object({ confirmationNumber: z.string().regex(CONFIRMATION_NUMBER), pickupDate: z.unknown().optional(), carrierPickupRequest: z.unknown().optional() })
  .passthrough();

/** USPS's ErrorMessage ({apiVersion, error: {code, message, errors: [{title, detail}]}}), or its OAuth error ({error, error_description}). */
const errorSchema = z.object({
  error: z.union([
    z.object({
      code: optionalText,
      message: optionalText,
      errors: z.array(z.object({ code: optionalText, title: optionalText, detail: optionalText })).nullish(),
    }),
    z.string(),
  ]),
  error_description: optionalText,
});

/** USPS's text of a failed call: its message, then the details it adds; its message codes, the first one first. */
function descriptionOf(statusCode: number, body: unknown): { description: string; providerCodes: string[] } {
  const parsed = errorSchema.safeParse(body);
  if (!parsed.success) return { description: `HTTP ${statusCode}`, providerCodes: [] };
  const { error } = parsed.data;
  if (typeof error === 'string') return { description: parsed.data.error_description ?? error, providerCodes: [error] };
  const message = error.message ?? '';
  const details = [...new Set((error.errors ?? []).map((entry) => entry.detail ?? entry.title ?? '').filter((detail) => detail && !message.includes(detail)))];
  const detail = details.join(' ');
  const description = (message && detail ? `${message.replace(/[.:]\s*$/, '')}: ${detail}` : message || detail) || `HTTP ${statusCode}`;
  const providerCodes = (error.errors ?? []).map((entry) => entry.code).filter((code): code is string => Boolean(code));
  return { description, providerCodes: providerCodes.length > 0 ? providerCodes : error.code ? [error.code] : [] };
}

/** USPS's error list for Carrier Pickup (api-examples, "API Error Consolidated List"): 400 with these message codes. */
const CASE_NUMBER_NOT_FOUND = '020015';
const PICKUP_ALREADY_EXISTS = '020001';
/** A refusal saying the pickup is not there: USPS's 'Case number not found.', or one already cancelled (USPS documents no text for it). */
const PICKUP_NOT_FOUND_TEXT = /case number not found|(pickup|confirmation number)\b[^.]*\b(not found|does not exist)|already (been )?cancel/i;
/** A refusal about the If-Match ETag (USPS documents none: its OpenAPI lists no 412). */
const STALE_ETAG_TEXT = /\be-?tag\b|if-match|precondition/i;

/**
 * USPS's answer to a failed call as a UspsError. USPS's OpenAPI lists 400, 401, 403, 429 and 503
 * only, so a missing pickup and a stale ETag are read whichever way they come: 404 and 412 as
 * HTTP has them, or a 400 saying so (USPS's 020015 'Case number not found.', a text about the
 * If-Match). USPS has no code of its own for an address it does not collect at; a refusal that
 * says so (eligib…) is NOT_ELIGIBLE, any other 4xx is INVALID_REQUEST.
 */
export function uspsError(statusCode: number, body: unknown, retryAfterSeconds?: number): UspsError {
  const { description, providerCodes } = descriptionOf(statusCode, body);
  let code: UspsErrorCode;
  if (statusCode === 401 || statusCode === 403) code = 'UNAUTHORIZED';
  else if (statusCode === 404) code = 'NOT_FOUND';
  else if (statusCode === 412 || statusCode === 428) code = 'PRECONDITION_FAILED';
  else if (statusCode === 429) code = 'RATE_LIMITED';
  else if (statusCode === 408 || statusCode >= 500) code = 'UNAVAILABLE';
  else if (providerCodes.includes(CASE_NUMBER_NOT_FOUND) || PICKUP_NOT_FOUND_TEXT.test(description)) code = 'NOT_FOUND';
  else if (STALE_ETAG_TEXT.test(description)) code = 'PRECONDITION_FAILED';
  else if (providerCodes.includes(PICKUP_ALREADY_EXISTS) || /pickup already exists/i.test(description)) code = 'PICKUP_EXISTS';
  else if (/eligib/i.test(description)) code = 'NOT_ELIGIBLE';
  else code = 'INVALID_REQUEST';
  return new UspsError(code, description, { statusCode, providerCode: providerCodes[0], ...(code === 'RATE_LIMITED' && retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}) });
}

/** How long a Retry-After asks to wait, in ms: delay-seconds, or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(value: string | null, now: Date): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isFinite(at) ? Math.max(0, at - now.getTime()) : undefined;
}

const isCalendarDay = (value: unknown): value is string => typeof value === 'string' && Number.isFinite(calendarDay(value));

/** The details USPS echoed in the words the portal sends (its SchedulePickupRequest). */
function bodyOf(details: UspsPickupDetails, pickupDate: string): UspsSchedulePickupBody {
  const { pickupAddress } = details;
  return {
    pickupDate,
    pickupAddress: {
      firstName: pickupAddress.firstName ?? '',
      lastName: pickupAddress.lastName ?? '',
      firm: pickupAddress.firm,
      address: { ...pickupAddress.address },
      contact: (pickupAddress.contact ?? []).flatMap((method) => [
        ...(method.email ? [{ email: method.email }] : []),
        ...(method.cellNumber ? [{ cellNumber: method.cellNumber }] : []),
      ]),
    },
    packages: details.packages,
    estimatedWeight: details.estimatedWeight,
    pickupLocation: details.pickupLocation,
  };
}

interface ReadConfirmation {
  confirmationNumber: string;
  /** The pickup date USPS gave, when it gave a date. */
  pickupDate: string | undefined;
  /** What USPS echoed of the pickup, when it could be read. */
  details: UspsPickupDetails | undefined;
}

/**
 * The confirmation in an answer, whichever shape it came in (a list of them, or one object; the
 * details in carrierPickupRequest or beside it); the one numbered `confirmationNumber` when
 * several come. Null when the answer holds no confirmation number.
 */
function confirmationOf(json: unknown, confirmationNumber?: string): ReadConfirmation | null {
  const found = (Array.isArray(json) ? json : [json]).flatMap((entry) => {
    const parsed = confirmationSchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
  const confirmation = found.find((entry) => entry.confirmationNumber === confirmationNumber) ?? found[0];
  if (!confirmation) return null;
  const echoed = pickupDetailsSchema.safeParse(confirmation.carrierPickupRequest ?? confirmation);
  const details = echoed.success ? echoed.data : undefined;
  const pickupDate = isCalendarDay(confirmation.pickupDate) ? confirmation.pickupDate : isCalendarDay(details?.pickupDate) ? details.pickupDate : undefined;
  return { confirmationNumber: confirmation.confirmationNumber, pickupDate, details };
}

/**
 * A schedule or an update USPS confirmed. Once an answer holds a confirmation number the pickup
 * is USPS's: what the answer does not say readably (its date, its details) is taken from what
 * was sent, never read as a failure.
 */
function confirmedPickup(confirmation: ReadConfirmation, sent: UspsSchedulePickupBody, eTag: string | null): UspsPickup {
  const pickupDate = confirmation.pickupDate ?? sent.pickupDate;
  // An echo naming no package (all its rows 0) says less than what was sent.
  const body = confirmation.details && confirmation.details.packages.length > 0 ? bodyOf(confirmation.details, pickupDate) : sent;
  return uspsPickupOf(confirmation.confirmationNumber, pickupDate, body, eTag);
}

/**
 * USPS's Carrier Pickup 3.1 REST API over fetch (apis.usps.com/pickup/v3): an OAuth 2.0
 * client-credentials token (POST /oauth2/v3/token) kept until shortly before it expires and
 * asked for once however many calls wait for it; a call refused with 401 gets a new token and
 * is made once more; one refused with 429 is made once more after the wait its Retry-After asks,
 * when that is at most maxRetryAfterSeconds (10 s), else RATE_LIMITED with the wait.
 *
 * Paths and requests are those of USPS's OpenAPI documents (Carrier Pickup 3.1.3, read against
 * 3.1.7; OAuth 3.0.5). Eligibility is GET /carrier-pickup/eligibility (not
 * /carrier-pickup-eligibility; an address USPS refuses with 400, 404 or 422 is not eligible, USPS's
 * text the reason); schedule POST /carrier-pickup; inquiry GET, update PUT and cancel DELETE
 * /carrier-pickup/{confirmationNumber}, the last two with the inquiry's ETag as If-Match. USPS
 * offers no other way to find a pickup: no search by address or date, no idempotency key.
 *
 * Answers are read in both shapes USPS documents: its OpenAPI's (eligibility the PickupAddress
 * itself, an inquiry a list of {confirmationNumber, pickupDate, carrierPickupRequest}) and the
 * answers in its api-examples README (eligibility wrapped in {"pickupAddress": …}, every answer
 * one flat object, counts and weights as strings, a zero row for every package type, the phone as
 * contact `phone`). A schedule or an update whose answer holds a confirmation number is done,
 * whatever else the answer holds. Errors are UspsError codes (see uspsError for a missing pickup
 * and a stale ETag); each request has a timeout.
 */
export function createUspsPickupsAdapter(config: UspsAdapterConfig, fetchImpl: typeof fetch = fetch): UspsPickupsProvider {
  const base = config.apiBase.replace(/\/+$/, '');
  const timeoutMs = config.timeoutMs ?? 15_000;
  const clock = config.clock ?? (() => new Date());
  const maxRetryAfterMs = (config.maxRetryAfterSeconds ?? DEFAULT_MAX_RETRY_AFTER_SECONDS) * 1000;
  const sleep = config.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

  async function readJson(response: Response): Promise<unknown> {
    const text = await response.text().catch(() => '');
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return undefined;
    }
  }

  async function issueToken(): Promise<IssuedToken> {
    let response: Response;
    try {
      response = await fetchImpl(`${base}/oauth2/v3/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({ grant_type: 'client_credentials', client_id: config.clientId, client_secret: config.clientSecret }).toString(),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new UspsError('UNAVAILABLE', `The USPS token request failed (${error instanceof Error ? error.name : 'error'}).`);
    }
    const json = await readJson(response);
    if (!response.ok) {
      const refused = uspsError(response.status, json);
      // A refused client id or secret (400 invalid_client, 401, 403) is a configuration fault.
      const code = response.status === 429 ? 'RATE_LIMITED' : response.status < 500 && response.status !== 408 ? 'UNAUTHORIZED' : 'UNAVAILABLE';
      throw new UspsError(code, `The USPS token request was refused: ${refused.description}`, refused.details);
    }
    const parsed = tokenSchema.safeParse(json);
    if (!parsed.success) throw new UspsError('UNAVAILABLE', 'USPS answered the token request with an unexpected body.');
    return { accessToken: parsed.data.access_token, expiresInSeconds: parsed.data.expires_in ?? DEFAULT_TOKEN_SECONDS };
  }

  const tokens = createAccessTokenCache(issueToken, { now: () => clock().getTime() });

  async function call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    options: { query?: Record<string, string | undefined>; body?: unknown; ifMatch?: string } = {},
  ): Promise<{ json: unknown; eTag: string | null }> {
    const query = new URLSearchParams(Object.entries(options.query ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined));
    const url = `${base}${path}${query.size > 0 ? `?${query.toString()}` : ''}`;
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const send = async (token: string): Promise<Response> => {
      try {
        return await fetchImpl(url, {
          method,
          headers: {
            authorization: `Bearer ${token}`,
            accept: 'application/json',
            ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
            ...(options.ifMatch === undefined ? {} : { 'if-match': options.ifMatch }),
          },
          body: payload,
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new UspsError('UNAVAILABLE', `USPS ${method} ${path} failed (${error instanceof Error ? error.name : 'error'}).`);
      }
    };
    const sendWithToken = async (): Promise<Response> => {
      const token = await tokens.get();
      const response = await send(token);
      if (response.status !== 401) return response;
      // The token expired early or was revoked: a new one, and the call once more.
      await response.body?.cancel().catch(() => undefined);
      tokens.invalidate(token);
      return send(await tokens.get());
    };
    let response = await sendWithToken();
    let waitMs = response.status === 429 ? retryAfterMs(response.headers.get('retry-after'), clock()) : undefined;
    if (waitMs !== undefined && waitMs <= maxRetryAfterMs) {
      // USPS did not take the call (429), so even a schedule may be made again, after the wait it asks.
      await response.body?.cancel().catch(() => undefined);
      await sleep(waitMs);
      response = await sendWithToken();
      waitMs = response.status === 429 ? retryAfterMs(response.headers.get('retry-after'), clock()) : undefined;
    }
    const json = await readJson(response);
    if (!response.ok) throw uspsError(response.status, json, waitMs === undefined ? undefined : Math.ceil(waitMs / 1000));
    return { json, eTag: response.headers.get('etag') };
  }

  const unexpected = (what: string) => new UspsError('UNAVAILABLE', `USPS answered ${what} with an unexpected body.`);

  const pickupPath = (confirmationNumber: string) => `/pickup/v3/carrier-pickup/${encodeURIComponent(confirmationNumber)}`;

  function checkChange(confirmationNumber: string, eTag: string): void {
    if (!CONFIRMATION_NUMBER.test(confirmationNumber)) throw new UspsError('NOT_FOUND', 'No carrier pickup has this confirmation number.');
    if (!ETAG.test(eTag)) throw new UspsError('PRECONDITION_FAILED', 'The ETag is not the carrier pickup’s current one.');
  }

  return {
    name: 'usps',

    async checkEligibility(address): Promise<UspsEligibility> {
      checkUspsAddress(address);
      let answer: { json: unknown };
      try {
        answer = await call('GET', '/pickup/v3/carrier-pickup/eligibility', {
          query: {
            streetAddress: address.streetAddress.trim(),
            secondaryAddress: address.secondaryAddress?.trim() || undefined,
            city: address.city.trim(),
            state: address.state.trim().toUpperCase(),
            ZIPCode: address.zip5.trim(),
          },
        });
      } catch (error) {
        // The address was checked here first: USPS refusing it means it does not collect there.
        if (error instanceof UspsError && ['INVALID_REQUEST', 'NOT_ELIGIBLE', 'NOT_FOUND'].includes(error.code)) {
          return { eligible: false, description: error.description };
        }
        throw error;
      }
      const parsed = eligibilitySchema.safeParse(answer.json);
      if (!parsed.success) throw unexpected('the eligibility check');
      const eligible = parsed.data;
      const standard = eligible.address;
      const date = firstUspsPickupDate(clock());
      return {
        eligible: true,
        address: {
          firm: eligible.firm ?? (address.firm?.trim() || undefined),
          streetAddress: standard.streetAddress,
          secondaryAddress: standard.secondaryAddress,
          city: standard.city,
          state: standard.state,
          zip5: standard.ZIPCode,
          zipPlus4: standard.ZIPPlus4 ?? null,
        },
        date,
        dayOfWeek: dayOfWeekOf(date),
      };
    },

    async schedule(request) {
      const body = uspsPickupRequestBody(checkUspsPickupRequest(request));
      const answer = await call('POST', '/pickup/v3/carrier-pickup', { body });
      // No confirmation number: USPS may or may not have booked it (UNAVAILABLE, as a lost answer).
      const confirmation = confirmationOf(answer.json);
      if (!confirmation) throw unexpected('the schedule');
      return confirmedPickup(confirmation, body, answer.eTag);
    },

    async inquire(confirmationNumber) {
      if (!CONFIRMATION_NUMBER.test(confirmationNumber)) return null;
      let answer: { json: unknown; eTag: string | null };
      try {
        answer = await call('GET', pickupPath(confirmationNumber));
      } catch (error) {
        if (error instanceof UspsError && error.code === 'NOT_FOUND') return null;
        throw error;
      }
      // The OpenAPI answers a list (none: no such pickup), USPS's examples one object.
      if (Array.isArray(answer.json) && answer.json.length === 0) return null;
      const confirmation = confirmationOf(answer.json, confirmationNumber);
      if (!confirmation?.pickupDate) throw unexpected('the inquiry');
      if (!confirmation.details) throw new UspsError('UNAVAILABLE', 'USPS answered the pickup without its details.');
      return uspsPickupOf(confirmation.confirmationNumber, confirmation.pickupDate, bodyOf(confirmation.details, confirmation.pickupDate), answer.eTag);
    },

    async update(confirmationNumber, eTag, request) {
      checkChange(confirmationNumber, eTag);
      const body = uspsPickupRequestBody(checkUspsPickupRequest(request));
      // PickupConfirmation without its confirmation number, which USPS marks read-only.
      const answer = await call('PUT', pickupPath(confirmationNumber), { body: { pickupDate: body.pickupDate, carrierPickupRequest: body }, ifMatch: eTag });
      const confirmation = confirmationOf(answer.json, confirmationNumber);
      if (!confirmation) throw unexpected('the update');
      return confirmedPickup(confirmation, body, answer.eTag);
    },

    async cancel(confirmationNumber, eTag) {
      checkChange(confirmationNumber, eTag);
      await call('DELETE', pickupPath(confirmationNumber), { ifMatch: eTag });
    },
  };
}
