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
}
