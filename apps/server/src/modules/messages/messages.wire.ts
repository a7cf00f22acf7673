import type { InboxMessage } from '@airbox/contract';
import { toIso } from '../../db/dialect.js';
import type { MessageRow } from './messages.table.js';

export function toInboxMessage(row: MessageRow): InboxMessage {
  return {
    message_id: row.message_id,
    message_date: toIso(row.message_date),
    tracking_no: row.tracking_no,
    carrier: row.carrier,
    messages: row.body_html,
    is_pickup: row.is_pickup === 1 ? 1 : 0,
    pickup_code: row.pickup_code,
  };
}
