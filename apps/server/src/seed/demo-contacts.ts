import { insertContact } from '../modules/contacts/contacts.repository.js';
import type { ContactColumns } from '../modules/contacts/contacts.wire.js';
import type { Db } from '../db/database.js';

/** The demo customer's address book (My Contacts), oldest first. */
const DEMO_CONTACTS: ContactColumns[] = [
  {
    name: 'Mom',
    first_name: 'Maria',
    last_name: 'Demo',
    company: '',
    address1: '2210 NW Everett St',
    address2: '',
    city: 'Portland',
    state: 'OR',
    country: 'USA',
    zipcode: '97210',
    email: 'maria.demo@example.com',
    phone: '503-555-0142',
    residential: 1,
  },
  {
    name: 'Office',
    first_name: 'Jordan',
    last_name: 'Lee',
    company: 'Bayview Robotics',
    address1: '1800 Owens St',
    address2: 'Suite 100',
    city: 'San Francisco',
    state: 'CA',
    country: 'USA',
    zipcode: '94158',
    email: 'jordan.lee@example.com',
    phone: '415-555-0190',
    residential: 0,
  },
  {
    name: 'Returns',
    first_name: '',
    last_name: '',
    company: 'Market Street Outfitters',
    address1: '901 Market St',
    address2: 'Returns Dept',
    city: 'San Francisco',
    state: 'CA',
    country: 'USA',
    zipcode: '94103',
    email: '',
    phone: '(415) 555-0123',
    residential: 0,
  },
];

/** Adds the demo contacts to a user, one minute apart so "newest first" is visible. */
export async function seedDemoContacts(trx: Db, userId: number, now: Date): Promise<void> {
  for (const [index, contact] of DEMO_CONTACTS.entries()) {
    const at = new Date(now.getTime() - (DEMO_CONTACTS.length - index) * 60_000).toISOString();
    await insertContact(trx, { ...contact, user_id: userId, created_at: at, updated_at: at });
  }
}
