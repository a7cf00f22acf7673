import type { Generated } from 'kysely';
import type { Timestamp } from '../../db/dialect.js';

/** A label's QR code to show at the counter (issue 23 item 2): the carrier's PNG, kept with the label. */
export interface ShipmentQrCodesTable {
  shipment_id: number;
  content: Buffer;
}

/** A return label mailed to the person who will use it (issue 23 item 3); the 'return-label-mail' job reads it. */
export interface ReturnLabelSendsTable {
  id: Generated<number>;
  shipment_id: number;
  user_id: number;
  email: string;
  copy_me: Generated<number>;
  created_at: Timestamp;
}
