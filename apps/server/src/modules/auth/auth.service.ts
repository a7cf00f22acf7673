import {
  ACTIVATION_ERRORCODE,
  ACTIVATION_LINK_TTL_MS,
  destinationGetsSession,
  type Locker,
  loginDestination,
  MESSAGES,
  RESET_ERRORCODE,
  RESET_LINK_TTL_MS,
  resetPasswordField,
  type SessionUser,
  USER_STATUS,
} from '@airbox/contract';
import { writeTransaction } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { findHub } from '../hubs/hubs.repository.js';
import { toLocker } from '../hubs/hubs.wire.js';
import { deleteUserSessions } from '../sessions/sessions.repository.js';
import { endSession, startSession } from '../sessions/sessions.service.js';
import { markTokenUsed, voidTokens } from '../tokens/tokens.repository.js';
import { checkToken, issueToken, withdrawToken } from '../tokens/tokens.service.js';
import type { TokenPurpose } from '../tokens/tokens.table.js';
import { findUserByEmail, findUserById, updateUser } from '../users/users.repository.js';
import type { UserRow } from '../users/users.table.js';
import { toSessionUser } from '../users/users.wire.js';
import { activationMail, passwordChangedMail, resetMail } from './auth.mails.js';
import type { MailMessage } from '../../providers/mail/mail-provider.js';
import { enqueueJob } from '../jobs/jobs.js';
import { beforePasswordCheck, deviceProofOf, ownerProven, provesDevice } from './login-throttle.js';
import { hashPassword, verifyPassword } from '../users/passwords.js';
import type { AppContext } from '../../context.js';

/** What the auth rules need of the app: its decorations (see plugins/). */
export type AuthDeps = Pick<AppContext, 'db' | 'config' | 'loginFailures'>;

/** What the jobs that mail links need. */
export type LinkMailDeps = Pick<AppContext, 'db' | 'config' | 'mail'>;

export type LoginOutcome =
  | { kind: 'wrongCredentials' }
  /** Right password, but the account may not sign in yet: no session. */
  | { kind: 'refused'; message: string; user: SessionUser; locker: Locker[]; deviceProof: string }
  | { kind: 'signedIn'; sessionToken: string; user: SessionUser; locker: Locker[]; deviceProof: string };

/**
 * Checks e-mail and password. A session is only started for the destinations that get one;
 * the presented old session (if any) ends, so every login has a new token.
 */
export async function login(
  deps: AuthDeps,
  credentials: { name: string; password: string },
  client: { address: string; deviceProof: string | undefined },
  previousSessionToken: string | undefined,
): Promise<LoginOutcome> {
  const email = credentials.name.trim().toLowerCase();
  const now = deps.config.clock();
  const user = await findUserByEmail(deps.db, email);
  const guesser = { email, address: client.address, knownDevice: user !== undefined && provesDevice(client.deviceProof, user, now) };
  await beforePasswordCheck(deps, guesser);
  if (!(await verifyPassword(user?.password_hash, credentials.password)) || !user) return { kind: 'wrongCredentials' };
  await ownerProven(deps, guesser);
  const deviceProof = deviceProofOf(user, now);
  const locker = await userLockers(deps, user);
  const destination = loginDestination({ role_id: user.role_id, Status: user.status });
  if (!destinationGetsSession(destination)) {
    const message =
      destination === 'pendingBusiness' ? MESSAGES.pendingBusiness(deps.config.brandName) : MESSAGES.notActivated;
    return { kind: 'refused', message, user: toSessionUser(user), locker, deviceProof };
  }
  if (previousSessionToken) await endSession(deps.db, previousSessionToken);
  const sessionToken = await startSession(deps.db, user.user_id, now);
  return { kind: 'signedIn', sessionToken, user: toSessionUser(user), locker, deviceProof };
}

/** The user's default hub, as the one-entry list the login answer carries. */
export async function userLockers(deps: Pick<AuthDeps, 'db'>, user: UserRow): Promise<Locker[]> {
  const hub = user.locker_id ? await findHub(deps.db, user.locker_id) : undefined;
  return hub ? [toLocker(hub)] : [];
}

/** resendRegristerEmail: the activation-mail job does the rest, whoever the id names. */
export async function requestActivationLink(deps: Pick<AuthDeps, 'db' | 'config'>, userId: number): Promise<void> {
  await enqueueJob(deps.db, deps.config.clock(), 'activation-mail', { userId });
}

/** checkUser (forgot password): the reset-mail job does the rest, whether the address is known or not. */
export async function requestResetLink(deps: Pick<AuthDeps, 'db' | 'config'>, email: string): Promise<void> {
  await enqueueJob(deps.db, deps.config.clock(), 'reset-mail', { email });
}

/**
 * The activation-mail job: a new activation link to a user who has not activated, at most one
 * a minute (links already mailed keep working). The link is made when the mail is sent, so no
 * queued job holds one.
 */
export async function sendActivationLink(deps: LinkMailDeps, userId: number): Promise<void> {
  const user = await findUserById(deps.db, userId);
  if (!user || user.status !== USER_STATUS.notActivated) return;
  await mailNewLink(deps, user.user_id, 'activation', ACTIVATION_LINK_TTL_MS, (code) => activationMail(deps.config, user.email, user.first_name, code));
}

/** The reset-mail job: a reset link when the account exists (at most one a minute), and nothing otherwise. */
export async function sendResetLink(deps: LinkMailDeps, email: string): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!user) return;
  await mailNewLink(deps, user.user_id, 'reset', RESET_LINK_TTL_MS, (generatedId) => resetMail(deps.config, user.email, generatedId));
}

/**
 * Issues a link's token and mails it. A token whose mail failed is withdrawn, so the job's next
 * attempt is not held back by the one-a-minute rule and no link exists that nobody received.
 */
async function mailNewLink(
  deps: LinkMailDeps,
  userId: number,
  purpose: TokenPurpose,
  ttlMs: number,
  mail: (token: string) => MailMessage,
): Promise<void> {
  const token = await writeTransaction(deps.db, (trx) => issueToken(trx, userId, purpose, ttlMs, deps.config.clock()));
  if (!token) return;
  try {
    await deps.mail.send(mail(token));
  } catch (error) {
    await withdrawToken(deps.db, token);
    throw error;
  }
}

export type ActivationErrorcode = (typeof ACTIVATION_ERRORCODE)[keyof typeof ACTIVATION_ERRORCODE];

/** Status 0 becomes 1 (for a business user: pending until the provider activates it). */
export async function activateAccount(deps: AuthDeps, activateCode: string): Promise<ActivationErrorcode> {
  const now = deps.config.clock();
  return writeTransaction(deps.db, async (trx) => {
    const token = await checkToken(trx, activateCode, 'activation', now);
    if (token.state === 'unknown') return ACTIVATION_ERRORCODE.noSuchUser;
    if (token.state !== 'valid') return ACTIVATION_ERRORCODE.linkInvalid;
    const user = await findUserById(trx, token.userId);
    if (!user) return ACTIVATION_ERRORCODE.noSuchUser;
    if (user.status === USER_STATUS.notActivated) {
      await updateUser(trx, user.user_id, {
        status: USER_STATUS.active,
        activated_at: now.toISOString(),
        updated_at: now.toISOString(),
      });
    }
    await markTokenUsed(trx, token.tokenHash, now);
    return ACTIVATION_ERRORCODE.activated;
  });
}

export type ResetErrorcode = (typeof RESET_ERRORCODE)[keyof typeof RESET_ERRORCODE];

/**
 * Sets a new password with a reset link. Success voids every reset link of the user, ends all of
 * the user's sessions and queues a notice mail in one transaction, then lets the account and this
 * address sign in again at once (failed sign-ins forgotten).
 */
export async function resetPassword(
  deps: AuthDeps,
  input: { Email: string; generatedId: string; Password: string },
  address: string,
): Promise<ResetErrorcode> {
  const rule = resetPasswordField.safeParse(input.Password);
  // Named like every other 400: the field, then its rule.
  if (!rule.success) throw AppError.invalid(`Password: ${rule.error.issues[0]?.message ?? MESSAGES.resetPasswordRule}`);
  const now = deps.config.clock();
  const passwordHash = await hashPassword(input.Password);
  const changedFor = await writeTransaction(deps.db, async (trx) => {
    const token = await checkToken(trx, input.generatedId, 'reset', now);
    if (token.state === 'expired') return RESET_ERRORCODE.expired;
    if (token.state !== 'valid') return RESET_ERRORCODE.illegal;
    const user = await findUserById(trx, token.userId);
    if (!user || user.email !== input.Email.trim().toLowerCase()) return RESET_ERRORCODE.illegal;
    await updateUser(trx, user.user_id, { password_hash: passwordHash, updated_at: now.toISOString() });
    await markTokenUsed(trx, token.tokenHash, now);
    await voidTokens(trx, user.user_id, 'reset', now.toISOString());
    await deleteUserSessions(trx, user.user_id);
    await enqueueJob(trx, now, 'mail', passwordChangedMail(deps.config, user.email));
    return user;
  });
  if (typeof changedFor === 'number') return changedFor;
  await ownerProven(deps, { email: changedFor.email, address });
  return RESET_ERRORCODE.success;
}
