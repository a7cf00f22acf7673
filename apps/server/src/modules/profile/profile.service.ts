import { boxIdProblem, COMPANY_ROLES, PROFILE_MESSAGES, type updateSelfUserInfoCall } from '@airbox/contract';
import type { z } from 'zod';
import { type Db, writeTransaction } from '../../db/database.js';
import { uniqueViolation } from '../../db/dialect.js';
import { beforePasswordCheck, ownerProven, passwordCheckFailed } from '../auth/login-throttle.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { enqueueJob } from '../jobs/jobs.js';
import { listHubs, listHubsOfBuilding } from '../hubs/hubs.repository.js';
import type { HubRow } from '../hubs/hubs.table.js';
import { boxIdUnavailable } from '../box-ids/box-ids.service.js';
import { deleteOtherUserSessions } from '../sessions/sessions.repository.js';
import { voidTokens } from '../tokens/tokens.repository.js';
import { findUserByEmail, updateUser } from '../users/users.repository.js';
import type { UserRow, UserUpdate } from '../users/users.table.js';
import { accountChangedMail } from './profile.mails.js';
import type { AppContext } from '../../context.js';

export type ProfileDeps = Pick<AppContext, 'db' | 'config' | 'loginFailures'>;

export type ProfileInput = z.output<typeof updateSelfUserInfoCall.request>;

/**
 * Checks the signed-in user's own password (verifyPassword and the profile save). Wrong answers
 * count against the account in the same failure counter as sign-in, so this cannot be used to
 * guess a password faster than the login form allows.
 */
export async function checkOwnPassword(deps: ProfileDeps, user: UserRow, password: string, address: string): Promise<boolean> {
  const guesser = { email: user.email, address };
  await beforePasswordCheck(deps, guesser);
  const correct = await verifyPassword(user.password_hash, password);
  await (correct ? ownerProven(deps, guesser) : passwordCheckFailed(deps, guesser));
  return correct;
}

/** The hubs a user may choose as default: the building's for roles 15 and 16, every hub otherwise. */
export async function hubsUserMayChoose(db: Db, user: Pick<UserRow, 'role_id' | 'building_id'>): Promise<HubRow[]> {
  if ((COMPANY_ROLES as readonly number[]).includes(user.role_id)) {
    return user.building_id === null ? [] : listHubsOfBuilding(db, user.building_id);
  }
  return listHubs(db);
}

export type ProfileOutcome = { kind: 'updated' } | { kind: 'incorrectPassword' } | { kind: 'refused'; message: string };

/**
 * updateSelfUserInfo: re-checks the password, then writes only the profile fields the form names
 * (never role, status, credits, membership or company ids). A new e-mail or password ends the
 * user's other sessions (the current one stays), voids reset and activation links, and mails a
 * notice to the old address.
 */
export async function updateProfile(
  deps: ProfileDeps,
  user: UserRow,
  input: ProfileInput,
  currentSessionHash: string,
  address: string,
): Promise<ProfileOutcome> {
  // A client that skipped the password dialog sends none: refused without counting a failed guess.
  if (input.confirmPassword === '') return { kind: 'incorrectPassword' };
  if (!(await checkOwnPassword(deps, user, input.confirmPassword, address))) return { kind: 'incorrectPassword' };
  const now = deps.config.clock();
  const nowIso = now.toISOString();
  const email = input.Email.toLowerCase();
  const emailChanged = email !== user.email;
  const passwordChanged = input.Password !== '';
  const boxIdChanged = input.BOXID !== user.box_id;
  // Only a new id must pass the reserved and continuous rules: an old one may be kept.
  if (boxIdChanged && boxIdProblem(input.BOXID) !== null) return { kind: 'refused', message: PROFILE_MESSAGES.boxIdReserved };

  const hubId = input.lockerUUID === '' ? null : input.lockerUUID;
  if (hubId !== null && hubId !== user.locker_id) {
    const allowed = await hubsUserMayChoose(deps.db, user);
    if (!allowed.some((hub) => hub.id === hubId)) return { kind: 'refused', message: PROFILE_MESSAGES.hubNotAllowed };
  }

  const changes: UserUpdate = {
    first_name: input.First_name,
    last_name: input.Last_name,
    email,
    box_id: input.BOXID,
    pin: input.PinNo,
    cell_phone: input.Cell_phone_number,
    secondary_cell_phone: input.secondaryCellPhone,
    home_phone: input.Home_phone_number,
    locker_id: hubId,
    country: input.Country,
    state: input.State_province_region,
    city: input.City,
    address_line_1: input.Address_line_1,
    address_line_2: input.Address_line_2,
    zip_code: input.Zip_code,
    is_handicapped: input.isHandicapped ? 1 : 0,
    notify_by_email: input.emailChoose ? 1 : 0,
    notify_by_text: input.messageChoose ? 1 : 0,
    updated_at: nowIso,
    ...(passwordChanged ? { password_hash: await hashPassword(input.Password) } : {}),
  };

  let outcome: ProfileOutcome;
  try {
    outcome = await writeTransaction(deps.db, async (trx) => {
      if (emailChanged) {
        const holder = await findUserByEmail(trx, email);
        if (holder && holder.user_id !== user.user_id) return { kind: 'refused', message: PROFILE_MESSAGES.duplicatedEmail };
      }
      if (boxIdChanged && (await boxIdUnavailable(trx, input.BOXID, undefined, now))) {
        return { kind: 'refused', message: PROFILE_MESSAGES.boxIdTaken };
      }
      await updateUser(trx, user.user_id, changes);
      if (emailChanged || passwordChanged) {
        await deleteOtherUserSessions(trx, user.user_id, currentSessionHash);
        await voidTokens(trx, user.user_id, 'reset', nowIso);
        await voidTokens(trx, user.user_id, 'activation', nowIso);
        await enqueueJob(trx, now, 'mail', accountChangedMail(deps.config, user.email, { email: emailChanged, password: passwordChanged }));
      }
      return { kind: 'updated' };
    });
  } catch (error) {
    // Another request took the e-mail or the AirBox ID between the check and the write.
    const column = uniqueViolation(error);
    if (column === 'users.email') return { kind: 'refused', message: PROFILE_MESSAGES.duplicatedEmail };
    if (column === 'users.box_id') return { kind: 'refused', message: PROFILE_MESSAGES.boxIdTaken };
    throw error;
  }
  return outcome;
}
