import { ACCOUNT_CAPS, API_ERRORCODE, type Contact, type contactFormSchema, MESSAGES } from '@airbox/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { ListOwner } from '../../db/counted-page.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { deleteContact, insertContactWithinCap, listContacts, searchContacts, updateContact } from './contacts.repository.js';
import { contactColumns, toContact } from './contacts.wire.js';

/**
 * My Contacts (spec 03 §7): the signed-in user's address book, as the calls answer it. Every call
 * names the owner: a contact of someone else reads, changes and deletes as one that does not exist.
 */

type ContactForm = z.output<typeof contactFormSchema>;

/** A page of the user's contacts (page counts from 1), newest first, and how many they keep. */
export async function contactsPage(db: Db, owner: ListOwner, page: { page: number; size: number }): Promise<{ total: number; list: Contact[] }> {
  const found = await listContacts(db, owner, { offset: (page.page - 1) * page.size, limit: page.size });
  return { total: found.total, list: found.list.map(toContact) };
}

/** A page of the user's contacts that hold `search` (searchContacts), by nickname. */
export async function searchContactsPage(db: Db, userId: number, search: string, page: { page: number; size: number }): Promise<{ total: number; list: Contact[] }> {
  const found = await searchContacts(db, userId, search, { offset: (page.page - 1) * page.size, limit: page.size });
  return { total: found.total, list: found.list.map(toContact) };
}

/** Adds the form's contact to the user's address book; refused (409) when it holds ACCOUNT_CAPS.contacts already. */
export async function addContact(deps: Pick<AppContext, 'db' | 'config'>, userId: number, form: ContactForm): Promise<void> {
  const nowIso = deps.config.clock().toISOString();
  const added = await insertContactWithinCap(deps.db, { ...contactColumns(form), user_id: userId, created_at: nowIso, updated_at: nowIso });
  if (added === undefined) throw new AppError(409, API_ERRORCODE.limitReached, MESSAGES.contactsFull(ACCOUNT_CAPS.contacts));
}

/** Whether the user's contact took the form's values (false: no such contact of this user). */
export async function changeContact(deps: Pick<AppContext, 'db' | 'config'>, userId: number, contactId: number, form: ContactForm): Promise<boolean> {
  return updateContact(deps.db, userId, contactId, { ...contactColumns(form), updated_at: deps.config.clock().toISOString() });
}

/** Whether the user's contact was deleted (false: no such contact of this user). */
export async function removeContact(db: Db, userId: number, contactId: number): Promise<boolean> {
  return deleteContact(db, userId, contactId);
}
