import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Timestamp } from '../../db/dialect.js';

/** A saved address of My Contacts (spec 03 §3). Owned by one user. */
export interface ContactsTable {
  id: Generated<number>;
  user_id: number;
  /** The nickname. */
  name: string;
  first_name: string;
  last_name: string;
  company: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  country: string;
  zipcode: string;
  email: string;
  phone: string;
  /** 0/1: a residential address. */
  residential: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type ContactRow = Selectable<ContactsTable>;
export type NewContact = Insertable<ContactsTable>;
export type ContactUpdate = Updateable<ContactsTable>;
