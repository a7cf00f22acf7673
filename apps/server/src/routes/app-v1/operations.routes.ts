import { getMyOperationsCall, getUserOperationsCall, READ_ERRORCODE } from '@airbox/contract';
import type { FastifyInstance } from 'fastify';
import { listOperations, type OperationsPageQuery } from '../../modules/operations/operations.repository.js';
import { toOperation } from '../../modules/operations/operations.wire.js';
import { defineCall, signedInUser } from './define-call.js';

/** Transaction history: the signed-in user's operations only (user_id must name the caller). */
export default async function operationsRoutes(app: FastifyInstance) {
  const page = async (userId: number, query: OperationsPageQuery) => {
    const { total, rows } = await listOperations(app.db, userId, query);
    return { errorcode: READ_ERRORCODE.ok, message: 'success', total, operations: rows.map(toOperation) };
  };
  defineCall(app, getUserOperationsCall).handle(async (input, request) => page(signedInUser(request).user_id, input));
  defineCall(app, getMyOperationsCall).handle(async (input, request) => page(signedInUser(request).user_id, input));
}
