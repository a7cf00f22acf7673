import type { FastifyBaseLogger } from 'fastify';
import { type SmsProvider, TextRefusedError } from './sms-provider.js';

export interface TwilioConfig {
  /** https://api.twilio.com or a compatible service. */
  apiUrl: string;
  /** Account SID. */
  account: string;
  /** Auth token. */
  token: string;
  /** The sending number (E.164) or messaging service. */
  from: string;
  /** How long a call may take before it counts as unanswered (15 s). */
  timeoutMs?: number | undefined;
}

/** A Message resource as Twilio answers it: the fields this adapter reads. */
interface TwilioMessage {
  sid?: unknown;
  to?: unknown;
  from?: unknown;
  messaging_service_sid?: unknown;
  body?: unknown;
  direction?: unknown;
  status?: unknown;
  /** RFC 2822, GMT ('Tue, 27 Nov 2018 16:14:39 +0000'). */
  date_created?: unknown;
  /** Null until Twilio has sent it (a message just created is 'queued' with no date_sent). */
  date_sent?: unknown;
}

/** Twilio's error body: {code, message, more_info, status}. */
interface TwilioError {
  code?: unknown;
  message?: unknown;
  more_info?: unknown;
  status?: unknown;
}

/** How far Twilio's clock may be from this server's when a look-up compares its date_created with the first try. */
export const TWILIO_CLOCK_MARGIN_MS = 10 * 60 * 1000;
/** A look-up reads at most this many pages of this many messages to the one phone. */
const LOOKUP_PAGE_SIZE = 100;
const LOOKUP_MAX_PAGES = 5;

function dateOf(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : time;
}

function answered(what: string, status: number, error: TwilioError): string {
  // Twilio's message can repeat the phone number: the code says what it was.
  return `SMS API answered ${what}HTTP ${status}${typeof error.code === 'number' ? ` (code ${error.code})` : ''}`;
}

/**
 * A Twilio-compatible Messages API (Twilio's Messages resource, as twilio-node calls it):
 * POST {apiUrl}/2010-04-01/Accounts/{account}/Messages.json, HTTP Basic auth with the account and
 * token, a form body To, From, Body; 201 with the Message resource (sid SM…, status 'queued').
 * Errors come as {code, message, more_info, status}.
 *
 * Not idempotent, and this is why texts are recorded before they are sent: Twilio documents no
 * idempotency key for creating a message (its I-Twilio-Idempotency-Token header is on the
 * webhooks Twilio sends, not on API calls), so a create whose answer is lost (a timeout, a
 * dropped connection, a crash after Twilio took it) and is simply repeated texts the customer
 * twice. The caller (modules/texts/texts.service.ts) records each try under the text's key first,
 * and when a key was tried before without an answer it asks findSent before sending again.
 *
 * findSent reads the account's Messages list filtered by To (and From when it is a number), as
 * twilio-node's list does, newest first, and takes an outbound message from this sender with the
 * same body (Twilio's trial accounts put a prefix before it) created since the first try, allowing
 * TWILIO_CLOCK_MARGIN_MS for the clocks, whose SID no other text holds. It does not filter with
 * DateSent (DateSent>=YYYY-MM-DD): a message Twilio has not sent yet has no date_sent, and a text
 * whose answer was lost moments ago is usually still queued.
 */
export function createTwilioSmsProvider(config: TwilioConfig, log: FastifyBaseLogger, fetchImpl: typeof fetch = fetch): SmsProvider {
  const base = config.apiUrl.replace(/\/+$/, '');
  const url = `${base}/2010-04-01/Accounts/${encodeURIComponent(config.account)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${config.account}:${config.token}`).toString('base64')}`;
  const timeoutMs = config.timeoutMs ?? 15_000;

  /** The next page's address from a list's next_page_uri (relative to the API's host), only on the API's own origin. */
  function nextPage(uri: unknown): string | undefined {
    if (typeof uri !== 'string' || uri === '') return undefined;
    const next = new URL(uri.startsWith('/2010-04-01/') ? `${base}${uri}` : uri, base);
    return next.origin === new URL(base).origin ? next.toString() : undefined;
  }

  return {
    async send(message) {
      const response = await fetchImpl(url, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({ To: message.to, From: config.from, Body: message.body }).toString(),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const body = (await response.json().catch(() => ({}))) as TwilioMessage & TwilioError;
      if (!response.ok) {
        // A 4xx says Twilio made no message; a 5xx leaves it open, as no answer does.
        const text = answered('', response.status, body);
        throw response.status >= 400 && response.status < 500 ? new TextRefusedError(text, response.status, typeof body.code === 'number' ? body.code : undefined) : new Error(text);
      }
      if (typeof body.sid !== 'string' || body.sid === '') throw new Error(`SMS API answered HTTP ${response.status} without a message sid`);
      log.info({ sid: body.sid, status: body.status }, 'text message sent');
      return { sid: body.sid };
    },

    async findSent({ message, since, claimed }) {
      const earliest = since.getTime() - TWILIO_CLOCK_MARGIN_MS;
      const query = new URLSearchParams({ To: message.to, PageSize: String(LOOKUP_PAGE_SIZE) });
      if (/^\+\d+$/.test(config.from)) query.set('From', config.from);
      let next: string | undefined = `${url}?${query.toString()}`;
      for (let page = 0; next !== undefined && page < LOOKUP_MAX_PAGES; page += 1) {
        const response = await fetchImpl(next, { method: 'GET', headers: { authorization, accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
        const body = (await response.json().catch(() => ({}))) as { messages?: unknown; next_page_uri?: unknown } & TwilioError;
        if (!response.ok || !Array.isArray(body.messages)) throw new Error(answered('the look-up with ', response.status, body));
        const messages = body.messages as TwilioMessage[];
        const found = messages.find((m) => {
          const created = dateOf(m.date_created);
          return (
            typeof m.sid === 'string' &&
            !claimed.has(m.sid) &&
            m.to === message.to &&
            (m.from === config.from || m.messaging_service_sid === config.from) &&
            typeof m.direction === 'string' &&
            m.direction.startsWith('outbound') &&
            typeof m.body === 'string' &&
            m.body.endsWith(message.body) &&
            (created === undefined || created >= earliest)
          );
        });
        if (found) {
          log.info({ sid: found.sid, status: found.status }, 'text message found at the SMS API after its answer was lost');
          return found.sid as string;
        }
        // The list is newest first (by date sent; one not sent yet has none): a page of only
        // messages created and sent before the first try ends the search.
        const older = messages.every((m) => (dateOf(m.date_created) ?? Infinity) < earliest && (dateOf(m.date_sent) ?? Infinity) < earliest);
        if (older) return undefined;
        next = nextPage(body.next_page_uri);
      }
      return undefined;
    },
  };
}
