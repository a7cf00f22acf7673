import { DEFAULT_MESSAGE_CARRIERS } from '@airbox/contract';
import type { Db } from '../../db/database.js';
import { builtPage, compiledPage, countedPage } from '../../db/counted-page.js';
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

/** The count of the user's messages matching `filters`, and a page of them newest first, as built by Kysely. */
function pageQueries(db: Db, userId: number, filters: MessageFilters, limit: number, offset: number) {
  let base = db.selectFrom('messages').where('user_id', '=', userId);
  if (filters.carrier) base = base.where('carrier', '=', filters.carrier);
  if (filters.from) base = base.where('message_date', '>=', filters.from);
  if (filters.until) base = base.where('message_date', '<', filters.until);
  if (filters.isPickup !== undefined) base = base.where('is_pickup', '=', filters.isPickup);
  const counted = base.select((eb) => eb.fn.countAll().as('count'));
  const page = base.selectAll().orderBy('message_date', 'desc').orderBy('message_id', 'desc').limit(limit).offset(offset);
  return { counted, page, withCount: page.select(counted.as('total_count')) };
}

/** The same queries without a filter (the list as it opens and as it pages), compiled once. */
const unfiltered = compiledPage((db, userId, limit, offset) => pageQueries(db, userId, {}, limit, offset));

/** A page of one user's messages, newest first, and how many match (countedPage). */
export async function listMessages(db: Db, userId: number, query: MessagesQuery): Promise<{ total: number; rows: MessageRow[] }> {
  const { start, num, ...filters } = query;
  const filtered = Boolean(filters.carrier || filters.from || filters.until || filters.isPickup !== undefined);
  return countedPage(db, start, filtered ? builtPage(pageQueries(db, userId, filters, num, start)) : unfiltered(db, userId, num, start));
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
