import { getMyOperationsCall, getUserOperationsCall, READ_ERRORCODE } from '@airbox/contract';
import type { FastifyInstance } from 'fastify';
import type { ListOwner } from '../../db/counted-page.js';
import { carrierServiceRenamings } from '../../modules/carriers/carriers.service.js';
import { operationsPage } from '../../modules/operations/operations.service.js';
import { defineCall, listOwner } from './define-call.js';

/**
 * Transaction history: the signed-in user's operations only (user_id must name the caller), a
 * label's service named as the renaming list says (read here: the carriers module writes the
 * ledger, so the operations module does not import it back).
 */
export default async function operationsRoutes(app: FastifyInstance) {
  const page = async (owner: ListOwner, query: Parameters<typeof operationsPage>[2]) => ({
    errorcode: READ_ERRORCODE.ok,
    message: 'success',
    ...(await operationsPage(app.db, owner, query, () => carrierServiceRenamings(app.db))),
  });
  defineCall(app, getUserOperationsCall, { sessionWithList: true }).handle(async (input, request) => page(listOwner(request), input));
  defineCall(app, getMyOperationsCall, { sessionWithList: true }).handle(async (input, request) => page(listOwner(request), input));
}
