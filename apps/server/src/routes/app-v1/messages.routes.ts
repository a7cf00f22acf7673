import {
  deleteAllMessageCall,
  deleteMessageCall,
  getCarrierListCall,
  getUserMessageCall,
  INBOX_MESSAGES,
  MESSAGE_DELETE_ERRORCODE,
  pacificTime,
  READ_ERRORCODE,
} from '@airbox/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.js';
import { deleteInboxMessages, deletePickedUpInboxMessages, inboxCarriers, inboxPage } from '../../modules/messages/messages.service.js';
import { defineCall, listOwner, signedInUser } from './define-call.js';

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A date range bound as an instant. A plain date (YYYY-MM-DD) is a Pacific day, the lockers' and
 * the Terms' zone, and both ends are inclusive; a full date-time is taken as given.
 */
function bound(value: string | undefined, end: boolean, field: string): string | undefined {
  if (!value) return undefined;
  const day = DATE_ONLY.exec(value);
  if (day) {
    const [year, month, date] = [Number(day[1]), Number(day[2]), Number(day[3])];
    if (month < 1 || month > 12 || date < 1 || date > 31) throw AppError.invalid(`${field} must be a date`);
    return pacificTime(year, month, date + (end ? 1 : 0)).toISOString();
  }
  const instant = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(instant.getTime())) throw AppError.invalid(`${field} must be a date`);
  return new Date(instant.getTime() + (end ? 1 : 0)).toISOString();
}

/** My Messages: the signed-in user's locker messages only; others' ids change nothing. */
export default async function messagesRoutes(app: FastifyInstance) {
  defineCall(app, getUserMessageCall, { sessionWithList: true }).handle(async (input, request) => {
    const { total, messages } = await inboxPage(app.db, listOwner(request), {
      start: input.start,
      num: input.num,
      carrier: input.carrier || undefined,
      from: bound(input.start_time, false, 'start_time'),
      until: bound(input.end_time, true, 'end_time'),
      isPickup: input.is_pickup === '1' ? 1 : input.is_pickup === '0' ? 0 : undefined,
    });
    return { errorcode: READ_ERRORCODE.ok, message: 'success', total, messages };
  });

  defineCall(app, deleteMessageCall).handle(async (input, request) => {
    const deleted = await deleteInboxMessages(app.db, signedInUser(request).user_id, input.message_id);
    // The same answer for an unknown id and another user's: nothing tells them apart.
    return deleted > 0
      ? { errorcode: MESSAGE_DELETE_ERRORCODE.deleted, message: input.message_id.length > 1 ? INBOX_MESSAGES.bulkDeleted : INBOX_MESSAGES.deleted }
      : { errorcode: MESSAGE_DELETE_ERRORCODE.noneDeleted, message: 'No message was deleted.' };
  });

  defineCall(app, deleteAllMessageCall).handle(async (_input, request) => {
    await deletePickedUpInboxMessages(app.db, signedInUser(request).user_id);
    return { errorcode: MESSAGE_DELETE_ERRORCODE.deleted, message: INBOX_MESSAGES.bulkDeleted };
  });

  defineCall(app, getCarrierListCall).handle(async (_input, request) => {
    const carriers = await inboxCarriers(app.db, signedInUser(request).user_id);
    return { errorcode: READ_ERRORCODE.ok, message: 'success', carrierList: carriers.map((name) => ({ shipping_company_name: name })) };
  });
}
