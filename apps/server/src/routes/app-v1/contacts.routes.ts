import {
  addUserShipmentAddressCall,
  CONTACT_ERRORCODE,
  CONTACT_MESSAGES,
  deleteUserShipmentAddressCall,
  getUserShipmentAddressCall,
  READ_ERRORCODE,
  updateUserShipmentAddressCall,
} from '@airbox/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.js';
import { addContact, changeContact, contactsPage, removeContact } from '../../modules/contacts/contacts.service.js';
import { defineCall, listOwner, signedInUser } from './define-call.js';

/**
 * The same answer for a contact that does not exist and one of another user, so an id reveals
 * nothing about other people's address books.
 */
const contactNotFound = () => new AppError(404, CONTACT_ERRORCODE.notFound, CONTACT_MESSAGES.notFound);

/** My Contacts (spec 03 §7): the signed-in user's address book. The owner is always the session's user. */
export default async function contactsRoutes(app: FastifyInstance) {
  defineCall(app, getUserShipmentAddressCall, { sessionWithList: true }).handle(async (input, request) => {
    const data = await contactsPage(app.db, listOwner(request), { page: input.page, size: input.num });
    return { errorcode: READ_ERRORCODE.ok, message: 'success', data };
  });

  defineCall(app, addUserShipmentAddressCall).handle(async (input, request) => {
    await addContact(app, signedInUser(request).user_id, input);
    return { errorcode: CONTACT_ERRORCODE.ok, message: CONTACT_MESSAGES.added };
  });

  defineCall(app, updateUserShipmentAddressCall).handle(async (input, request) => {
    if (!(await changeContact(app, signedInUser(request).user_id, input.id, input))) throw contactNotFound();
    return { errorcode: CONTACT_ERRORCODE.ok, message: CONTACT_MESSAGES.updated };
  });

  defineCall(app, deleteUserShipmentAddressCall).handle(async (input, request) => {
    if (!(await removeContact(app.db, signedInUser(request).user_id, input.id))) throw contactNotFound();
    return { errorcode: CONTACT_ERRORCODE.ok, message: CONTACT_MESSAGES.deleted };
  });
}
