import { deleteSavedPackageCall, getSavedPackagesCall, READ_ERRORCODE, SAVED_PACKAGE_ERRORCODE, SAVED_PACKAGE_MESSAGES, savePackageCall } from '@airbox/contract';
import type { FastifyInstance } from 'fastify';
import { removeSavedPackage, savedPackagesOf, savePackage } from '../../modules/saved-packages/saved-packages.service.js';
import { defineCall, signedInUser } from './define-call.js';

/** The label page's saved packages (issue 21 item 12). The owner is always the session's user. */
export default async function savedPackagesRoutes(app: FastifyInstance) {
  defineCall(app, getSavedPackagesCall).handle(async (_input, request) => {
    const data = await savedPackagesOf(app.db, signedInUser(request).user_id);
    return { errorcode: READ_ERRORCODE.ok, message: 'success', data };
  });

  defineCall(app, savePackageCall).handle(async (input, request) => {
    const id = await savePackage(app, signedInUser(request).user_id, input);
    return { errorcode: SAVED_PACKAGE_ERRORCODE.ok, message: SAVED_PACKAGE_MESSAGES.saved(input.name), data: { id } };
  });

  defineCall(app, deleteSavedPackageCall).handle(async (input, request) => {
    const name = await removeSavedPackage(app.db, signedInUser(request).user_id, input.id);
    return { errorcode: SAVED_PACKAGE_ERRORCODE.ok, message: SAVED_PACKAGE_MESSAGES.deleted(name) };
  });
}
