import { randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import { type Database, type Db, writeTransaction } from '../../db/database.js';
import { heldRows, uniqueViolation } from '../../db/dialect.js';
import { type CaptureResult, PaymentProviderError, type PaymentsProvider, type RefundResult } from './payments-provider.js';

/** The simulator's side of an order, as PayPal keeps it. */
export type SimulatedOrderRow = Selectable<Database['payment_simulator_orders']>;

/** The simulator's approval page; the order id travels as ?token= so logs redact it. */
export const SIMULATOR_PAGE_PATH = '/app/v1/payments/simulator';

/**
 * An amount whose cents are 13 ($x.13) is declined at capture, as a card refused by the bank:
 * e.g. 87 credits at $2.99 ($260.13). Everything else is captured.
 */
export const SIMULATOR_DECLINED_CENTS = 13;

export interface SimulatorPaymentsProvider extends PaymentsProvider {
  readonly name: 'simulator';
  findOrder(id: string): Promise<SimulatedOrderRow | undefined>;
  /** The payer approved: the return URL to send them to, or undefined if the order cannot be approved. */
  approve(id: string): Promise<string | undefined>;
  /** The payer cancelled: the cancel URL to send them to, or undefined for an unknown order. */
  cancel(id: string): Promise<string | undefined>;
  /** The next refundCapture fails with this error (a PaymentProviderError: refused; any other: no answer). */
  failNextRefund(error: Error): void;
  /** The refunds made on a capture, oldest first. */
  refundsOf(captureId: string): Promise<{ requestId: string; amountCents: number; currency: string }[]>;
}

/** 17 characters like PayPal's order ids. */
function orderId(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
  return [...randomBytes(17)].map((byte) => alphabet[byte % alphabet.length]).join('');
}

function withToken(url: string, token: string, extra: Record<string, string> = {}): string {
  const target = new URL(url);
  target.searchParams.set('token', token);
  for (const [key, value] of Object.entries(extra)) target.searchParams.set(key, value);
  return target.toString();
}

/**
 * The local payment provider (the default): it keeps its orders in the database, as PayPal
 * keeps them on its side, so any app instance can serve the approval page and the capture.
 * Same states and refusals as PayPal: CREATED → APPROVED (payer) → COMPLETED or DECLINED
 * (capture); capturing an order not approved fails with ORDER_NOT_APPROVED.
 */
export function createSimulatorPaymentsProvider(db: Db, publicUrl: string, clock: () => Date): SimulatorPaymentsProvider {
  const findOrder = (id: string) => db.selectFrom('payment_simulator_orders').selectAll().where('id', '=', id).executeTakeFirst();
  const refundFailures: Error[] = [];
  const findRefund = (requestId: string) =>
    db.selectFrom('payment_simulator_refunds').selectAll().where('request_id', '=', requestId).executeTakeFirst();

  return {
    name: 'simulator',
    findOrder,
    async createOrder(input) {
      const id = orderId();
      try {
        await db
          .insertInto('payment_simulator_orders')
          .values({
            id,
            request_id: input.requestId,
            amount_cents: input.amountCents,
            currency: input.currency,
            description: input.description,
            return_url: input.returnUrl,
            cancel_url: input.cancelUrl,
            status: 'CREATED',
            capture_request_id: null,
            created_at: clock().toISOString(),
          })
          .execute();
        return { providerOrderId: id, approvalUrl: withToken(`${publicUrl}${SIMULATOR_PAGE_PATH}`, id) };
      } catch (error) {
        // The same request id again: the order it created, as PayPal answers a repeated PayPal-Request-Id.
        if (uniqueViolation(error) !== 'payment_simulator_orders.request_id') throw error;
        const existing = await db
          .selectFrom('payment_simulator_orders')
          .select('id')
          .where('request_id', '=', input.requestId)
          .executeTakeFirstOrThrow();
        return { providerOrderId: existing.id, approvalUrl: withToken(`${publicUrl}${SIMULATOR_PAGE_PATH}`, existing.id) };
      }
    },
    async captureOrder(id, requestId): Promise<CaptureResult> {
      return writeTransaction(db, async (trx) => {
        const order = await trx.selectFrom('payment_simulator_orders').selectAll().where('id', '=', id).executeTakeFirst();
        if (!order) throw new PaymentProviderError('no such order', 'RESOURCE_NOT_FOUND');
        const result = (status: string, captureId: string | null): CaptureResult => ({
          status,
          amountCents: order.amount_cents,
          currency: order.currency,
          captureId,
        });
        // Captured before (this request id or another): that capture, as the PayPal adapter answers
        // PayPal's ORDER_ALREADY_CAPTURED by reading the order.
        if (order.status === 'COMPLETED' || order.status === 'DECLINED') return result(order.status, order.capture_id);
        if (order.status !== 'APPROVED') throw new PaymentProviderError('the payer has not approved the order', 'ORDER_NOT_APPROVED');
        const status = order.amount_cents % 100 === SIMULATOR_DECLINED_CENTS ? 'DECLINED' : 'COMPLETED';
        const captureId = orderId();
        await trx
          .updateTable('payment_simulator_orders')
          .set({ status, capture_request_id: requestId, capture_id: captureId })
          .where('id', '=', id)
          .where('status', '=', 'APPROVED')
          .execute();
        return result(status, captureId);
      });
    },
    async getCapture(captureId): Promise<CaptureResult> {
      const order = await db.selectFrom('payment_simulator_orders').selectAll().where('capture_id', '=', captureId).executeTakeFirst();
      if (!order) throw new PaymentProviderError('no such capture', 'INVALID_RESOURCE_ID');
      return { status: order.status, amountCents: order.amount_cents, currency: order.currency, captureId };
    },
    async refundCapture(input): Promise<RefundResult> {
      const failure = refundFailures.shift();
      if (failure) throw failure;
      const answer = (refund: { id: string; status: string }): RefundResult => ({ refundId: refund.id, status: refund.status });
      const repeated = await findRefund(input.requestId);
      if (repeated) {
        if (repeated.capture_id !== input.captureId) throw new PaymentProviderError('the request id refunded another capture', 'DUPLICATE_REQUEST_ID');
        return answer(repeated);
      }
      try {
        return await writeTransaction(db, async (trx) => {
          // The capture's row is locked first (PostgreSQL; SQLite's write transaction holds the
          // database), so refunds of one capture are made one after another: a repeat asked while
          // the first was being made then finds it below, and the sum is the refunds made so far.
          const order = await heldRows(trx, trx.selectFrom('payment_simulator_orders').selectAll().where('capture_id', '=', input.captureId)).executeTakeFirst();
          // Asked again while the first was being made: that one's answer.
          const made = await trx.selectFrom('payment_simulator_refunds').selectAll().where('request_id', '=', input.requestId).executeTakeFirst();
          if (made) return answer(made);
          if (!order || order.status !== 'COMPLETED') throw new PaymentProviderError('no such capture', 'INVALID_RESOURCE_ID');
          if (input.currency !== order.currency) throw new PaymentProviderError('the refund is in another currency', 'CURRENCY_MISMATCH');
          if (!Number.isInteger(input.amountCents) || input.amountCents <= 0) throw new PaymentProviderError('not an amount', 'INVALID_PARAMETER_VALUE');
          const refunded = await trx
            .selectFrom('payment_simulator_refunds')
            .select((eb) => eb.fn.sum<string | number>('amount_cents').as('total'))
            .where('capture_id', '=', input.captureId)
            .executeTakeFirst();
          const already = Number(refunded?.total ?? 0);
          if (already >= order.amount_cents) throw new PaymentProviderError('the capture is refunded in full', 'CAPTURE_FULLY_REFUNDED');
          if (already + input.amountCents > order.amount_cents) throw new PaymentProviderError('more than was captured', 'REFUND_AMOUNT_EXCEEDED');
          const refund = { id: orderId(), status: 'COMPLETED' };
          await trx
            .insertInto('payment_simulator_refunds')
            .values({
              id: refund.id,
              request_id: input.requestId,
              capture_id: input.captureId,
              amount_cents: input.amountCents,
              currency: input.currency,
              status: refund.status,
              created_at: clock().toISOString(),
            })
            .execute();
          return answer(refund);
        });
      } catch (error) {
        // The same request id at the same moment: the refund the other call made.
        if (uniqueViolation(error) !== 'payment_simulator_refunds.request_id') throw error;
        return answer((await findRefund(input.requestId))!);
      }
    },
    failNextRefund(error) {
      refundFailures.push(error);
    },
    async refundsOf(captureId) {
      const rows = await db
        .selectFrom('payment_simulator_refunds')
        .select(['request_id', 'amount_cents', 'currency'])
        .where('capture_id', '=', captureId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map((row) => ({ requestId: row.request_id, amountCents: row.amount_cents, currency: row.currency }));
    },
    async approve(id) {
      const order = await findOrder(id);
      if (!order || (order.status !== 'CREATED' && order.status !== 'APPROVED')) return undefined;
      await db.updateTable('payment_simulator_orders').set({ status: 'APPROVED' }).where('id', '=', id).where('status', '=', 'CREATED').execute();
      return withToken(order.return_url, id, { PayerID: 'SIMULATEDPAYER' });
    },
    async cancel(id) {
      const order = await findOrder(id);
      if (!order) return undefined;
      await db
        .updateTable('payment_simulator_orders')
        .set({ status: 'VOIDED' })
        .where('id', '=', id)
        .where('status', 'in', ['CREATED', 'APPROVED'])
        .execute();
      return withToken(order.cancel_url, id);
    },
  };
}
