import type { InboxMessage } from '@airbox/contract';
import type { ListOwner } from '../../db/counted-page.js';
import type { Db } from '../../db/database.js';
import { deleteMessages, deletePickedUpMessages, listMessageCarriers, listMessages, type MessagesQuery } from './messages.repository.js';
import { toInboxMessage } from './messages.wire.js';

/** My Messages: the user's locker messages only; another user's ids read and delete as none. */

/** A page of the user's messages as the calls answer them, newest first, and how many match. */
export async function inboxPage(db: Db, owner: ListOwner, query: MessagesQuery): Promise<{ total: number; messages: InboxMessage[] }> {
  const { total, rows } = await listMessages(db, owner, query);
  return { total, messages: rows.map(toInboxMessage) };
}

/** How many of the user's messages with these ids were deleted. */
export async function deleteInboxMessages(db: Db, userId: number, messageIds: number[]): Promise<number> {
  return deleteMessages(db, userId, messageIds);
}

/** Deletes the user's messages of packages picked up; answers how many. */
export async function deletePickedUpInboxMessages(db: Db, userId: number): Promise<number> {
  return deletePickedUpMessages(db, userId);
}

/** The carriers the user's messages name, for the carrier filter. */
export async function inboxCarriers(db: Db, userId: number): Promise<string[]> {
  return listMessageCarriers(db, userId);
}
