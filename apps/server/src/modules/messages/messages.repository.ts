import { DEFAULT_MESSAGE_CARRIERS } from '@airbox/contract';
import type { Db } from '../../db/database.js';
import { compiledFilteredPage, type FilterValues, type ListOwner } from '../../db/counted-page.js';
import type { MessageRow, NewMessage } from './messages.table.js';

export async function insertMessage(db: Db, message: NewMessage): Promise<number> {
  const row = await db.insertInto('messages').values(message).returning('message_id').executeTakeFirstOrThrow();
  return row.message_id;
}

export interface MessagesQuery {
  start: number;
  num: number;
  carrier?: string | undefined;
  /** Inclusive lower bound (ISO instant). */
  from?: string | undefined;
  /** Exclusive upper bound (ISO instant). */
  until?: string | undefined;
  isPickup?: 0 | 1 | undefined;
}

type MessageFilters = Pick<MessagesQuery, 'carrier' | 'from' | 'until' | 'isPickup'>;

/** The count of the user's messages matching the filters, and a page of them newest first, compiled once for each set of filters. */
const filteredPage = compiledFilteredPage((db, userId, limit, offset, filters: FilterValues<keyof MessageFilters>) => {
  let base = db.selectFrom('messages').where('user_id', '=', userId);
  if ('carrier' in filters) base = base.where('carrier', '=', filters.carrier as string);
  if ('from' in filters) base = base.where('message_date', '>=', filters.from as string);
  if ('until' in filters) base = base.where('message_date', '<', filters.until as string);
  if ('isPickup' in filters) base = base.where('is_pickup', '=', filters.isPickup as 0 | 1);
  const counted = base.select((eb) => eb.fn.countAll().as('count'));
  const page = base.selectAll().orderBy('message_date', 'desc').orderBy('message_id', 'desc').limit(limit).offset(offset);
  return { counted, page, withCount: page.select(counted.as('total_count')) };
});

/** A page of one user's messages, newest first, and how many match (compiledPage). */
export async function listMessages(db: Db, owner: ListOwner, query: MessagesQuery): Promise<{ total: number; rows: MessageRow[] }> {
  const { start, num, carrier, from, until, isPickup } = query;
  const filters: FilterValues<keyof MessageFilters> = {};
  if (carrier) filters.carrier = carrier;
  if (from) filters.from = from;
  if (until) filters.until = until;
  if (isPickup !== undefined) filters.isPickup = isPickup;
  return filteredPage(db, owner, num, start, filters);
}

/** Deletes the listed messages that belong to the user; others' ids are ignored. Returns how many went. */
export async function deleteMessages(db: Db, userId: number, messageIds: number[]): Promise<number> {
  if (messageIds.length === 0) return 0;
  const result = await db.deleteFrom('messages').where('user_id', '=', userId).where('message_id', 'in', messageIds).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deletePickedUpMessages(db: Db, userId: number): Promise<number> {
  const result = await db.deleteFrom('messages').where('user_id', '=', userId).where('is_pickup', '=', 1).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The message a package's delivery left the customer (the first of the package's), unless they deleted it. */
export async function findDeliveryMessageId(db: Db, packageId: number): Promise<number | null> {
  const row = await db.selectFrom('messages').select('message_id').where('package_id', '=', packageId).orderBy('message_id').executeTakeFirst();
  return row ? Number(row.message_id) : null;
}

export async function markPackageMessagesPickedUp(db: Db, packageId: number): Promise<void> {
  await db.updateTable('messages').set({ is_pickup: 1 }).where('package_id', '=', packageId).execute();
}

/** The default carriers, then any other carrier the user's messages name. */
export async function listMessageCarriers(db: Db, userId: number): Promise<string[]> {
  const rows = await db.selectFrom('messages').select('carrier').distinct().where('user_id', '=', userId).orderBy('carrier').execute();
  const carriers: string[] = [...DEFAULT_MESSAGE_CARRIERS];
  for (const { carrier } of rows) if (!carriers.includes(carrier)) carriers.push(carrier);
  return carriers;
}
