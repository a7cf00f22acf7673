import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { BatchRowState, BatchRule, BatchState } from '@airbox/contract';
import type { Timestamp } from '../../db/dialect.js';

/** A batch of labels from a spreadsheet (issue 25 item 1; migration 0031 says each column). */
export interface LabelBatchesTable {
  id: Generated<number>;
  user_id: number;
  state: BatchState;
  rule: Generated<BatchRule>;
  rule_carrier: Generated<string>;
  rule_service: Generated<string>;
  file_name: Generated<string>;
  /** The sender, JSON of the label page's From step (labelOrderAddressSchema's output). */
  sender: string;
  ship_date: string;
  payment_order_id: number | null;
  total_cents: Generated<number>;
  refunded_cents: Generated<number>;
  paid_at: Timestamp | null;
  finished_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type LabelBatchRow = Selectable<LabelBatchesTable>;
export type NewLabelBatch = Insertable<LabelBatchesTable>;
export type LabelBatchUpdate = Updateable<LabelBatchesTable>;

/** One row of a batch. */
export interface LabelBatchRowsTable {
  id: Generated<number>;
  batch_id: number;
  row_no: number;
  /** BatchCells as JSON. */
  cells: string;
  /** BatchRowError[] as JSON: the cells' mistakes and a duplicate. */
  cell_errors: Generated<string>;
  /** Why the carrier could not verify the recipient ('' when it did, or was not asked yet). */
  verify_error: Generated<string>;
  /** The carrier's notes that do not stop it, JSON string[]. */
  notes: Generated<string>;
  state: BatchRowState;
  /** ShipmentRate[] as JSON, for provider_shipment_id, rated at rated_at. */
  rates: string | null;
  provider_shipment_id: string | null;
  rated_at: Timestamp | null;
  /** The rate the rule picked, and what it costs. */
  rate_id: string | null;
  carrier: Generated<string>;
  service: Generated<string>;
  price_cents: Generated<number>;
  delivery_days: number | null;
  delivery_date: string | null;
  /** The label once bought (a row of shipments). */
  shipment_id: number | null;
  note: Generated<string>;
  refund_state: 'pending' | 'refunded' | null;
  refund_cents: Generated<number>;
  updated_at: Timestamp;
}

export type LabelBatchRowRow = Selectable<LabelBatchRowsTable>;
export type NewLabelBatchRow = Insertable<LabelBatchRowsTable>;
export type LabelBatchRowUpdate = Updateable<LabelBatchRowsTable>;
