import { API_ERRORCODE, MESSAGES } from '@airbox/contract';

/**
 * A failure the client is told about in the spec's shape, with an HTTP status. The one error
 * handler in app.ts turns it into `{errorcode, message}`; anything else becomes a generic 500.
 */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly statusCode: number,
    readonly errorcode: number,
    message: string,
  ) {
    super(message);
  }

  static invalid(message: string = MESSAGES.invalidRequest) {
    return new AppError(400, API_ERRORCODE.invalidRequest, message);
  }

  static notSignedIn() {
    return new AppError(401, API_ERRORCODE.notSignedIn, MESSAGES.sessionEnded);
  }

  static forbidden(message: string = MESSAGES.forbidden) {
    return new AppError(403, API_ERRORCODE.forbidden, message);
  }

  static tooMany(message: string) {
    return new AppError(429, API_ERRORCODE.tooManyRequests, message);
  }

  /** 503 'Service exception': the database cannot be reached now (the spec's answer to a failure it does not name). */
  static unavailable() {
    return new AppError(503, API_ERRORCODE.unavailable, MESSAGES.serviceException);
  }
}

/** Node's socket errors of a connection that could not be made or was cut. */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/**
 * PostgreSQL SQLSTATEs of a server going away or not taking connections: class 08 (connection
 * exception), 57P01-57P03 (admin or crash shutdown, starting up), 53300 (too many connections).
 */
const POSTGRES_UNAVAILABLE = /^(08...|57P0[123]|53300)$/;
/** SQLite's codes of a file it cannot use now: busy past busy_timeout, I/O errors, a full disk. */
const SQLITE_UNAVAILABLE = /^SQLITE_(BUSY|LOCKED|IOERR|FULL|CANTOPEN)/;
/** pg's own errors without a code: a connection ended under a query, or none could be had in time. */
const PG_CONNECTION_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/**
 * Whether `error` says the database cannot be reached now rather than that a query was wrong:
 * such a failure is answered 503 'Service exception' (and /healthz says 503) until it is back.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, errors } = error as { code?: unknown; message?: unknown; errors?: unknown };
  if (typeof code === 'string' && (CONNECTION_CODES.has(code) || POSTGRES_UNAVAILABLE.test(code) || SQLITE_UNAVAILABLE.test(code))) return true;
  if (typeof message === 'string' && PG_CONNECTION_MESSAGES.test(message)) return true;
  // Node gives an AggregateError when every address of a host refused.
  return Array.isArray(errors) && errors.length > 0 && errors.every(isDatabaseUnavailable);
}
