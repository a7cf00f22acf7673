import type { FastifyRequest } from 'fastify';
import type { DestinationStream, LoggerOptions } from 'pino';
import type { AppConfig } from './env.js';

/** Query parameters whose values are secrets (reset links carry generatedId, resetPassword Password, the payment return token and PayerID). */
const SECRET_QUERY_KEYS = ['password', 'generatedid', 'activatecode', 'token', 'payerid'];

/**
 * The app's screens whose address holds a secret: the activation code (/active/{code}/), a label's
 * tracking token (/track/{token}) and a pickup share's token (/pickup/{token}), which opens a page
 * with the locker's pickup code.
 */
const SECRET_PATH = /(\/app\/(?:active|track|pickup)\/)[^/?#]+/i;

/** A URL or path with its secrets blanked: query values above and the token of a SECRET_PATH. */
export function redactUrl(url: string): string {
  const [beforeQuery = '', query] = url.split('?', 2);
  const path = beforeQuery.replace(SECRET_PATH, '$1[REDACTED]');
  if (query === undefined) return path;
  const params = query.split('&').map((pair) => {
    const [key = '', ...value] = pair.split('=');
    const name = safeDecode(key).toLowerCase();
    return SECRET_QUERY_KEYS.includes(name) && value.length > 0 ? `${key}=[REDACTED]` : pair;
  });
  return `${path}?${params.join('&')}`;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'password',
  'Password',
  'token',
  'generatedId',
  'activateCode',
  '*.password',
  '*.Password',
  '*.token',
  '*.generatedId',
  '*.activateCode',
];

/** pino options for Fastify: request ids, secrets redacted, never a body, URLs without secrets. */
export function loggerOptions(config: Pick<AppConfig, 'logLevel'>, stream?: DestinationStream): LoggerOptions & {
  stream?: DestinationStream;
} {
  return {
    level: config.logLevel,
    redact: { paths: REDACT_PATHS, censor: '[REDACTED]' },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
      }),
    },
    ...(stream ? { stream } : {}),
  };
}
