import { randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import { type Database, type Db, writeTransaction } from '../../db/database.js';
import { uniqueViolation } from '../../db/dialect.js';
import { type CaptureResult, PaymentProviderError, type PaymentsProvider } from './payments-provider.js';

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
        const result = (status: string): CaptureResult => ({ status, amountCents: order.amount_cents, currency: order.currency });
        if (order.status === 'COMPLETED' || order.status === 'DECLINED') {
          if (order.capture_request_id === requestId) return result(order.status);
          throw new PaymentProviderError('order already captured', 'ORDER_ALREADY_CAPTURED');
        }
        if (order.status !== 'APPROVED') throw new PaymentProviderError('the payer has not approved the order', 'ORDER_NOT_APPROVED');
        const status = order.amount_cents % 100 === SIMULATOR_DECLINED_CENTS ? 'DECLINED' : 'COMPLETED';
        await trx
          .updateTable('payment_simulator_orders')
          .set({ status, capture_request_id: requestId })
          .where('id', '=', id)
          .where('status', '=', 'APPROVED')
          .execute();
        return result(status);
      });
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
