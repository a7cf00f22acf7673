import {
  ACCOUNT_CAPS,
  addUserShipmentAddressCall,
  API_ERRORCODE,
  CONTACT_ERRORCODE,
  CONTACT_MESSAGES,
  deleteUserShipmentAddressCall,
  getUserShipmentAddressCall,
  MESSAGES,
  READ_ERRORCODE,
  updateUserShipmentAddressCall,
} from '@airbox/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.js';
import { deleteContact, insertContactWithinCap, listContacts, updateContact } from '../../modules/contacts/contacts.repository.js';
import { contactColumns, toContact } from '../../modules/contacts/contacts.wire.js';
import { defineCall, signedInUser } from './define-call.js';

/**
 * The same answer for a contact that does not exist and one of another user, so an id reveals
 * nothing about other people's address books.
 */
const contactNotFound = () => new AppError(404, CONTACT_ERRORCODE.notFound, CONTACT_MESSAGES.notFound);

/** My Contacts (spec 03 §7): the signed-in user's address book. The owner is always the session's user. */
export default async function contactsRoutes(app: FastifyInstance) {
  defineCall(app, getUserShipmentAddressCall).handle(async (input, request) => {
    const user = signedInUser(request);
    const page = await listContacts(app.db, user.user_id, { offset: (input.page - 1) * input.num, limit: input.num });
    return { errorcode: READ_ERRORCODE.ok, message: 'success', data: { total: page.total, list: page.list.map(toContact) } };
  });

  defineCall(app, addUserShipmentAddressCall).handle(async (input, request) => {
    const user = signedInUser(request);
    const nowIso = app.config.clock().toISOString();
    const added = await insertContactWithinCap(app.db, {
      ...contactColumns(input),
      user_id: user.user_id,
      created_at: nowIso,
      updated_at: nowIso,
    });
    if (added === undefined) throw new AppError(409, API_ERRORCODE.limitReached, MESSAGES.contactsFull(ACCOUNT_CAPS.contacts));
    return { errorcode: CONTACT_ERRORCODE.ok, message: CONTACT_MESSAGES.added };
  });

  defineCall(app, updateUserShipmentAddressCall).handle(async (input, request) => {
    const user = signedInUser(request);
    const changed = await updateContact(app.db, user.user_id, input.id, {
      ...contactColumns(input),
      updated_at: app.config.clock().toISOString(),
    });
    if (!changed) throw contactNotFound();
    return { errorcode: CONTACT_ERRORCODE.ok, message: CONTACT_MESSAGES.updated };
  });

  defineCall(app, deleteUserShipmentAddressCall).handle(async (input, request) => {
    const user = signedInUser(request);
    if (!(await deleteContact(app.db, user.user_id, input.id))) throw contactNotFound();
    return { errorcode: CONTACT_ERRORCODE.ok, message: CONTACT_MESSAGES.deleted };
  });
}
