import {
  addDays,
  pacificDateString,
  type saveVacationHoldCall,
  VACATION_HOLD_ERRORCODE,
  VACATION_HOLD_MAX_ACTIVE,
  VACATION_HOLD_MESSAGES,
  type VacationHold,
  holdDatesProblem,
} from '@airbox/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { type Db, writeTransaction } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { lockUser } from '../users/users.repository.js';
import { passChanged } from '../wallet/pass-web-service.service.js';
import { deleteHold, findHold, insertHold, listHoldsNotOver, lockHeldPackages, moveHeldPackages, updateHoldDates } from './vacation-holds.repository.js';

/*
 * Vacation holds (issue 22 item 2). Each change runs in one write transaction under the user's
 * lock, as a delivery does (lockUserByBoxId): a delivery sees the holds before or after a change,
 * never half of one, and two changes at once are counted and checked for overlaps one after the
 * other. A package takes its hold's last day when it is delivered (locker_packages.held_until);
 * holds can be changed only before they begin, so only a cancel moves held packages: their hold
 * then ends the day before the cancel day and their free period runs from the cancel day.
 */

type HoldDeps = Pick<AppContext, 'db' | 'config'>;
type SaveInput = z.output<(typeof saveVacationHoldCall)['request']>;

const toHold = (row: { id: number; start_date: string; end_date: string }): VacationHold => ({ id: row.id, startDate: row.start_date, endDate: row.end_date });

export async function holdsOf(deps: HoldDeps, userId: number): Promise<{ holds: VacationHold[]; today: string }> {
  const today = pacificDateString(deps.config.clock());
  return { holds: (await listHoldsNotOver(deps.db, userId, today)).map(toHold), today };
}

/** Adds a hold, or changes one not yet begun: its id. Nothing is written when refused. */
export async function saveHold(deps: HoldDeps, userId: number, input: SaveInput): Promise<number> {
  const now = deps.config.clock();
  const today = pacificDateString(now);
  const problem = holdDatesProblem(input.startDate, input.endDate, today);
  if (problem) throw new AppError(400, VACATION_HOLD_ERRORCODE.invalid, problem);
  return writeTransaction(deps.db, async (trx) => {
    await lockUser(trx, userId);
    const current = await listHoldsNotOver(trx, userId, today);
    if (input.id !== undefined) {
      const hold = current.find((row) => row.id === input.id);
      if (!hold) throw new AppError(404, VACATION_HOLD_ERRORCODE.notFound, VACATION_HOLD_MESSAGES.notFound);
      if (hold.start_date <= today) throw new AppError(409, VACATION_HOLD_ERRORCODE.invalid, VACATION_HOLD_MESSAGES.started);
    } else if (current.length >= VACATION_HOLD_MAX_ACTIVE) {
      throw new AppError(409, VACATION_HOLD_ERRORCODE.limitReached, VACATION_HOLD_MESSAGES.full);
    }
    const overlap = current.find((row) => row.id !== input.id && row.start_date <= input.endDate && row.end_date >= input.startDate);
    if (overlap) throw new AppError(409, VACATION_HOLD_ERRORCODE.overlap, VACATION_HOLD_MESSAGES.overlap(overlap.start_date, overlap.end_date));
    if (input.id !== undefined) {
      await updateHoldDates(trx, userId, input.id, { start_date: input.startDate, end_date: input.endDate });
      return input.id;
    }
    return insertHold(trx, { user_id: userId, start_date: input.startDate, end_date: input.endDate, created_at: now.toISOString() });
  });
}

/**
 * Cancels a hold. One not begun is deleted. One under way is ended the day before today (deleted
 * when it began today): the packages it holds are held until then, so their free period runs
 * from today's start, no fee counted for the days held; the wallet pass is told their new
 * free-until.
 */
export async function cancelHold(deps: HoldDeps, userId: number, id: number): Promise<void> {
  const today = pacificDateString(deps.config.clock());
  const seen = await findHold(deps.db, userId, id);
  await writeTransaction(deps.db, async (trx: Db) => {
    // The packages it holds first, then the user, as the locker's pickup of one of them takes
    // them: the other order deadlocked with it on PostgreSQL (lock-order audit, issue 24).
    if (seen) await lockHeldPackages(trx, userId, seen.end_date);
    await lockUser(trx, userId);
    const hold = await findHold(trx, userId, id);
    if (!hold || hold.end_date < today) throw new AppError(404, VACATION_HOLD_ERRORCODE.notFound, VACATION_HOLD_MESSAGES.notFound);
    if (hold.start_date >= today) {
      await deleteHold(trx, userId, id);
    } else {
      await updateHoldDates(trx, userId, id, { start_date: hold.start_date, end_date: addDays(today, -1) });
    }
    // Packages delivered today under the hold are not held at all; earlier ones until yesterday.
    const moved = await moveHeldPackages(trx, userId, hold.end_date, hold.start_date >= today ? null : addDays(today, -1));
    if (moved > 0) await passChanged(trx, deps, userId);
  });
}
