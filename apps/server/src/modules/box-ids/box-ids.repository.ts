import type { Db } from '../../db/database.js';

/** The 7-digit bounds of the ids starting with `prefix` (compared as text: equal-length digit strings). */
function prefixRange(prefix: string): [string, string] {
  const free = 7 - prefix.length;
  return [prefix + '0'.repeat(free), prefix + '9'.repeat(free)];
}

/** Whether a user or a company has this AirBox ID. */
export async function isBoxIdTaken(db: Db, boxId: string): Promise<boolean> {
  const [user, company] = await Promise.all([
    db.selectFrom('users').select('user_id').where('box_id', '=', boxId).executeTakeFirst(),
    db.selectFrom('companies').select('company_id').where('airbox_id', '=', boxId).executeTakeFirst(),
  ]);
  return user !== undefined || company !== undefined;
}

/** The ids starting with `prefix` that users, companies or unexpired reservations hold. */
export async function unavailableBoxIds(db: Db, prefix: string, nowIso: string): Promise<Set<string>> {
  const [low, high] = prefixRange(prefix);
  const [users, companies, reservations] = await Promise.all([
    db.selectFrom('users').select('box_id as id').where('box_id', '>=', low).where('box_id', '<=', high).execute(),
    db.selectFrom('companies').select('airbox_id as id').where('airbox_id', '>=', low).where('airbox_id', '<=', high).execute(),
    db
      .selectFrom('box_id_reservations')
      .select('box_id as id')
      .where('box_id', '>=', low)
      .where('box_id', '<=', high)
      .where('expires_at', '>', nowIso)
      .execute(),
  ]);
  return new Set([...users, ...companies, ...reservations].map((row) => row.id));
}

/** Who a suggested id is held for: the SHA-256 of their visitor cookie and of their client network. */
export interface BoxIdHolder {
  visitor: string;
  network: string;
}

/**
 * Reserves an id for a holder until `expiresIso`. The primary key decides: a row that exists and
 * has not expired is left alone and the answer is false; an expired one is taken over.
 */
export async function reserveBoxId(db: Db, boxId: string, holder: BoxIdHolder, expiresIso: string, nowIso: string): Promise<boolean> {
  const values = { expires_at: expiresIso, holder_hash: holder.visitor, holder_network: holder.network };
  const row = await db
    .insertInto('box_id_reservations')
    .values({ box_id: boxId, ...values })
    .onConflict((conflict) => conflict.column('box_id').doUpdateSet(values).where('box_id_reservations.expires_at', '<=', nowIso))
    .returning('box_id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Ends the holds a new one (`kept`, held until `keptUntilIso`) replaces: the holder's older ones (a
 * visitor registers one id; of two suggestions asked at once the later stays, never neither), and
 * on its network all but the `perNetwork` latest to expire (the newest holds).
 */
export async function releaseHoldsBeyond(db: Db, kept: string, keptUntilIso: string, holder: BoxIdHolder, perNetwork: number, nowIso: string): Promise<void> {
  await db
    .deleteFrom('box_id_reservations')
    .where('holder_hash', '=', holder.visitor)
    .where('box_id', '<>', kept)
    .where('expires_at', '<', keptUntilIso)
    .execute();
  const newest = db
    .selectFrom('box_id_reservations')
    .select('box_id')
    .where('holder_network', '=', holder.network)
    .where('expires_at', '>', nowIso)
    .orderBy('expires_at', 'desc')
    .orderBy('box_id')
    .limit(perNetwork);
  await db
    .deleteFrom('box_id_reservations')
    .where('holder_network', '=', holder.network)
    .where('box_id', 'not in', newest)
    .execute();
}

/** The holder of an unexpired reservation of this id: a hash, null for an unknown one, undefined when nobody holds it. */
export async function boxIdHolder(db: Db, boxId: string, nowIso: string): Promise<string | null | undefined> {
  const row = await db
    .selectFrom('box_id_reservations')
    .select('holder_hash')
    .where('box_id', '=', boxId)
    .where('expires_at', '>', nowIso)
    .executeTakeFirst();
  return row?.holder_hash;
}

/** The registration that takes an id ends its reservation. */
export async function releaseBoxIdReservation(db: Db, boxId: string): Promise<void> {
  await db.deleteFrom('box_id_reservations').where('box_id', '=', boxId).execute();
}

export async function deleteExpiredBoxIdReservations(db: Db, nowIso: string): Promise<number> {
  const result = await db.deleteFrom('box_id_reservations').where('expires_at', '<=', nowIso).executeTakeFirst();
  return Number(result.numDeletedRows);
}
