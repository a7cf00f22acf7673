import type { Db } from '../../db/database.js';

/**
 * Where the carriers simulator keeps its side of the labels (shipments, trackers, pickups), as
 * EasyPost keeps them on its own: in the database for the app (every server and every restart
 * sees the same labels), in memory for unit tests. Objects are JSON under (kind, id).
 */
export type SimulatorObjectKind = 'shipment' | 'tracker' | 'tracker_id' | 'purchase_key' | 'pickup' | 'failure' | 'scan_form' | 'scan_form_key' | 'scan_form_shipment';

export interface SimulatorPutOptions {
  /** The simulator's clock: when the object is written. */
  at: Date;
  /** A tracker that time still moves (listed by listActive). */
  active?: boolean;
  /** Forgotten by purgeExpired after this. */
  expiresAt?: Date | null;
}

export interface SimulatorStore {
  get<T>(kind: SimulatorObjectKind, id: string): Promise<T | undefined>;
  /** Writes the object, replacing any of the same kind and id. */
  put(kind: SimulatorObjectKind, id: string, value: unknown, options: SimulatorPutOptions): Promise<void>;
  /** Writes the object unless one of the same kind and id exists: true when written. */
  insert(kind: SimulatorObjectKind, id: string, value: unknown, options: SimulatorPutOptions): Promise<boolean>;
  /** Removes the object and answers it, at most once for concurrent callers. */
  take<T>(kind: SimulatorObjectKind, id: string): Promise<T | undefined>;
  /** The ids of active objects of a kind last written at or before `writtenBy`, longest waiting first. */
  listActive(kind: SimulatorObjectKind, writtenBy: Date, limit: number): Promise<string[]>;
  /** Forgets every object whose expiry is before `now`. */
  purgeExpired(now: Date): Promise<void>;
}

interface MemoryEntry {
  json: string;
  active: boolean;
  updatedAt: number;
  expiresAt: number | null;
}

/** A store in this process only: for unit tests of the simulator, and nothing else. */
export function createMemorySimulatorStore(): SimulatorStore {
  const entries = new Map<string, MemoryEntry>();
  const keyOf = (kind: SimulatorObjectKind, id: string) => `${kind}\u0000${id}`;
  const entryOf = (value: unknown, options: SimulatorPutOptions): MemoryEntry => ({
    json: JSON.stringify(value),
    active: options.active ?? false,
    updatedAt: options.at.getTime(),
    expiresAt: options.expiresAt ? options.expiresAt.getTime() : null,
  });
  return {
    async get<T>(kind: SimulatorObjectKind, id: string) {
      const entry = entries.get(keyOf(kind, id));
      return entry ? (JSON.parse(entry.json) as T) : undefined;
    },
    async put(kind, id, value, options) {
      entries.set(keyOf(kind, id), entryOf(value, options));
    },
    async insert(kind, id, value, options) {
      if (entries.has(keyOf(kind, id))) return false;
      entries.set(keyOf(kind, id), entryOf(value, options));
      return true;
    },
    async take<T>(kind: SimulatorObjectKind, id: string) {
      const entry = entries.get(keyOf(kind, id));
      entries.delete(keyOf(kind, id));
      return entry ? (JSON.parse(entry.json) as T) : undefined;
    },
    async listActive(kind, writtenBy, limit) {
      const prefix = keyOf(kind, '');
      return [...entries]
        .filter(([key, entry]) => key.startsWith(prefix) && entry.active && entry.updatedAt <= writtenBy.getTime())
        .sort(([, a], [, b]) => a.updatedAt - b.updatedAt)
        .slice(0, limit)
        .map(([key]) => key.slice(prefix.length));
    },
    async purgeExpired(now) {
      for (const [key, entry] of entries) if (entry.expiresAt !== null && entry.expiresAt < now.getTime()) entries.delete(key);
    },
  };
}

/** The store of the app: the carrier_simulator_objects table (migration 0011). */
export function createDatabaseSimulatorStore(db: Db): SimulatorStore {
  const row = (kind: SimulatorObjectKind, id: string, value: unknown, options: SimulatorPutOptions) => ({
    kind,
    id,
    data: JSON.stringify(value),
    active: options.active ? 1 : 0,
    updated_at: options.at.toISOString(),
    expires_at: options.expiresAt ? options.expiresAt.toISOString() : null,
  });
  return {
    async get<T>(kind: SimulatorObjectKind, id: string) {
      const found = await db.selectFrom('carrier_simulator_objects').select('data').where('kind', '=', kind).where('id', '=', id).executeTakeFirst();
      return found ? (JSON.parse(found.data) as T) : undefined;
    },
    async put(kind, id, value, options) {
      const values = row(kind, id, value, options);
      await db
        .insertInto('carrier_simulator_objects')
        .values(values)
        .onConflict((conflict) =>
          conflict.columns(['kind', 'id']).doUpdateSet({ data: values.data, active: values.active, updated_at: values.updated_at, expires_at: values.expires_at }),
        )
        .execute();
    },
    async insert(kind, id, value, options) {
      const inserted = await db
        .insertInto('carrier_simulator_objects')
        .values(row(kind, id, value, options))
        .onConflict((conflict) => conflict.columns(['kind', 'id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted !== undefined;
    },
    async take<T>(kind: SimulatorObjectKind, id: string) {
      const taken = await db.deleteFrom('carrier_simulator_objects').where('kind', '=', kind).where('id', '=', id).returning('data').executeTakeFirst();
      return taken ? (JSON.parse(taken.data) as T) : undefined;
    },
    async listActive(kind, writtenBy, limit) {
      const rows = await db
        .selectFrom('carrier_simulator_objects')
        .select('id')
        .where('kind', '=', kind)
        .where('active', '=', 1)
        .where('updated_at', '<=', writtenBy.toISOString())
        .orderBy('updated_at')
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((found) => found.id);
    },
    async purgeExpired(now) {
      await db.deleteFrom('carrier_simulator_objects').where('expires_at', '<', now.toISOString()).execute();
    },
  };
}
