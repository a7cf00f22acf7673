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
  /** The app's clock: when the kept token expires, and the first pickup date. */
  clock?: () => Date;
}

/** USPS's tokens last eight hours; one answered without expires_in is kept for an hour. */
const DEFAULT_TOKEN_SECONDS = 60 * 60;

const wholeNumber = z.union([z.number(), z.string().regex(/^\d+$/).transform(Number)]);

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

const pickupAddressSchema = z.object({
  firstName: optionalText,
  lastName: optionalText,
  firm: optionalText,
  address: domesticAddressSchema,
  contact: z.array(z.object({ email: optionalText, cellNumber: optionalText })).nullish(),
});

const schedulePickupSchema = z.object({
  pickupAddress: pickupAddressSchema,
  packages: z.array(z.object({ packageType: z.string().min(1), packageCount: z.number().int().nonnegative() })),
  estimatedWeight: z.number().nonnegative(),
  pickupLocation: z.object({ packageLocation: z.string().min(1), specialInstructions: optionalText }),
});

/** USPS's PickupConfirmation: the answer to a schedule, an update and (in a list) an inquiry. */
const confirmationSchema = z.object({
  confirmationNumber: z.string().min(1),
  pickupDate: z.string().refine((date) => Number.isFinite(calendarDay(date)), 'not a date'),
  carrierPickupRequest: schedulePickupSchema.nullish(),
});
type UspsConfirmation = z.output<typeof confirmationSchema>;

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

/** USPS's text of a failed call: its message, then the details it adds. */
function descriptionOf(statusCode: number, body: unknown): { description: string; providerCode: string | undefined } {
  const parsed = errorSchema.safeParse(body);
  if (!parsed.success) return { description: `HTTP ${statusCode}`, providerCode: undefined };
  const { error } = parsed.data;
  if (typeof error === 'string') return { description: parsed.data.error_description ?? error, providerCode: error };
  const message = error.message ?? '';
  const details = [...new Set((error.errors ?? []).map((entry) => entry.detail ?? entry.title ?? '').filter((detail) => detail && !message.includes(detail)))];
  const detail = details.join(' ');
  const description = (message && detail ? `${message.replace(/[.:]\s*$/, '')}: ${detail}` : message || detail) || `HTTP ${statusCode}`;
  return { description, providerCode: error.errors?.[0]?.code ?? error.code };
}

/**
 * USPS's answer to a failed call as a UspsError. USPS has no code of its own for an address it
 * does not collect at; a refusal that says so (eligib…) is NOT_ELIGIBLE, any other 4xx is
 * INVALID_REQUEST.
 */
export function uspsError(statusCode: number, body: unknown): UspsError {
  const { description, providerCode } = descriptionOf(statusCode, body);
  let code: UspsErrorCode;
  if (statusCode === 401 || statusCode === 403) code = 'UNAUTHORIZED';
  else if (statusCode === 404) code = 'NOT_FOUND';
  else if (statusCode === 412) code = 'PRECONDITION_FAILED';
  else if (statusCode === 429) code = 'RATE_LIMITED';
  else if (statusCode === 408 || statusCode >= 500) code = 'UNAVAILABLE';
  else if (/eligib/i.test(description)) code = 'NOT_ELIGIBLE';
  else code = 'INVALID_REQUEST';
  return new UspsError(code, description, { statusCode, providerCode });
}

/** A confirmation number as USPS gives them ('WTC12345678'); anything else is no pickup of USPS's. */
const CONFIRMATION_NUMBER = /^[A-Za-z0-9-]{1,40}$/;
/** An ETag as an HTTP header carries it (visible ASCII, possibly quoted); anything else is not the pickup's. */
const ETAG = /^[\x21-\x7e]{1,200}$/;

function bodyOf(request: z.output<typeof schedulePickupSchema>, pickupDate: string): UspsSchedulePickupBody {
  const { pickupAddress } = request;
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
    packages: request.packages,
    estimatedWeight: request.estimatedWeight,
    pickupLocation: request.pickupLocation,
  };
}

/** The pickup USPS confirmed; its details are what it echoes, or what was sent when it echoes none. */
function pickupOf(confirmation: UspsConfirmation, sent: UspsSchedulePickupBody | undefined, eTag: string | null): UspsPickup {
  const body = confirmation.carrierPickupRequest ? bodyOf(confirmation.carrierPickupRequest, confirmation.pickupDate) : sent;
  if (!body) throw new UspsError('UNAVAILABLE', 'USPS answered the pickup without its details.');
  return uspsPickupOf(confirmation.confirmationNumber, confirmation.pickupDate, body, eTag);
}

/**
 * USPS's Carrier Pickup 3.1 REST API over fetch (apis.usps.com/pickup/v3): an OAuth 2.0
 * client-credentials token (POST /oauth2/v3/token) kept until shortly before it expires and
 * asked for once however many calls wait for it; a call refused with 401 gets a new token and
 * is made once more. Paths and shapes are those of USPS's OpenAPI documents (Carrier Pickup
 * 3.1.3, OAuth 3.0.5). Eligibility is GET /carrier-pickup/eligibility (not
 * /carrier-pickup-eligibility; an address USPS refuses with 400, 404 or 422 is not eligible,
 * USPS's text the reason); schedule POST /carrier-pickup; inquiry GET (a list of one), update
 * PUT and cancel DELETE /carrier-pickup/{confirmationNumber}, the last two with the inquiry's
 * ETag as If-Match. USPS documents no 412 nor the answer for a cancelled pickup: 412 is taken
 * as a stale ETag, and 404 on an inquiry as no pickup (null). Every answer is checked with zod; errors are
 * UspsError codes; each request has a timeout.
 */
export function createUspsPickupsAdapter(config: UspsAdapterConfig, fetchImpl: typeof fetch = fetch): UspsPickupsProvider {
  const base = config.apiBase.replace(/\/+$/, '');
  const timeoutMs = config.timeoutMs ?? 15_000;
  const clock = config.clock ?? (() => new Date());

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
    const token = await tokens.get();
    let response = await send(token);
    if (response.status === 401) {
      // The token expired early or was revoked: a new one, and the call once more.
      await response.body?.cancel().catch(() => undefined);
      tokens.invalidate(token);
      response = await send(await tokens.get());
    }
    const json = await readJson(response);
    if (!response.ok) throw uspsError(response.status, json);
    return { json, eTag: response.headers.get('etag') };
  }

  function parse<T extends z.ZodType>(schema: T, json: unknown, what: string): z.output<T> {
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new UspsError('UNAVAILABLE', `USPS answered ${what} with an unexpected body.`);
    return parsed.data;
  }

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
      const eligible = parse(pickupAddressSchema, answer.json, 'the eligibility check');
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
      return pickupOf(parse(confirmationSchema, answer.json, 'the schedule'), body, answer.eTag);
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
      // USPS documents a list of confirmations; a single one is taken too.
      const found = parse(z.union([z.array(confirmationSchema), confirmationSchema]), answer.json, 'the inquiry');
      const confirmation = Array.isArray(found) ? found[0] : found;
      return confirmation ? pickupOf(confirmation, undefined, answer.eTag) : null;
    },

    async update(confirmationNumber, eTag, request) {
      checkChange(confirmationNumber, eTag);
      const body = uspsPickupRequestBody(checkUspsPickupRequest(request));
      // PickupConfirmation without its confirmation number, which USPS marks read-only.
      const answer = await call('PUT', pickupPath(confirmationNumber), { body: { pickupDate: body.pickupDate, carrierPickupRequest: body }, ifMatch: eTag });
      return pickupOf(parse(confirmationSchema, answer.json, 'the update'), body, answer.eTag);
    },

    async cancel(confirmationNumber, eTag) {
      checkChange(confirmationNumber, eTag);
      await call('DELETE', pickupPath(confirmationNumber), { ifMatch: eTag });
    },
  };
}
