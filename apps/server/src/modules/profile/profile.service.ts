import {
  boxIdProblem,
  COMPANY_ROLES,
  notificationChoices,
  PROFILE_MESSAGES,
  REAUTHENTICATION_WINDOW_MS,
  type updateSelfUserInfoCall,
} from '@airbox/contract';
import type { z } from 'zod';
import { type Db, writeTransaction } from '../../db/database.js';
import { toIso, uniqueViolation } from '../../db/dialect.js';
import { beforePasswordCheck, ownerProven } from '../auth/login-throttle.js';
import { hashPassword, verifyPassword } from '../users/passwords.js';
import { enqueueJob } from '../jobs/jobs.js';
import { listHubs, listHubsOfBuilding } from '../hubs/hubs.repository.js';
import type { HubRow } from '../hubs/hubs.table.js';
import { boxIdUnavailable } from '../box-ids/box-ids.service.js';
import { deleteOtherUserSessions, findSession, setSessionReauthenticatedAt } from '../sessions/sessions.repository.js';
import { voidTokens } from '../tokens/tokens.repository.js';
import { findUserByEmail, updateUser } from '../users/users.repository.js';
import { userColumns } from '../users/users.wire.js';
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
  // In a session of the account: a known device.
  const guesser = { email: user.email, address, knownDevice: true };
  await beforePasswordCheck(deps, guesser);
  const correct = await verifyPassword(user.password_hash, password);
  if (correct) await ownerProven(deps, guesser);
  return correct;
}

/**
 * verifyPassword (spec 03 §4: the profile save verifies the password, then updates): a correct
 * password re-authenticates this session for REAUTHENTICATION_WINDOW_MS, so updateSelfUserInfo
 * may follow without the password; a wrong one forgets any earlier proof of this session.
 */
export async function reauthenticateSession(
  deps: ProfileDeps,
  user: UserRow,
  password: string,
  sessionHash: string,
  address: string,
): Promise<boolean> {
  const correct = await checkOwnPassword(deps, user, password, address);
  await setSessionReauthenticatedAt(deps.db, sessionHash, correct ? deps.config.clock().toISOString() : null);
  return correct;
}

/** Whether verifyPassword proved the password in this session less than the window ago. */
async function recentlyReauthenticated(db: Db, sessionHash: string, now: Date): Promise<boolean> {
  const proven = (await findSession(db, sessionHash))?.reauthenticated_at;
  if (!proven) return false;
  const elapsed = now.getTime() - new Date(toIso(proven)).getTime();
  return elapsed >= 0 && elapsed < REAUTHENTICATION_WINDOW_MS;
}

/**
 * The notification switches a save asks for: emailChoose and messageChoose when sent, else
 * Notification_method ('Email', 'Text Message', both or '') when sent, else as they are.
 */
function notificationSwitches(input: ProfileInput, user: UserRow): { email: boolean; text: boolean } {
  const method = input.Notification_method === undefined ? undefined : notificationChoices(input.Notification_method);
  return {
    email: input.emailChoose ?? method?.emailChoose ?? user.notify_by_email === 1,
    text: input.messageChoose ?? method?.messageChoose ?? user.notify_by_text === 1,
  };
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
 * updateSelfUserInfo: needs the password, sent as confirmPassword or proven by verifyPassword in
 * this session within the window; then writes only the profile fields the form names (never role,
 * status, credits, membership or company ids). A field left out stays as it is. A new e-mail or
 * password ends the user's other sessions (the current one stays), voids reset and activation
 * links, and mails a notice to the old address.
 */
export async function updateProfile(
  deps: ProfileDeps,
  user: UserRow,
  input: ProfileInput,
  currentSessionHash: string,
  address: string,
): Promise<ProfileOutcome> {
  const now = deps.config.clock();
  const nowIso = now.toISOString();
  if (input.confirmPassword === '') {
    // No password sent: the session must have proven it lately. Not a guess, so not counted.
    if (!(await recentlyReauthenticated(deps.db, currentSessionHash, now))) return { kind: 'incorrectPassword' };
  } else if (!(await reauthenticateSession(deps, user, input.confirmPassword, currentSessionHash, address))) {
    return { kind: 'incorrectPassword' };
  }
  const email = input.Email === undefined ? user.email : input.Email.toLowerCase();
  const emailChanged = email !== user.email;
  // Left out or empty: the password stays.
  const newPassword = input.Password ? input.Password : undefined;
  const passwordChanged = newPassword !== undefined;
  const boxId = input.BOXID ?? user.box_id;
  const boxIdChanged = boxId !== user.box_id;
  // Only a new id must pass the reserved and continuous rules: an old one may be kept.
  if (boxIdChanged && boxIdProblem(boxId) !== null) return { kind: 'refused', message: PROFILE_MESSAGES.boxIdReserved };

  // Left out: the hub stays; empty: no hub.
  const hubId = input.lockerUUID === undefined ? user.locker_id : input.lockerUUID === '' ? null : input.lockerUUID;
  if (hubId !== null && hubId !== user.locker_id) {
    const allowed = await hubsUserMayChoose(deps.db, user);
    if (!allowed.some((hub) => hub.id === hubId)) return { kind: 'refused', message: PROFILE_MESSAGES.hubNotAllowed };
  }

  const notify = notificationSwitches(input, user);
  // Kysely leaves out the columns whose value is undefined: the fields the request left out.
  const changes: UserUpdate = {
    ...userColumns(input),
    email,
    box_id: boxId,
    locker_id: hubId,
    notify_by_email: notify.email ? 1 : 0,
    notify_by_text: notify.text ? 1 : 0,
    // Left out: as it is.
    ...(input.autoRefundLabels === undefined ? {} : { auto_refund_labels: input.autoRefundLabels ? 1 : 0 }),
    updated_at: nowIso,
    ...(newPassword !== undefined ? { password_hash: await hashPassword(newPassword) } : {}),
  };

  let outcome: ProfileOutcome;
  try {
    outcome = await writeTransaction(deps.db, async (trx) => {
      if (emailChanged) {
        const holder = await findUserByEmail(trx, email);
        if (holder && holder.user_id !== user.user_id) return { kind: 'refused', message: PROFILE_MESSAGES.duplicatedEmail };
      }
      if (boxIdChanged && (await boxIdUnavailable(trx, boxId, undefined, now))) {
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
