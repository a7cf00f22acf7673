import { getUnPickupsByIdCall, getUserByUserIdCall, READ_ERRORCODE, USER_RECORD_ERRORCODE } from '@airbox/contract';
import type { FastifyInstance } from 'fastify';
import { listHubs } from '../../modules/hubs/hubs.repository.js';
import { toLocker } from '../../modules/hubs/hubs.wire.js';
import { listWaitingPackages } from '../../modules/packages/packages.repository.js';
import { toWaitingPackage } from '../../modules/packages/packages.wire.js';
import { toUserProfile } from '../../modules/users/users.wire.js';
import { defineCall, signedInUser } from './define-call.js';

/** The signed-in user's own record and dashboard figures. The session names the user. */
export default async function accountRoutes(app: FastifyInstance) {
  defineCall(app, getUserByUserIdCall).handle(async (_input, request) => {
    const user = signedInUser(request);
    const hubs = await listHubs(app.db);
    return { errorcode: USER_RECORD_ERRORCODE.found, message: 'success', users: [toUserProfile(user)], lockers: hubs.map(toLocker) };
  });

  defineCall(app, getUnPickupsByIdCall).handle(async (_input, request) => {
    // The count and the list come from one read, so they always agree.
    const user = signedInUser(request);
    const waiting = await listWaitingPackages(app.db, user.user_id);
    const now = app.config.clock();
    return { errorcode: READ_ERRORCODE.ok, message: 'success', unpickups: waiting.length, packages: waiting.map((row) => toWaitingPackage(row, user, now)) };
  });
}
