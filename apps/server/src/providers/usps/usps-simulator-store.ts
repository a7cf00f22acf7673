import type { Db } from '../../db/database.js';
import type { UspsErrorCode, UspsPickupStep, UspsSchedulePickupBody } from './usps-pickups-provider.js';

/**
 * Where the USPS pickup simulator keeps its pickups, as USPS keeps them on its own: in the
 * database for the app (every server and every restart sees the same pickups), in memory for
 * unit tests. A change is a compare-and-set on the pickup's ETag, so of two changes presenting
 * the same ETag one wins and the other is refused, as USPS refuses it.
 */

/** A pickup as the simulator keeps it: what USPS answers for it, its ETag, whether it is cancelled. */
export interface SimulatedUspsPickup {
  confirmationNumber: string;
  pickupDate: string;
  carrierPickupRequest: UspsSchedulePickupBody;
  etag: string;
  /** ISO 8601: when the ETag was last handed out; it lasts an hour from then. */
  etagIssuedAt: string;
  cancelled: boolean;
}

/** A failure queued for a step (failNextDurably). */
export interface StoredUspsFailure {
  code: UspsErrorCode;
  description: string;
  afterEffect: boolean;
}

export interface UspsSimulatorStore {
  get(confirmationNumber: string): Promise<SimulatedUspsPickup | undefined>;
  /** Writes a new pickup unless its confirmation number is taken: true when written. */
  insert(pickup: SimulatedUspsPickup, at: Date): Promise<boolean>;
  /** Replaces the pickup if its ETag is still `expectedEtag`: true when replaced. */
  replace(pickup: SimulatedUspsPickup, expectedEtag: string, at: Date): Promise<boolean>;
  /** Queues the failure of the step's next call, replacing one queued before. */
  putFailure(step: UspsPickupStep, failure: StoredUspsFailure, at: Date): Promise<void>;
  /** Removes the step's queued failure and answers it, at most once for concurrent callers. */
  takeFailure(step: UspsPickupStep): Promise<StoredUspsFailure | undefined>;
}

/** A store in this process only: for unit tests of the simulator, and nothing else. */
export function createMemoryUspsSimulatorStore(): UspsSimulatorStore {
  const pickups = new Map<string, string>();
  const failures = new Map<UspsPickupStep, StoredUspsFailure>();
  const read = (confirmationNumber: string) => {
    const json = pickups.get(confirmationNumber);
    return json === undefined ? undefined : (JSON.parse(json) as SimulatedUspsPickup);
  };
  return {
    async get(confirmationNumber) {
      return read(confirmationNumber);
    },
    async insert(pickup) {
      if (pickups.has(pickup.confirmationNumber)) return false;
      pickups.set(pickup.confirmationNumber, JSON.stringify(pickup));
      return true;
    },
    async replace(pickup, expectedEtag) {
      if (read(pickup.confirmationNumber)?.etag !== expectedEtag) return false;
      pickups.set(pickup.confirmationNumber, JSON.stringify(pickup));
      return true;
    },
    async putFailure(step, failure) {
      failures.set(step, { ...failure });
    },
    async takeFailure(step) {
      const failure = failures.get(step);
      failures.delete(step);
      return failure;
    },
  };
}

type PickupRow = { confirmation_number: string; data: string; etag: string; etag_issued_at: Date | string; cancelled: number };

const iso = (value: Date | string) => (value instanceof Date ? value.toISOString() : new Date(value).toISOString());

function pickupOfRow(row: PickupRow): SimulatedUspsPickup {
  const data = JSON.parse(row.data) as { pickupDate: string; carrierPickupRequest: UspsSchedulePickupBody };
  return {
    confirmationNumber: row.confirmation_number,
    pickupDate: data.pickupDate,
    carrierPickupRequest: data.carrierPickupRequest,
    etag: row.etag,
    etagIssuedAt: iso(row.etag_issued_at),
    cancelled: row.cancelled === 1,
  };
}

const dataOf = (pickup: SimulatedUspsPickup) => JSON.stringify({ pickupDate: pickup.pickupDate, carrierPickupRequest: pickup.carrierPickupRequest });

/** The store of the app: the usps_simulator_pickups and usps_simulator_failures tables (migration 0012). */
export function createDatabaseUspsSimulatorStore(db: Db): UspsSimulatorStore {
  return {
    async get(confirmationNumber) {
      const row = await db
        .selectFrom('usps_simulator_pickups')
        .select(['confirmation_number', 'data', 'etag', 'etag_issued_at', 'cancelled'])
        .where('confirmation_number', '=', confirmationNumber)
        .executeTakeFirst();
      return row ? pickupOfRow(row) : undefined;
    },
    async insert(pickup, at) {
      const inserted = await db
        .insertInto('usps_simulator_pickups')
        .values({
          confirmation_number: pickup.confirmationNumber,
          data: dataOf(pickup),
          etag: pickup.etag,
          etag_issued_at: pickup.etagIssuedAt,
          cancelled: pickup.cancelled ? 1 : 0,
          created_at: at.toISOString(),
          updated_at: at.toISOString(),
        })
        .onConflict((conflict) => conflict.column('confirmation_number').doNothing())
        .returning('confirmation_number')
        .executeTakeFirst();
      return inserted !== undefined;
    },
    async replace(pickup, expectedEtag, at) {
      const result = await db
        .updateTable('usps_simulator_pickups')
        .set({ data: dataOf(pickup), etag: pickup.etag, etag_issued_at: pickup.etagIssuedAt, cancelled: pickup.cancelled ? 1 : 0, updated_at: at.toISOString() })
        .where('confirmation_number', '=', pickup.confirmationNumber)
        .where('etag', '=', expectedEtag)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async putFailure(step, failure, at) {
      const values = { code: failure.code, description: failure.description, after_effect: failure.afterEffect ? 1 : 0, created_at: at.toISOString() };
      await db
        .insertInto('usps_simulator_failures')
        .values({ step, ...values })
        .onConflict((conflict) => conflict.column('step').doUpdateSet(values))
        .execute();
    },
    async takeFailure(step) {
      const taken = await db.deleteFrom('usps_simulator_failures').where('step', '=', step).returning(['code', 'description', 'after_effect']).executeTakeFirst();
      return taken ? { code: taken.code as UspsErrorCode, description: taken.description, afterEffect: taken.after_effect === 1 } : undefined;
    },
  };
}
