import type { Contact, contactFormSchema } from '@airbox/contract';
import type { z } from 'zod';
import type { ContactRow, NewContact } from './contacts.table.js';

export type ContactColumns = Omit<NewContact, 'id' | 'user_id' | 'created_at' | 'updated_at'>;

/** A contact as the calls answer it; user_id and timestamps stay on the server. */
export function toContact(row: ContactRow): Contact {
  return {
    id: row.id,
    name: row.name,
    firstName: row.first_name,
    lastName: row.last_name,
    company: row.company,
    address1: row.address1,
    address2: row.address2,
    city: row.city,
    state: row.state,
    country: row.country,
    zipcode: row.zipcode,
    email: row.email,
    phone: row.phone,
    residential: row.residential === 1,
  };
}

/** The columns a contact form sets; nothing else of the request is written. */
export function contactColumns(form: z.output<typeof contactFormSchema>): ContactColumns {
  return {
    name: form.name,
    first_name: form.firstName,
    last_name: form.lastName,
    company: form.company,
    address1: form.address1,
    address2: form.address2,
    city: form.city,
    state: form.state,
    country: form.country,
    zipcode: form.zipcode,
    email: form.email,
    phone: form.phone,
    residential: form.residential ? 1 : 0,
  };
}

