import type { Db } from '../../db/database.js';
import type { ContactRow, ContactUpdate, NewContact } from './contacts.table.js';

/** Every query names the owner: a contact of someone else is never read, changed or deleted. */

export async function listContacts(
  db: Db,
  userId: number,
  page: { offset: number; limit: number },
): Promise<{ total: number; list: ContactRow[] }> {
  const [count, list] = await Promise.all([
    db
      .selectFrom('contacts')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('contacts')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
  ]);
  return { total: Number(count.count), list };
}

export async function insertContact(db: Db, contact: NewContact): Promise<number> {
  const row = await db.insertInto('contacts').values(contact).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Whether the user's contact was changed (false: no such contact of this user). */
export async function updateContact(db: Db, userId: number, contactId: number, changes: ContactUpdate): Promise<boolean> {
  const result = await db
    .updateTable('contacts')
    .set(changes)
    .where('id', '=', contactId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Whether the user's contact was deleted (false: no such contact of this user). */
export async function deleteContact(db: Db, userId: number, contactId: number): Promise<boolean> {
  const result = await db.deleteFrom('contacts').where('id', '=', contactId).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
