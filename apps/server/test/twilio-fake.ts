import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { FakeHttpServer } from './fake-http-server.js';

/** A Message resource, as Twilio answers it. */
export interface TwilioFakeMessage {
  sid: string;
  account_sid: string;
  to: string;
  from: string;
  messaging_service_sid: string | null;
  body: string;
  status: 'queued' | 'sent';
  direction: 'outbound-api';
  num_segments: string;
  num_media: string;
  price: string | null;
  price_unit: string;
  error_code: number | null;
  error_message: string | null;
  api_version: '2010-04-01';
  date_created: string;
  date_updated: string;
  date_sent: string | null;
  uri: string;
  subresource_uris: { media: string; feedback: string };
}

export interface TwilioFakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** A POST's form body. */
  form: URLSearchParams;
  authorization: string | undefined;
}

/** RFC 2822 in GMT, as Twilio writes dates: 'Tue, 27 Nov 2018 16:14:39 +0000'. */
function rfc2822(date: Date): string {
  return date.toUTCString().replace(/GMT$/, '+0000');
}

function twilioError(response: ServerResponse, status: number, code: number, message: string): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }));
}

/** Whether a message's date_sent passes Twilio's DateSent filters (YYYY-MM-DD in GMT, or a date-time). */
function passesDateSent(message: TwilioFakeMessage, query: URLSearchParams): boolean {
  const filters = (['DateSent', 'DateSent<', 'DateSent>'] as const).filter((name) => query.has(name));
  if (filters.length === 0) return true;
  if (message.date_sent === null) return false;
  const sent = new Date(message.date_sent);
  return filters.every((name) => {
    const value = query.get(name)!;
    const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
    if (dateOnly) {
      const day = sent.toISOString().slice(0, 10);
      return name === 'DateSent' ? day === value : name === 'DateSent<' ? day <= value : day >= value;
    }
    const at = new Date(value).getTime();
    return name === 'DateSent' ? sent.getTime() === at : name === 'DateSent<' ? sent.getTime() <= at : sent.getTime() >= at;
  });
}

/**
 * A local Twilio Messages API that answers as Twilio documents it (the Message resource and the
 * Messages list of api.twilio.com/2010-04-01, as twilio-node reads them): a create answers 201
 * with the Message resource, status 'queued' and no date_sent until Twilio sends it; the list
 * filters by To, From and DateSent (on date_sent, so a queued message is in no DateSent filter),
 * newest first, in pages with Twilio's paging fields; every error is {code, message, more_info,
 * status}. What Twilio does not document (where queued messages sort among sent ones) is a
 * choice: first, as the newest. The server's plumbing is FakeHttpServer's.
 */
export class TwilioFake extends FakeHttpServer {
  /** Every message made, oldest first. */
  readonly messages: TwilioFakeMessage[] = [];
  readonly requests: TwilioFakeRequest[] = [];
  private readonly listPath: string;
  private readonly authorization: string;
  private lose: 'drop' | 'hang' | undefined;
  private failure: { status: number; code: number; message: string } | undefined;

  /** `now` is Twilio's clock (date_created, date_sent): the real one unless given. */
  constructor(private readonly options: { account: string; token: string; now?: () => Date }) {
    super();
    this.listPath = `/2010-04-01/Accounts/${options.account}/Messages.json`;
    this.authorization = `Basic ${Buffer.from(`${options.account}:${options.token}`).toString('base64')}`;
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  /** Messages made to `to`. */
  messagesTo(to: string): TwilioFakeMessage[] {
    return this.messages.filter((message) => message.to === to);
  }

  /** The next create makes its message, then its answer is lost: 'drop' ends the connection, 'hang' never answers (the caller times out). */
  loseNextAnswer(how: 'drop' | 'hang'): void {
    this.lose = how;
  }

  /** The next create answers this error and makes no message (what a 5xx from Twilio made is not known to its caller). */
  failNext(status: number, code: number, message: string): void {
    this.failure = { status, code, message };
  }

  /** Twilio sends the queued messages: status 'sent' with a date_sent. */
  sendQueued(): void {
    for (const message of this.messages) {
      if (message.status !== 'queued') continue;
      message.status = 'sent';
      message.date_sent = rfc2822(this.now());
      message.date_updated = message.date_sent;
    }
  }

  protected async handle(request: IncomingMessage, response: ServerResponse, raw: string): Promise<void> {
    const address = new URL(request.url ?? '/', 'http://twilio.fake');
    const form = new URLSearchParams(raw);
    this.requests.push({ method: request.method ?? '', path: address.pathname, query: address.searchParams, form, authorization: request.headers.authorization });
    if (request.headers.authorization !== this.authorization) return twilioError(response, 401, 20003, 'Authenticate');
    if (address.pathname === this.listPath && request.method === 'POST') return this.create(form, response, request);
    if (address.pathname === this.listPath && request.method === 'GET') return this.list(address.searchParams, response);
    const one = /^\/2010-04-01\/Accounts\/[^/]+\/Messages\/([^/]+)\.json$/.exec(address.pathname);
    const found = one && request.method === 'GET' ? this.messages.find((message) => message.sid === one[1]) : undefined;
    if (found) {
      response.writeHead(200, { 'content-type': 'application/json' });
      return void response.end(JSON.stringify(found));
    }
    twilioError(response, 404, 20404, `The requested resource ${address.pathname} was not found`);
  }

  private create(form: URLSearchParams, response: ServerResponse, request: IncomingMessage): void {
    if (this.failure) {
      const { status, code, message } = this.failure;
      this.failure = undefined;
      return twilioError(response, status, code, message);
    }
    const { account } = this.options;
    const to = form.get('To');
    const from = form.get('From');
    const service = form.get('MessagingServiceSid');
    const body = form.get('Body');
    if (!to) return twilioError(response, 400, 21604, "A 'To' phone number is required.");
    if (!/^\+[1-9]\d{7,14}$/.test(to)) return twilioError(response, 400, 21211, `The 'To' number ${to} is not a valid phone number.`);
    if (!from && !service) return twilioError(response, 400, 21603, "A 'From' phone number is required.");
    if (!body) return twilioError(response, 400, 21602, 'Message body is required.');
    const sid = `SM${randomBytes(16).toString('hex')}`;
    const at = rfc2822(this.now());
    const message: TwilioFakeMessage = {
      sid,
      account_sid: account,
      to,
      from: from ?? '+14155550000',
      messaging_service_sid: service,
      body,
      status: 'queued',
      direction: 'outbound-api',
      num_segments: '1',
      num_media: '0',
      price: null,
      price_unit: 'USD',
      error_code: null,
      error_message: null,
      api_version: '2010-04-01',
      date_created: at,
      date_updated: at,
      date_sent: null,
      uri: `/2010-04-01/Accounts/${account}/Messages/${sid}.json`,
      subresource_uris: {
        media: `/2010-04-01/Accounts/${account}/Messages/${sid}/Media.json`,
        feedback: `/2010-04-01/Accounts/${account}/Messages/${sid}/Feedback.json`,
      },
    };
    this.messages.push(message);
    const lost = this.lose;
    this.lose = undefined;
    if (lost === 'drop') return void request.socket.destroy();
    if (lost === 'hang') return;
    response.writeHead(201, { 'content-type': 'application/json' });
    response.end(JSON.stringify(message));
  }

  private list(query: URLSearchParams, response: ServerResponse): void {
    const pageSize = Math.min(Math.max(Number(query.get('PageSize') ?? 50) || 50, 1), 1000);
    const page = Math.max(Number(query.get('Page') ?? 0) || 0, 0);
    const newestFirst = this.messages
      .map((message, index) => ({ message, index }))
      .filter(({ message }) => (!query.has('To') || message.to === query.get('To')) && (!query.has('From') || message.from === query.get('From')))
      .filter(({ message }) => passesDateSent(message, query))
      .sort((a, b) => {
        // Sent ones by date_sent, newest first; queued ones (no date_sent yet) before them.
        const sentA = a.message.date_sent === null ? Infinity : Date.parse(a.message.date_sent);
        const sentB = b.message.date_sent === null ? Infinity : Date.parse(b.message.date_sent);
        return sentB - sentA || b.index - a.index;
      })
      .map(({ message }) => message);
    const start = page * pageSize;
    const shown = newestFirst.slice(start, start + pageSize);
    const filters = new URLSearchParams([...query].filter(([name]) => !['Page', 'PageSize', 'PageToken'].includes(name)));
    const uriOf = (n: number) => {
      const q = new URLSearchParams(filters);
      q.set('PageSize', String(pageSize));
      q.set('Page', String(n));
      if (n > 0) q.set('PageToken', `PA${newestFirst[n * pageSize - 1]?.sid ?? ''}`);
      return `${this.listPath}?${q.toString()}`;
    };
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        first_page_uri: uriOf(0),
        end: start + Math.max(shown.length - 1, 0),
        previous_page_uri: page > 0 ? uriOf(page - 1) : null,
        messages: shown,
        uri: uriOf(page),
        page_size: pageSize,
        start,
        next_page_uri: start + pageSize < newestFirst.length ? uriOf(page + 1) : null,
        page,
      }),
    );
  }
}
