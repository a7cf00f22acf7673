import { MESSAGES } from '@airbox/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';

/**
 * For the spec's GET calls that change something (a QR reset, a pass link or mail): the session
 * cookie is SameSite=Lax, so it rides along on another site's top-level link, which sends no
 * Origin header. Browsers mark such requests `Sec-Fetch-Site: cross-site`; they are refused.
 */
export function refuseCrossSite(request: FastifyRequest): void {
  if (request.headers['sec-fetch-site'] === 'cross-site') throw AppError.forbidden(MESSAGES.foreignOrigin);
}
