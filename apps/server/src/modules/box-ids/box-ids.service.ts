import { randomInt } from 'node:crypto';
import { boxIdPrefixFor, boxIdProblem, LIMITS } from '@airbox/contract';
import type { Db } from '../../db/database.js';
import { type BoxIdHolder, boxIdHolder, isBoxIdTaken, releaseHoldsBeyond, reserveBoxId, unavailableBoxIds } from './box-ids.repository.js';

/** How long a suggested AirBox ID is kept for the visitor it was suggested to. */
export const BOX_ID_RESERVATION_MS = 30 * 60 * 1000;

/**
 * How many ids one client network may hold at once. A network's 21st hold releases its oldest,
 * whose visitor can still register with it unless someone else took it meanwhile (one chance in
 * thousands): a campus behind one address signing up together loses nothing, and a client that
 * drops its visitor cookie each call holds 20 ids, not a prefix's 10,000.
 */
export const BOX_ID_HOLDS_PER_NETWORK = 20;

/**
 * A free AirBox ID for the visitor `holder` names, starting with the cell phone's first three digits (a leading 0 gets a 1 in
 * front, see boxIdPrefixFor), reserved for 30 minutes so nobody else is offered it. It replaces the visitor's
 * earlier hold and, past BOX_ID_HOLDS_PER_NETWORK, its network's oldest. Candidates
 * come in random order; the reservation's primary key decides between concurrent callers, and a
 * caller that loses simply tries the next one. Undefined when no id with this prefix is free.
 */
export async function suggestBoxId(db: Db, phoneFirstThree: string, holder: BoxIdHolder, now: Date): Promise<string | undefined> {
  const prefix = boxIdPrefixFor(phoneFirstThree);
  const nowIso = now.toISOString();
  const expiresIso = new Date(now.getTime() + BOX_ID_RESERVATION_MS).toISOString();
  const unavailable = await unavailableBoxIds(db, prefix, nowIso);
  const freeDigits = LIMITS.boxIdLength - prefix.length;
  const candidates: string[] = [];
  for (let suffix = 0; suffix < 10 ** freeDigits; suffix += 1) {
    const boxId = prefix + String(suffix).padStart(freeDigits, '0');
    if (boxIdProblem(boxId) === null && !unavailable.has(boxId)) candidates.push(boxId);
  }
  while (candidates.length > 0) {
    // Take a random remaining candidate (swap it with the last, then pop).
    const index = randomInt(candidates.length);
    [candidates[index], candidates[candidates.length - 1]] = [candidates[candidates.length - 1]!, candidates[index]!];
    const boxId = candidates.pop()!;
    if (await reserveBoxId(db, boxId, holder, expiresIso, nowIso)) {
      await releaseHoldsBeyond(db, boxId, expiresIso, holder, BOX_ID_HOLDS_PER_NETWORK, nowIso);
      return boxId;
    }
  }
  return undefined;
}

/**
 * Whether `boxId` belongs to a user or a company, or is held by getBoxid for anyone but
 * `holderHash` (a signed-in customer changing their id holds none).
 */
export async function boxIdUnavailable(db: Db, boxId: string, holderHash: string | undefined, now: Date): Promise<boolean> {
  if (await isBoxIdTaken(db, boxId)) return true;
  const holder = await boxIdHolder(db, boxId, now.toISOString());
  return holder !== undefined && (holder === null || holder !== holderHash);
}
