import { getMyOperationsCall, getUserOperationsCall, READ_ERRORCODE } from '@airbox/contract';
import type { FastifyInstance } from 'fastify';
import { carrierServiceRenamings } from '../../modules/carriers/carriers.service.js';
import { operationsPage } from '../../modules/operations/operations.service.js';
import { defineCall, signedInUser } from './define-call.js';

/**
 * Transaction history: the signed-in user's operations only (user_id must name the caller), a
 * label's service named as the renaming list says (read here: the carriers module writes the
 * ledger, so the operations module does not import it back).
 */
export default async function operationsRoutes(app: FastifyInstance) {
  const page = async (userId: number, query: Parameters<typeof operationsPage>[2]) => ({
    errorcode: READ_ERRORCODE.ok,
    message: 'success',
    ...(await operationsPage(app.db, userId, query, () => carrierServiceRenamings(app.db))),
  });
  defineCall(app, getUserOperationsCall).handle(async (input, request) => page(signedInUser(request).user_id, input));
  defineCall(app, getMyOperationsCall).handle(async (input, request) => page(signedInUser(request).user_id, input));
}
