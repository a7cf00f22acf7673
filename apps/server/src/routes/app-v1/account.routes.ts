import { getUnPickupsByIdCall, getUserByUserIdCall, READ_ERRORCODE, USER_RECORD_ERRORCODE } from '@airbox/contract';
import type { FastifyInstance } from 'fastify';
import { lockerList } from '../../modules/hubs/hubs.service.js';
import { waitingPackages } from '../../modules/packages/packages.service.js';
import { liveSharesOfUser } from '../../modules/pickup-shares/pickup-shares.service.js';
import { toUserProfile } from '../../modules/users/users.wire.js';
import { defineCall, signedInAccount } from './define-call.js';

/** The signed-in user's own record and dashboard figures. The session names the user. */
export default async function accountRoutes(app: FastifyInstance) {
  defineCall(app, getUserByUserIdCall, { account: true }).handle(async (_input, request) => {
    const user = signedInAccount(request);
    return { errorcode: USER_RECORD_ERRORCODE.found, message: 'success', users: [toUserProfile(user)], lockers: await lockerList(app.db) };
  });

  defineCall(app, getUnPickupsByIdCall, { account: true }).handle(async (_input, request) => {
    // The count and the list come from one read, so they always agree.
    const user = signedInAccount(request);
    const [waiting, shares] = await Promise.all([waitingPackages(app.db, user, app.config.clock()), liveSharesOfUser(app.db, user.user_id)]);
    // Each with its live share, if any (issue 22 item 1).
    const packages = waiting.map((item) => ({ ...item, share: shares.get(item.packageId) ?? null }));
    return { errorcode: READ_ERRORCODE.ok, message: 'success', unpickups: packages.length, packages };
  });
}
