import type { Generated, Insertable, Selectable } from 'kysely';
import type { Timestamp } from '../../db/dialect.js';

/**
 * An end-of-day USPS scan form of a customer's labels (issue 25 item 2). Its `status`:
 * creating (written with its labels before the carrier is asked; a replay or a retry finds it)
 * → created (provider_scan_form_id kept) or failed (the carrier refused: its labels are freed,
 * note says why). A carrier that did not answer leaves it creating: asking again with the same
 * labels asks the carrier again under the same key.
 */
export type ScanFormRowStatus = 'creating' | 'created' | 'failed';

export interface ScanFormsTable {
  id: Generated<number>;
  user_id: number;
  /** The carriers provider that made it ('simulator', 'easypost'). */
  provider: string;
  provider_scan_form_id: string | null;
  status: ScanFormRowStatus;
  /** 'YYYY-MM-DD': the labels' ship date. */
  ship_date: string;
  /** The sender's address on one line. */
  from_line: Generated<string>;
  note: Generated<string>;
  created_at: Timestamp;
  /** While creating: the claim of the request asking the carrier (claimScanForm); epoch once given up. */
  updated_at: Timestamp;
}

/** A label a scan form lists; shipment_id is unique: a label is on one scan form at most. */
export interface ScanFormLabelsTable {
  scan_form_id: number;
  shipment_id: number;
  position: number;
}

export type ScanFormRow = Selectable<ScanFormsTable>;
export type NewScanForm = Insertable<ScanFormsTable>;
