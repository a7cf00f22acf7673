import { DEFAULT_MESSAGE_CARRIERS } from '@airbox/contract';
import type { Db } from '../../db/database.js';
import { isSqlite } from '../../db/dialect.js';
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

/** A page of one user's messages, newest first, and how many match. */
export async function listMessages(db: Db, userId: number, query: MessagesQuery): Promise<{ total: number; rows: MessageRow[] }> {
  let base = db.selectFrom('messages').where('user_id', '=', userId);
  if (query.carrier) base = base.where('carrier', '=', query.carrier);
  if (query.from) base = base.where('message_date', '>=', query.from);
  if (query.until) base = base.where('message_date', '<', query.until);
  if (query.isPickup !== undefined) base = base.where('is_pickup', '=', query.isPickup);
  const count = async () => Number((await base.select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow()).count);
  const newestFirst = base.selectAll().orderBy('message_date', 'desc').orderBy('message_id', 'desc').limit(query.num).offset(query.start);
  if (isSqlite(db)) {
    // In process, two statements cost less than one that must read every matching row to count
    // them alongside the page: the count from the index, then the page's few rows.
    const total = await count();
    return { total, rows: await newestFirst.execute() };
  }
  // PostgreSQL: the page and the count of the whole filtered list in one statement, one round trip
  // less a call (issue 24). A page past the end has no row to carry the count: only then is it
  // asked on its own.
  const page = await newestFirst.select((eb) => eb.fn.countAll().over().as('total_count')).execute();
  const rows = page.map(({ total_count: _count, ...row }) => row);
  if (page[0]) return { total: Number(page[0].total_count), rows };
  return { total: query.start === 0 ? 0 : await count(), rows };
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
