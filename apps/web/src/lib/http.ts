import { API_ERRORCODE, MESSAGES, encodeFields, type CallDescriptor } from '@airbox/contract';
import type { z } from 'zod';
import { paths } from '../config/paths';
import { takePageAnswer } from './page-answers';
import { loadSchemas, type Schemas } from './schemas-loader';
import { endSession } from './session';

type AnyCall = CallDescriptor<z.ZodType, z.ZodType>;
type Calls = Schemas['ALL_CALLS'];
/** The contract's calls, by the name of their descriptor (loginCall, logoutCall, ...). */
export type CallName = keyof Calls;
export type CallInput<N extends CallName> = Calls[N] extends CallDescriptor<infer Req, z.ZodType> ? z.input<Req> : never;
export type CallOutput<N extends CallName> = Calls[N] extends CallDescriptor<z.ZodType, infer Res> ? z.output<Res> : never;
/** What a call gives back on success: its answer without the errorcode and message. */
export type CallData<N extends CallName> = Omit<CallOutput<N>, 'errorcode' | 'message'>;

/** Every failed call, whatever went wrong, becomes one of these (status 0: no answer). */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly errorcode: number,
    message: string,
    readonly status: number,
    /** The rest of a well-formed answer that refused (a rating's data.messages: what the carriers said), when there is one. */
    readonly answer?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
  }

  /** No usable answer: the network failed, the server failed (5xx) or answered something unreadable. */
  get isServiceFailure(): boolean {
    return this.status === 0 || this.status >= 500;
  }

  /**
   * The call answered (HTTP 2xx) with one of its own failure errorcodes (LOGIN_ERRORCODE.wrongCredentials,
   * ACTIVATION_ERRORCODE.noSuchUser, ...), rather than refusing the request (4xx) or failing.
   */
  get isCallFailure(): boolean {
    return this.status >= 200 && this.status < 300;
  }
}

/** The current in-app path (without the '/app' basename), for `redirect` after signing in again. */
function currentAppPath(): string {
  const base = import.meta.env.BASE_URL.replace(/\/$/, '');
  const { pathname, search } = window.location;
  const inApp = pathname.startsWith(base) ? pathname.slice(base.length) || '/' : pathname;
  return `${inApp}${search}`;
}

function sendToLogin(): void {
  endSession();
  const base = import.meta.env.BASE_URL.replace(/\/$/, '');
  window.location.assign(`${base}${paths.login.getHref(currentAppPath())}`);
}

/** A failure without a usable answer: the network, the server (5xx) or something unreadable. */
const serviceFailure = (status: number) => new ApiError(API_ERRORCODE.internal, MESSAGES.serviceException, status);

/** The URL and fetch options of a call, its fields encoded as the descriptor says. */
function buildRequest(call: AnyCall, input: unknown, signal: AbortSignal | undefined): { url: string; init: RequestInit } {
  let url = call.path;
  const init: RequestInit = {
    method: call.method,
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
    signal: signal ?? null,
  };
  const fields = (input ?? {}) as object;
  if (call.encoding === 'query' || call.method === 'GET') {
    const query = encodeFields(fields).toString();
    if (query) url = `${url}?${query}`;
  } else if (call.encoding === 'json') {
    init.headers = { Accept: 'application/json', 'Content-Type': 'application/json' };
    init.body = JSON.stringify(fields);
  } else {
    init.body = encodeFields(fields);
  }
  return { url, init };
}

/** Sends a call; a network failure is a service failure (an abort stays an abort). */
async function send(call: AnyCall, input: unknown, signal: AbortSignal | undefined): Promise<Response> {
  const { url, init } = buildRequest(call, input, signal);
  try {
    return await fetch(url, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw serviceFailure(0);
  }
}

/**
 * The JSON an answer carries; an unreadable one is a service failure. A 401 on a signed-in call
 * first ends the session hints and sends the user to login.
 */
async function answerOf(call: AnyCall, response: Response, stayOnPage = false): Promise<unknown> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw serviceFailure(response.status >= 500 ? response.status : 0);
  }
  if (response.status === 401 && call.signedIn && !stayOnPage) {
    sendToLogin();
  }
  return body;
}

/** The ApiError of an answer that is not the call's success: the server's errorcode and message when it gave them. */
function failureOf(schemas: Schemas, body: unknown, response: Response): ApiError {
  if (response.status >= 500) return serviceFailure(response.status);
  const failure = schemas.apiErrorSchema.safeParse(body);
  if (failure.success) return new ApiError(failure.data.errorcode, failure.data.message, response.status);
  return serviceFailure(response.ok ? 0 : response.status);
}

/** An answer parsed by its call's response schema: every one has errorcode and message, the descriptor parsed the rest. */
function partsOf(answer: unknown): { errorcode: number; message: string; data: Record<string, unknown> } {
  const { errorcode, message, ...data } = answer as { errorcode: number; message: string };
  return { errorcode, message, data };
}

/**
 * The one HTTP client: encodes the request as the call's descriptor says, sends the session
 * cookie, parses the answer with the descriptor's response schema, and returns the data of an
 * answer whose errorcode is one of the call's success codes. Everything else is an ApiError: an
 * answer with another errorcode (LOGIN_ERRORCODE.wrongCredentials, ...), a refusal, a failure.
 * A 401 on a signed-in call ends the session hints and sends the user to login.
 */
export async function request<N extends CallName>(
  name: N,
  input: CallInput<N>,
  /**
   * `stayOnPage`: a 401 is only an ApiError, the page stays (a public page asking whether its
   * visitor is signed in, where a visitor who is not must not be sent to login).
   */
  options: { signal?: AbortSignal; stayOnPage?: boolean } = {},
): Promise<CallData<N>> {
  // The answer the server wrote into the page for this call (once, issue 24): one of the call's
  // successes, already parsed by its response schema (apps/server plugins/web-app.ts), so taken as
  // it is. A screen drawn from its page's answers loads none of the schemas.
  const inPage = takePageAnswer(name, input);
  if (inPage !== undefined) return partsOf(inPage).data as CallData<N>;
  // A failure to load the schemas themselves is a network failure, reported as such by the caller.
  const schemas = await loadSchemas();
  const call: AnyCall = schemas.ALL_CALLS[name];
  const response = await send(call, input, options.signal);

  const body = await answerOf(call, response, options.stayOnPage);
  if (response.ok) {
    const parsed = call.response.safeParse(body);
    if (parsed.success) {
      const { errorcode, message, data } = partsOf(parsed.data);
      if (call.successCodes.includes(errorcode)) return data as CallData<N>;
      throw new ApiError(errorcode, message, response.status, data);
    }
  }
  throw failureOf(schemas, body, response);
}

/**
 * A call whose success answer is a file (downloadLabelPdf, downloadInvoice): sent as request()
 * sends it, the file comes back as a Blob. Its failures answer JSON and become an ApiError as
 * request() makes them (LABEL_FILE_ERRORCODE.none, a refusal, a service failure).
 */
export async function download<N extends CallName>(
  name: N,
  input: CallInput<N>,
  options: { signal?: AbortSignal } = {},
): Promise<Blob> {
  const schemas = await loadSchemas();
  const call: AnyCall = schemas.ALL_CALLS[name];
  const response = await send(call, input, options.signal);
  const json = (response.headers.get('Content-Type') ?? '').includes('json');
  if (response.ok && !json) {
    try {
      return await response.blob();
    } catch {
      throw serviceFailure(0);
    }
  }

  throw failureOf(schemas, await answerOf(call, response), response);
}

/**
 * The server's own message of a failed call, for the screen to show; null for a service failure
 * (already reported as 'Oops... Service exception') or anything that is not an ApiError.
 */
export function answerMessage(error: unknown): string | null {
  return error instanceof ApiError && !error.isServiceFailure ? error.message : null;
}
