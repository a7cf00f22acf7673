import { USER_STATUS } from '@airbox/contract';
import type { Db } from '../../db/database.js';
import { heldRows } from '../../db/dialect.js';
import type { NewUser, UserRow, UserUpdate } from './users.table.js';

export async function findUserById(db: Db, userId: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** E-mails are kept in lower case; the lookup lower-cases too. */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
}

export async function findUserByBoxId(db: Db, boxId: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('box_id', '=', boxId).executeTakeFirst();
}

/**
 * Reads a user inside a write transaction, locking the row on PostgreSQL (SQLite's write
 * transactions begin IMMEDIATE and already hold the lock), so a credit change computed from
 * the balance read here cannot be lost to a concurrent one.
 *
 * FOR NO KEY UPDATE, not FOR UPDATE: two lockers still wait for each other, but a row inserted
 * that names the user (a pickup, a payment order, a drop-off: its foreign key takes FOR KEY SHARE
 * on the user's row) does not wait for a locker. With FOR UPDATE, a transaction holding a label
 * and inserting such a row deadlocked with one holding the user and waiting for that label (a
 * scan form and a USPS pickup booking of the same labels, issue 24).
 */
export async function lockUser(trx: Db, userId: number): Promise<UserRow | undefined> {
  return heldRows(trx, trx.selectFrom('users').selectAll().where('user_id', '=', userId), 'no key update').executeTakeFirst();
}

/** As lockUser, by AirBox ID. */
export async function lockUserByBoxId(trx: Db, boxId: string): Promise<UserRow | undefined> {
  return heldRows(trx, trx.selectFrom('users').selectAll().where('box_id', '=', boxId), 'no key update').executeTakeFirst();
}

/** The names a user goes by: their business's, and their own. */
export async function findUserNames(db: Db, userId: number): Promise<Pick<UserRow, 'business_name' | 'first_name' | 'last_name'> | undefined> {
  return db.selectFrom('users').select(['business_name', 'first_name', 'last_name']).where('user_id', '=', userId).executeTakeFirst();
}

export async function insertUser(db: Db, user: NewUser): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({ ...user, email: user.email.trim().toLowerCase() })
    .returning('user_id')
    .executeTakeFirstOrThrow();
  return row.user_id;
}

export async function updateUser(db: Db, userId: number, changes: UserUpdate): Promise<void> {
  await db.updateTable('users').set(changes).where('user_id', '=', userId).execute();
}

export async function countUsers(db: Db): Promise<number> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Sign-ups never activated whose last activation link expired before `linkExpiredBeforeIso`: they
 * hold an e-mail and an AirBox ID that nobody else could take. An account is never deleted if it
 * was ever activated, has no activation link at all (its first mail is still queued, or an
 * operator made it without one), has a link that expired after `linkExpiredBeforeIso` (a new one
 * it asked for counts: the newest link decides), is named by a campus, an invitation code or
 * another user as their property manager, or has a locker package or a ledger line (a locker
 * delivers to an AirBox ID whether or not its account was activated). What names the account
 * (its links, sessions, any row with a user_id) goes with it: those foreign keys are ON DELETE
 * CASCADE. One statement, so a link issued meanwhile either keeps the account or goes with it.
 *
 * The invitation code a deleted sign-up counted a use of does not get it back: the account does
 * not record which code it used (a property manager may have several, even for one company), and
 * a campus admin reads a code's uses against its limit as how many sign-ups it let in, so a code
 * they saw used up would open again weeks later to whoever still holds it. Letting one more
 * newcomer in (a new code, a higher limit) stays the admin's decision.
 */
export async function deleteNeverActivatedUsers(db: Db, linkExpiredBeforeIso: string): Promise<number> {
  const result = await db
    .deleteFrom('users')
    .where('users.status', '=', USER_STATUS.notActivated)
    .where('users.activated_at', 'is', null)
    // max() of no links is null, and null < anything is not true: an account without one stays.
    .where(
      (eb) =>
        eb
          .selectFrom('user_tokens')
          .select((sub) => sub.fn.max('user_tokens.expires_at').as('last_expiry'))
          .whereRef('user_tokens.user_id', '=', 'users.user_id')
          .where('user_tokens.purpose', '=', 'activation'),
      '<',
      linkExpiredBeforeIso,
    )
    .where((eb) =>
      eb.not(
        eb.or([
          eb.exists(eb.selectFrom('campuses').select('campuses.bc_id').whereRef('campuses.bcm_user_id', '=', 'users.user_id')),
          eb.exists(eb.selectFrom('invitation_codes').select('invitation_codes.id').whereRef('invitation_codes.bcm_user_id', '=', 'users.user_id')),
          eb.exists(eb.selectFrom('users as managed').select('managed.user_id').whereRef('managed.bcm_user_id', '=', 'users.user_id')),
          // Lockers take deliveries for an AirBox ID whether or not its account was activated: a
          // package (waiting or picked up) or a ledger line keeps the account and its ID.
          eb.exists(eb.selectFrom('locker_packages').select('locker_packages.id').whereRef('locker_packages.user_id', '=', 'users.user_id')),
          eb.exists(eb.selectFrom('operations').select('operations.op_id').whereRef('operations.user_id', '=', 'users.user_id')),
        ]),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
