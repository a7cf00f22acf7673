import { APP_BASE, APP_PATHS, formatUsd, HOUR_MS } from '@airbox/contract';
import type { AppContext } from '../../context.js';
import { type Db, writeTransaction } from '../../db/database.js';
import { toIso } from '../../db/dialect.js';
import { CARRIER_SETTLE_MS, CarrierError } from '../../providers/carriers/carriers-provider.js';
import { enqueueJob, type JobName, type JobPayloads } from '../jobs/jobs.js';
import { recordPurchase } from '../operations/ledger.js';
import type { CheckoutPurpose } from '../payments/checkout.js';
import { enqueuePaymentRefund, refundPaymentOrder } from '../payments/payment-orders.js';
import type { PaymentOrderRow } from '../payments/payments.table.js';
import type { UserRow } from '../users/users.table.js';

/**
 * The carrier purchase: what a customer pays for that a carrier then makes (a label, a carrier
 * pickup), one state machine for all of them. Each kind (shipments/label-checkout.ts,
 * pickups/pickup-checkout.ts) says how its row moves and what the carrier is asked; this file
 * says when:
 *
 *   paying ──money taken──▶ buying ──the carrier makes it──▶ bought
 *                             │
 *                             └─refused, or no answer for CARRIER_GIVE_UP_MS──▶ failed
 *
 * - paying → buying happens in the transaction that captures the payment (claim), with the job
 *   that tries again after `config.labelRetryDelaySeconds` if the request that paid cannot finish
 *   (no answer, a crash); the request then asks the carrier at once (firstTry).
 * - The carrier is asked the same thing every time (one key per row), so a retry, a lost answer
 *   or two requests at once never buy twice; bought is recorded once (only from buying).
 * - A refusal that may hide an earlier try still being made at the carrier (CarrierError.unsettled:
 *   EasyPost takes no key, and a retry after a lost answer can be refused before the first one
 *   shows) is taken for one only on the first try or CARRIER_SETTLE_MS after the payment.
 * - failed: in one transaction the row says why, the refund of its payment and the void of
 *   whatever the carrier made all the same are jobs, and the customer is told; then both are
 *   tried at once. The refund's key is the order's, so it is made once.
 * - The void (the carrier's refund of a label, the cancel of a booking) reads back what the
 *   carrier holds and asks it back once; finding nothing before the purchase has settled
 *   (CARRIER_SETTLE_MS after it failed) it looks again.
 */

export type CarrierPurchaseDeps = Pick<AppContext, 'db' | 'config' | 'log' | 'payments' | 'carriers'>;

/**
 * A paid purchase the carrier has not answered for this long is given up (its job's tries last
 * about three hours): the payment goes back rather than waiting on a carrier that may never answer.
 */
export const CARRIER_GIVE_UP_MS = 2 * HOUR_MS;
/** The void job's first try waits this long (the failing request tries at once). */
export const CARRIER_VOID_DELAY_MS = 2 * 60 * 1000;
/** Its tries: twelve span about 2.5 hours, then one each 30 minutes, about a day in all. */
export const CARRIER_VOID_MAX_ATTEMPTS = 48;

/** How long the job that finishes a paid purchase waits before it asks the carrier itself. */
const retryDelayMs = (config: CarrierPurchaseDeps['config']) => config.labelRetryDelaySeconds * 1000;

/** Any job with its payload. */
export type JobCall = { [N in JobName]: { name: N; payload: JobPayloads[N] } }[JobName];

/**
 * What the machine reads of a row being bought: its state (paying, the kind's buying, failed, ...),
 * whose it is and what pays for it; its last change is the move it is in (buying, failed).
 */
export interface PurchaseRow {
  id: number;
  user_id: number;
  state: string;
  payment_order_id: number | null;
  updated_at: Date | string;
}

/** Said to a customer whose payment a failed purchase gives back. */
export const MONEY_BACK = 'The money goes back to the account you paid with; your bank may take a few days to show it.';

/** What the carrier holds of a failed purchase: what it made, or nothing (`settled`: and nothing may still come). */
export type CarrierHolds<Made> = { found: true; made: Made } | { found: false; settled: boolean; details?: Record<string, unknown> };

/** Why a void is asked: the purchase failed, or the carrier made the thing after it had failed. */
export type VoidReason = 'failed' | 'late';

/** What a void found: the thing asked back ('voided'), none made ('none'), or none yet while it may still come ('settling'). */
export type VoidOutcome = 'voided' | 'none' | 'settling';

/**
 * One kind of carrier purchase: its row, how the row moves, and what the carrier is asked. Every
 * move is conditional on the state it leaves, so it happens once.
 */
export interface CarrierPurchaseKind<Row extends PurchaseRow, Bought, Made> {
  /** The logs' key of the row's id: 'shipment', 'pickup'. */
  what: 'shipment' | 'pickup';
  /** The row's state while the carrier is asked ('buying', 'booking'): after paying, before bought or failed. */
  buying: Row['state'];
  /** The job that asks the carrier again (keyed `${name}:${id}`), and the one that voids with its key (`reason` keys a later, separate void). */
  retryJob(id: number): JobCall;
  voidJob(id: number, reason: VoidReason): { job: JobCall; uniqueKey: string };
  /**
   * Its words: the thing ('label', 'pickup'), its log line once bought ('label bought'), asking it
   * back ('void', 'cancel'), the line of a void that found nothing made, and the void job's error
   * while it may still come.
   */
  words: { thing: string; bought: string; void: string; nothingMade: string; settling: string };
  /** Why the carrier refused, in the customer's words, where the kind says it its own way: an address it could not verify, what it no longer offers, any other refusal. */
  refusals: { address: string; notOffered: string; declined: string };
  /** Said on the row when its payment was taken for another amount (and refunded). */
  wrongAmountNote: string;
  /** What the customer paid for it, in cents. */
  paidCents(row: Row): number;

  /** The row by its id, when it is the machine's to buy. */
  find(db: Db, id: number): Promise<Row | undefined>;
  /** The row a payment order pays for. */
  findOfPayment(db: Db, paymentOrderId: number): Promise<Row | undefined>;
  /** In the capture's transaction: the paying row moves paying → buying; false when it did not (moved meanwhile, or the kind ended it saying why). */
  claim(trx: Db, deps: CarrierPurchaseDeps, row: Row, now: Date): Promise<boolean>;
  /** Asks the carrier to make it: throws CarrierError when it refuses or does not answer. */
  buy(deps: CarrierPurchaseDeps, row: Row): Promise<Bought>;
  /** Records what the carrier made, with recordBought; false when it was not buying any more. */
  record(deps: CarrierPurchaseDeps, row: Row, bought: Bought): Promise<boolean>;
  /** In the transaction that fails it: one of `from` → failed saying `note`; false when it was in none of them. */
  markFailed(trx: Db, deps: CarrierPurchaseDeps, row: Row, note: string, from: readonly Row['state'][]): Promise<boolean>;
  /** In the refusal's transaction, last: the customer is told. */
  tellFailed(trx: Db, deps: CarrierPurchaseDeps, row: Row, note: string): Promise<void>;

  /** When the carrier was asked to take back what it made for the failed row (null: not yet). */
  voidedAt(row: Row): Date | string | null;
  /** Whether the carrier can be asked about it at all. */
  voidable(row: Row): boolean;
  /** What the carrier holds of it. */
  findMade(deps: CarrierPurchaseDeps, row: Row): Promise<CarrierHolds<Made>>;
  /** Asks the carrier to take it back, and notes on the row that it was asked (once). */
  voidMade(deps: CarrierPurchaseDeps, row: Row, made: Made): Promise<void>;
}

const sinceMs = (deps: CarrierPurchaseDeps, row: PurchaseRow) => deps.config.clock().getTime() - Date.parse(toIso(row.updated_at));

/** The kind's row by its id while it is in `state`. */
async function findIn<Row extends PurchaseRow, Bought, Made>(db: Db, kind: CarrierPurchaseKind<Row, Bought, Made>, id: number, state: string): Promise<Row | undefined> {
  const row = await kind.find(db, id);
  return row?.state === state ? row : undefined;
}

/** Why the carrier refused, as the row and the customer read it. */
function refusalNote<Row extends PurchaseRow, Bought, Made>(kind: CarrierPurchaseKind<Row, Bought, Made>, row: Row, error: CarrierError): string {
  return `The carrier refused this ${kind.words.thing} (${refusalReason(kind, error)}). Your payment of ${formatUsd(kind.paidCents(row))} was refunded.`;
}

function refusalReason<Row extends PurchaseRow, Bought, Made>(kind: CarrierPurchaseKind<Row, Bought, Made>, error: CarrierError): string {
  switch (error.code) {
    case 'PAYMENT_REQUIRED':
      return 'the carrier account could not pay for it';
    case 'ADDRESS.VERIFY.FAILURE':
      return kind.refusals.address;
    case 'NOT_FOUND':
      return kind.refusals.notOffered;
    case 'UNAUTHORIZED':
      return 'the carrier service refused our account';
    case 'UNAVAILABLE':
    case 'RATE_LIMITED':
      return 'the carrier did not answer for two hours';
    default:
      return kind.refusals.declined;
  }
}

/**
 * A carrier purchase as a purpose of the checkout (payments/checkout.ts): the money taken claims
 * its row and asks the carrier (claimPurchase), a capture of another amount fails it
 * (failPaidPurchase). By default it shows on Purchased Labels, where its customer pays again and
 * where a payment being confirmed leads on to; the kind's file gives its words, its page, a
 * cancel, and its own places to pay again and to wait when they are elsewhere.
 */
export function carrierCheckoutPurpose<Row extends PurchaseRow, Bought, Made>(
  kind: CarrierPurchaseKind<Row, Bought, Made>,
  purpose: Pick<CheckoutPurpose, 'name' | 'describe' | 'page' | 'cancelled'> & Partial<Pick<CheckoutPurpose, 'tryAgain' | 'pendingPage'>>,
): CheckoutPurpose {
  return {
    tryAgain: { label: 'Purchased Labels', path: APP_PATHS.shipments.getHref() },
    pendingPage: () => `${APP_BASE}${APP_PATHS.payPending.getHref({ redirect: APP_PATHS.shipments.getHref() })}`,
    ...purpose,
    taken: (trx, deps, order, now) => claimPurchase(trx, deps, kind, order, now),
    refunded: (trx, deps, order) => failPaidPurchase(trx, deps, kind, order),
  };
}

/**
 * In the capture's transaction: claims the row the payment is for (paying → buying) with the job
 * that finishes it if the paying request cannot. Answers what the request does once committed:
 * the first purchase (nothing was asked of the carrier before it), its failures left to the job.
 */
async function claimPurchase<Row extends PurchaseRow, Bought, Made>(
  trx: Db,
  deps: CarrierPurchaseDeps,
  kind: CarrierPurchaseKind<Row, Bought, Made>,
  order: PaymentOrderRow,
  now: Date,
): Promise<{ finish: () => Promise<void> } | undefined> {
  const paying = await kind.findOfPayment(trx, order.id);
  if (paying?.state !== 'paying' || !(await kind.claim(trx, deps, paying, now))) return undefined;
  const { id } = paying;
  const job = kind.retryJob(id);
  await enqueueJob(trx, now, job.name, job.payload, { uniqueKey: `${job.name}:${id}`, runAt: new Date(now.getTime() + retryDelayMs(deps.config)) });
  return {
    finish: async () => {
      try {
        await attemptPurchase(deps, kind, id, { firstTry: true });
      } catch (error) {
        deps.log.warn({ err: error, [kind.words.thing]: id }, `the carrier did not answer for the ${kind.words.thing}; its job tries again`);
      }
    },
  };
}

/**
 * Asks the carrier for a paid row (the paying request, then its job until it is done): made →
 * bought; refused → failed, refunded and voided; no answer → throws, the row stays buying and the
 * job tries again, until CARRIER_GIVE_UP_MS after the payment: then it fails as a refusal does.
 * An unsettled refusal counts only on the first try or CARRIER_SETTLE_MS after the payment.
 */
export async function attemptPurchase<Row extends PurchaseRow, Bought, Made>(
  deps: CarrierPurchaseDeps,
  kind: CarrierPurchaseKind<Row, Bought, Made>,
  id: number,
  options: { firstTry?: boolean } = {},
): Promise<void> {
  const row = await findIn(deps.db, kind, id, kind.buying);
  if (!row) return;
  let bought: Bought;
  try {
    bought = await kind.buy(deps, row);
  } catch (error) {
    const buyingMs = sinceMs(deps, row);
    if (error instanceof CarrierError && (!error.retryable || (error.unsettled && (options.firstTry === true || buyingMs >= CARRIER_SETTLE_MS)))) {
      await refusePurchase(deps, kind, row, error);
      return;
    }
    if (buyingMs >= CARRIER_GIVE_UP_MS) {
      await refusePurchase(deps, kind, row, new CarrierError('UNAVAILABLE', 'no answer from the carrier'));
      return;
    }
    throw error;
  }
  // Made after its purchase had failed (given up, refunded): asked back too.
  if (!(await kind.record(deps, row, bought))) await voidLate(deps, kind, row.id);
}

/**
 * What a kind's record does once the carrier made it, in one transaction: buying → bought with all
 * that goes with it (`mark`: the kind's move, only from buying, so once, and its own rows), the
 * ledger's purchase line of what was paid, naming the row, then the customer told (`tell`). False
 * when it was not buying any more; logged as the kind's words.bought with `logged`.
 */
export async function recordBought<Row extends PurchaseRow, Bought, Made>(
  deps: CarrierPurchaseDeps,
  kind: CarrierPurchaseKind<Row, Bought, Made>,
  row: Row,
  steps: { mark(trx: Db, nowIso: string): Promise<boolean>; tell(trx: Db, user: UserRow): Promise<void> },
  logged: Record<string, unknown> = {},
): Promise<boolean> {
  const nowIso = deps.config.clock().toISOString();
  const recorded = await writeTransaction(deps.db, async (trx) => {
    if (!(await steps.mark(trx, nowIso))) return false;
    const user = await recordPurchase(trx, row.user_id, {
      at: nowIso,
      paidCents: kind.paidCents(row),
      paymentOrderId: row.payment_order_id,
      subject: kind.what === 'shipment' ? { shipmentId: row.id } : { pickupId: row.id },
    });
    if (!user) throw new Error(`${kind.what} ${row.id} names a missing user`);
    await steps.tell(trx, user);
    return true;
  });
  deps.log.info({ [kind.what]: row.id, ...logged, recorded }, recorded ? kind.words.bought : `${kind.words.bought} before`);
  return recorded;
}

/** In a transaction that fails a paid row: the job that asks back whatever the carrier made, if anything. */
async function enqueueVoid<Row extends PurchaseRow, Bought, Made>(
  trx: Db,
  now: Date,
  kind: CarrierPurchaseKind<Row, Bought, Made>,
  id: number,
  reason: VoidReason = 'failed',
): Promise<void> {
  const { job, uniqueKey } = kind.voidJob(id, reason);
  await enqueueJob(trx, now, job.name, job.payload, { uniqueKey, runAt: new Date(now.getTime() + CARRIER_VOID_DELAY_MS), maxAttempts: CARRIER_VOID_MAX_ATTEMPTS });
}

/**
 * The carrier refused (or gave no answer until the give-up): in one transaction the row becomes
 * failed saying why, the refund of its payment and the void of anything the carrier made all the
 * same are jobs (so they happen even if this process dies) and the customer is told; then both
 * are tried at once.
 */
async function refusePurchase<Row extends PurchaseRow, Bought, Made>(
  deps: CarrierPurchaseDeps,
  kind: CarrierPurchaseKind<Row, Bought, Made>,
  row: Row,
  error: CarrierError,
): Promise<void> {
  const now = deps.config.clock();
  const note = refusalNote(kind, row, error);
  const failed = await writeTransaction(deps.db, async (trx) => {
    if (!(await kind.markFailed(trx, deps, row, note, [kind.buying]))) return false;
    if (row.payment_order_id !== null) await enqueuePaymentRefund(trx, now, row.payment_order_id);
    await enqueueVoid(trx, now, kind, row.id);
    await kind.tellFailed(trx, deps, row, note);
    return true;
  });
  const { thing } = kind.words;
  deps.log.warn({ [kind.what]: row.id, code: error.code }, failed ? `the carrier refused the ${thing}; the payment is refunded` : `${thing} refusal seen before`);
  if (!failed) return;
  if (row.payment_order_id !== null) {
    try {
      await refundPaymentOrder(deps, row.payment_order_id);
    } catch (refundError) {
      deps.log.error({ err: refundError, [kind.what]: row.id }, `refund of a refused ${thing} failed; its job tries again`);
    }
  }
  try {
    await voidFailedPurchase(deps, kind, row.id);
  } catch (voidError) {
    deps.log.warn({ err: voidError, [kind.what]: row.id }, `the carrier did not take the ${kind.words.void} of a refused ${thing}; its job tries again`);
  }
}

/** The carrier's answer came after the purchase had failed (given up, the payment refunded): what it made is asked back. */
async function voidLate<Row extends PurchaseRow, Bought, Made>(deps: CarrierPurchaseDeps, kind: CarrierPurchaseKind<Row, Bought, Made>, id: number): Promise<void> {
  if (!(await findIn(deps.db, kind, id, 'failed'))) return;
  await enqueueVoid(deps.db, deps.config.clock(), kind, id, 'late');
  try {
    await voidFailedPurchase(deps, kind, id);
  } catch (error) {
    deps.log.warn({ err: error, [kind.what]: id }, `the carrier did not take the ${kind.words.void} of a ${kind.words.thing} made after its purchase failed; its job tries again`);
  }
}

/**
 * Inside the refund of a capture taken for another amount: the row being paid for (paying, or
 * already buying) ends failed saying so; one the carrier was being asked for is asked back if it
 * was made.
 */
async function failPaidPurchase<Row extends PurchaseRow, Bought, Made>(
  trx: Db,
  deps: CarrierPurchaseDeps,
  kind: CarrierPurchaseKind<Row, Bought, Made>,
  order: PaymentOrderRow,
): Promise<void> {
  const row = await kind.findOfPayment(trx, order.id);
  if (!row || (row.state !== 'paying' && row.state !== kind.buying)) return;
  if (!(await kind.markFailed(trx, deps, row, kind.wrongAmountNote, [row.state]))) return;
  if (row.state === kind.buying) await enqueueVoid(trx, deps.config.clock(), kind, row.id);
}

/**
 * The void job (and the failing request at once): what the carrier made for a failed purchase,
 * when it holds something, is asked back, once (the row notes it); nothing made, nothing is
 * asked, once the purchase has settled: until CARRIER_SETTLE_MS after it failed, a purchase whose
 * answer was lost may still be completing (EasyPost shows a label only once made), so 'settling'
 * says to look again. Throws when the carrier does not answer, so the job tries again.
 */
async function voidFailedPurchase<Row extends PurchaseRow, Bought, Made>(
  deps: CarrierPurchaseDeps,
  kind: CarrierPurchaseKind<Row, Bought, Made>,
  id: number,
): Promise<VoidOutcome> {
  const row = await findIn(deps.db, kind, id, 'failed');
  if (!row || !kind.voidable(row)) return 'none';
  if (kind.voidedAt(row) !== null) return 'voided';
  const holds = await kind.findMade(deps, row);
  if (!holds.found) {
    // The row's last change is the failure (a void notes itself and ends above).
    if (!holds.settled && sinceMs(deps, row) < CARRIER_SETTLE_MS) return 'settling';
    deps.log.info({ [kind.what]: row.id, ...holds.details }, kind.words.nothingMade);
    return 'none';
  }
  await kind.voidMade(deps, row, holds.made);
  return 'voided';
}

/** The void job's run: as voidFailedPurchase, throwing while the purchase may still be completing, so the job looks again. */
export async function runPurchaseVoid<Row extends PurchaseRow, Bought, Made>(deps: CarrierPurchaseDeps, kind: CarrierPurchaseKind<Row, Bought, Made>, id: number): Promise<void> {
  if ((await voidFailedPurchase(deps, kind, id)) === 'settling') throw new Error(kind.words.settling);
}
