import { ACCOUNT_CAPS } from '@airbox/contract';
import { sql } from 'kysely';
import { compiledPage, type ListOwner } from '../../db/counted-page.js';
import { type Db, writeTransaction } from '../../db/database.js';
import { containingPattern, holdsDigits, holdsText } from '../../db/like.js';
import { lockUser } from '../users/users.repository.js';
import type { ContactRow, ContactUpdate, NewContact } from './contacts.table.js';

/** Every query names the owner: a contact of someone else is never read, changed or deleted. */

/** The count of the user's contacts and a page of them, newest first, compiled once. */
const contactsPage = compiledPage((db, userId, limit, offset) => {
  const contacts = db.selectFrom('contacts').where('user_id', '=', userId);
  const counted = contacts.select((eb) => eb.fn.countAll().as('count'));
  const page = contacts.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset);
  return { counted, page, withCount: page.select(counted.as('total_count')) };
});

/** A page of the user's contacts, newest first, and how many they keep (compiledPage). */
export async function listContacts(db: Db, owner: ListOwner, page: { offset: number; limit: number }): Promise<{ total: number; list: ContactRow[] }> {
  const { total, rows } = await contactsPage(db, owner, page.limit, page.offset);
  return { total, list: rows };
}

export async function insertContact(db: Db, contact: NewContact): Promise<number> {
  const row = await db.insertInto('contacts').values(contact).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Adds a contact to the user's address book unless it holds ACCOUNT_CAPS.contacts already:
 * its id, or undefined (nothing written) when the book is full. Counted in its own write
 * transaction under the user's lock, so adds at once never go past the cap.
 */
export async function insertContactWithinCap(db: Db, contact: NewContact): Promise<number | undefined> {
  return writeTransaction(db, async (trx) => {
    await lockUser(trx, contact.user_id);
    const held = await trx.selectFrom('contacts').select((eb) => eb.fn.countAll().as('count')).where('user_id', '=', contact.user_id).executeTakeFirstOrThrow();
    if (Number(held.count) >= ACCOUNT_CAPS.contacts) return undefined;
    return insertContact(trx, contact);
  });
}

/** The user's contact with the same names, company, address and phone as `contact`, if any. */
export async function findSameContact(
  db: Db,
  contact: Pick<NewContact, 'user_id' | 'first_name' | 'last_name' | 'company' | 'address1' | 'address2' | 'city' | 'state' | 'zipcode' | 'phone'>,
): Promise<ContactRow | undefined> {
  return db
    .selectFrom('contacts')
    .selectAll()
    .where('user_id', '=', contact.user_id)
    .where('first_name', '=', contact.first_name)
    .where('last_name', '=', contact.last_name)
    .where('company', '=', contact.company)
    .where('address1', '=', contact.address1)
    .where('address2', '=', contact.address2)
    .where('city', '=', contact.city)
    .where('state', '=', contact.state)
    .where('zipcode', '=', contact.zipcode)
    .where('phone', '=', contact.phone)
    .executeTakeFirst();
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

/**
 * A page of the user's contacts whose nickname, first or last name, company, first address line,
 * city or phone holds `search` (any case; a phone by its digits), by nickname. An empty search
 * matches every contact.
 */
export async function searchContacts(
  db: Db,
  userId: number,
  search: string,
  page: { offset: number; limit: number },
): Promise<{ total: number; list: ContactRow[] }> {
  const text = search.trim().toLowerCase();
  // A search of digits only (spaces aside) is also looked for in the phones' digits: '4155550190' finds 415-555-0190.
  const digits = /^[\d\s]+$/.test(text) ? text.replace(/\D/g, '') : '';
  const pattern = containingPattern(text);
  const matching = () => {
    let query = db.selectFrom('contacts').where('user_id', '=', userId);
    if (text === '') return query;
    query = query.where((eb) =>
      eb.or([
        ...(['name', 'first_name', 'last_name', 'company', 'address1', 'city', 'phone'] as const).map(
          (column) => holdsText(sql.ref(column), pattern),
        ),
        ...(digits === '' ? [] : [holdsDigits(sql`replace(replace(replace(replace(replace(phone, '-', ''), ' ', ''), '(', ''), ')', ''), '.', '')`, `%${digits}%`)]),
      ]),
    );
    return query;
  };
  const [count, list] = await Promise.all([
    matching().select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow(),
    matching().selectAll().orderBy(sql`lower(name)`).orderBy('id').limit(page.limit).offset(page.offset).execute(),
  ]);
  return { total: Number(count.count), list };
}
