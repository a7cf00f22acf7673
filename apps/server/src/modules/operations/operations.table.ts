import type { Generated, Insertable, Selectable } from 'kysely';
import type { Timestamp } from '../../db/dialect.js';

/**
 * One line of a user's history (spec 03 §9 types): a delivery, a pickup and its charge, a
 * purchase or its refund. Every credit or money movement writes one in the same transaction; a
 * money line names what it was for (shipment_id, pickup_id, package_id, or its plan by op_type).
 */
export interface OperationsTable {
  op_id: Generated<number>;
  user_id: number;
  op_type: number;
  op_timestamp: Timestamp;
  delivery_time: Timestamp | null;
  pickup_time: Timestamp | null;
  charge_time: Timestamp | null;
  op_time: Timestamp | null;
  /** Money paid, in cents; negative: money given back (a label's refund). */
  quote_cents: number | null;
  /** Signed: + purchases, - charges. */
  credits_delta: number;
  /** Credits the Terms asked for; more than -credits_delta when the balance ran out. */
  credits_owed: number;
  overtime_days: number;
  balance_after: number;
  package_id: number | null;
  /** Unique where set: a payment order grants once. */
  payment_order_id: number | null;
  /** The label a money line was for: its purchase or its refund. */
  shipment_id: number | null;
  /** The carrier pickup a money line paid for. */
  pickup_id: number | null;
}

export type OperationRow = Selectable<OperationsTable>;
export type NewOperation = Insertable<OperationsTable>;
