import type { Generated, Insertable, Selectable } from 'kysely';
import type { Timestamp } from '../../db/dialect.js';

/** A locker notification in My Messages. Deleting one removes the row. */
export interface MessagesTable {
  message_id: Generated<number>;
  user_id: number;
  package_id: number | null;
  carrier: string;
  tracking_no: string;
  /** HTML built by the server with every value escaped (messages.html.ts). */
  body_html: string;
  is_pickup: number;
  pickup_code: string;
  message_date: Timestamp;
}

export type MessageRow = Selectable<MessagesTable>;
export type NewMessage = Insertable<MessagesTable>;
