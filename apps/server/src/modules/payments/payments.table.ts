import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Timestamp } from '../../db/dialect.js';

/**
 * created → capturing (the return claims it; cancel no longer applies) → captured (granted, in
 * the same transaction as the grant) or failed (the provider declined); created → cancelled.
 * Whatever state an order is in, a capture the provider reports COMPLETED ends it captured.
 * A capture the provider reports PENDING keeps the order capturing, with its capture id and
 * capture_pending_reason, until the provider completes it (captured) or declines it (failed).
 */
export type PaymentOrderStatus = 'created' | 'capturing' | 'captured' | 'cancelled' | 'failed' | 'refunded';

/** What an order pays for: a plan (memberships), a label (shipments), a carrier pickup, a day more for a waiting package (pickup-extensions) or a batch of labels (shipments/label-batch-checkout.ts). */
export type PaymentPurpose = 'membership' | 'label' | 'pickup' | 'pickup-extension' | 'label-batch';

/**
 * A purchase of a plan or a label, paid through a payment provider. Granted once it is
 * 'captured'; 'refunded' once the provider gave the money back (refund_request_id is the key
 * that refund is made with, so it is made once).
 */
export interface PaymentOrdersTable {
  id: Generated<number>;
  user_id: number;
  /** 'simulator' or 'paypal'. */
  provider: string;
  /** The provider's order id (PayPal's token on the return); unique. */
  provider_order_id: string | null;
  /** Idempotency key sent to the provider; unique. */
  request_id: string;
  purpose: Generated<PaymentPurpose>;
  /** The plan bought (memberships only). */
  plan: number | null;
  quantity: number;
  amount_cents: number;
  currency: string;
  status: PaymentOrderStatus;
  created_at: Timestamp;
  captured_at: Timestamp | null;
  /** The provider's capture id: what a refund names. */
  capture_id: string | null;
  refund_request_id: string | null;
  refunded_at: Timestamp | null;
  /**
   * Why the provider has not completed the capture yet (PayPal's status_details.reason, e.g.
   * ECHECK); set only while the order is capturing with a PENDING capture.
   */
  capture_pending_reason: string | null;
  /** When the provider was last asked about the pending capture (the recurring job asks again). */
  capture_checked_at: Timestamp | null;
}

export type PaymentOrderRow = Selectable<PaymentOrdersTable>;
export type NewPaymentOrder = Insertable<PaymentOrdersTable>;
export type PaymentOrderUpdate = Updateable<PaymentOrdersTable>;

export type SimulatedOrderStatus = 'CREATED' | 'APPROVED' | 'COMPLETED' | 'DECLINED' | 'VOIDED';

/** The payment simulator's side of an order: what PayPal would keep. */
export interface PaymentSimulatorOrdersTable {
  id: string;
  request_id: string;
  amount_cents: number;
  currency: string;
  description: string;
  return_url: string;
  cancel_url: string;
  status: SimulatedOrderStatus;
  capture_request_id: string | null;
  /** The capture's id, as PayPal names it (what a refund names); set at capture. */
  capture_id: string | null;
  created_at: Timestamp;
}

/** A refund the payment simulator made: one per request id, never more than was captured. */
export interface PaymentSimulatorRefundsTable {
  id: string;
  request_id: string;
  capture_id: string;
  amount_cents: number;
  currency: string;
  /** 'COMPLETED'. */
  status: string;
  created_at: Timestamp;
}

