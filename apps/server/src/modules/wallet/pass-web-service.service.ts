import { API_ERRORCODE, freePeriodStart, OVERDUE_MAX_DAYS, pacificDay, pacificTime, PICKUP_GRACE_HOUR } from '@airbox/contract';
import type { AppContext } from '../../context.js';
import { type Db, writeTransaction } from '../../db/database.js';
import { toIso } from '../../db/dialect.js';
import { AppError } from '../../errors.js';
import { PKPASS_CONTENT_TYPE } from '../../providers/wallet/wallet-provider.js';
import { enqueueJob } from '../jobs/jobs.js';
import { listWaitingPackages } from '../packages/packages.repository.js';
import { type LockerQrCode, resetQrCode } from '../qr-codes/qr-codes.service.js';
import { findUserById } from '../users/users.repository.js';
import type { UserRow } from '../users/users.table.js';
import { authorizedWalletPass, nextUpdateTime, unsealToken } from './wallet-pass-tokens.js';
import {
  deleteRegistration,
  deleteRegistrationWithToken,
  findRegistration,
  findWalletPassOfUser,
  insertRegistration,
  listPassesOfDevice,
  listRegistrations,
  updateRegistrationPushToken,
  updateWalletPassUpdatedAt,
} from './wallet-passes.repository.js';
import { buildPassFile, type WalletDeps } from './wallet.service.js';

/*
 * Apple's PassKit web service (Wallet Passes: "Adding a Web Service to Update Passes" and its
 * endpoints), mounted at PUBLIC_URL + PASSKIT_PREFIX (routes/passkit.routes.ts). The callers are
 * Apple devices, not browsers: the pass's authenticationToken (Authorization: ApplePass …) proves
 * the register, unregister and latest-pass calls; the device library identifier is the secret of
 * the list call, as Apple documents. The update tag is the pass's updated_at in milliseconds.
 *
 * What changes a pass calls passChanged(trx, deps, userId) in its own transaction (a delivery, a
 * pickup; later a share or an extension): the pass's tag moves and each device registered for it
 * gets a push, one 'wallet-pass-push' job each (jobs/wallet-pass-push.job.ts).
 */

/** At most this many devices are registered for one pass; a new one makes the oldest go. */
export const MAX_DEVICES_PER_PASS = 10;
/** Of a device's log call: at most this many messages, each cut to this length, are logged. */
export const MAX_DEVICE_LOGS = 20;
export const MAX_DEVICE_LOG_LENGTH = 500;

export type PassWebServiceDeps = Pick<AppContext, 'db' | 'config' | 'log' | 'wallet'>;

const notAuthorized = () => new AppError(401, API_ERRORCODE.notSignedIn, 'Request not authorized');

async function authorize(deps: Pick<AppContext, 'db' | 'config'>, passTypeIdentifier: string, serialNumber: string, authorization: string | undefined) {
  const pass = await authorizedWalletPass(deps.db, serialNumber, authorization);
  if (!pass || passTypeIdentifier !== deps.config.wallet.passTypeIdentifier) throw notAuthorized();
  return pass;
}

export interface DeviceRegistration {
  deviceLibraryIdentifier: string;
  passTypeIdentifier: string;
  serialNumber: string;
  authorization: string | undefined;
  pushToken: string;
}

/**
 * POST /v1/devices/{deviceLibraryIdentifier}/registrations/{passTypeIdentifier}/{serialNumber}:
 * 'created' (201) for a new registration, 'registered' (200) when the device had one (its push
 * token is kept up to date); 401 without the pass's token. Past MAX_DEVICES_PER_PASS the oldest
 * registration goes: a customer's new phone always gets updates, and nobody fills a pass's list.
 */
export async function registerDevice(deps: Pick<AppContext, 'db' | 'config' | 'log'>, input: DeviceRegistration): Promise<'created' | 'registered'> {
  const pass = await authorize(deps, input.passTypeIdentifier, input.serialNumber, input.authorization);
  const nowIso = deps.config.clock().toISOString();
  return writeTransaction(deps.db, async (trx) => {
    const existing = await findRegistration(trx, input.deviceLibraryIdentifier, pass.serial_number);
    if (existing) {
      if (existing.push_token !== input.pushToken) await updateRegistrationPushToken(trx, input.deviceLibraryIdentifier, pass.serial_number, input.pushToken, nowIso);
      return 'registered';
    }
    const added = await insertRegistration(trx, {
      device_library_id: input.deviceLibraryIdentifier,
      serial_number: pass.serial_number,
      push_token: input.pushToken,
      created_at: nowIso,
      updated_at: nowIso,
    });
    if (!added) return 'registered';
    const registrations = await listRegistrations(trx, pass.serial_number);
    for (const old of registrations.slice(0, Math.max(0, registrations.length - MAX_DEVICES_PER_PASS))) {
      await deleteRegistration(trx, old.device_library_id, old.serial_number);
    }
    deps.log.info({ serialNumber: pass.serial_number, devices: Math.min(registrations.length, MAX_DEVICES_PER_PASS) }, 'wallet pass device registered');
    return 'created';
  });
}

/** DELETE of the same path: 200 when the device was registered; 401 without the token or for a device not registered. */
export async function unregisterDevice(deps: Pick<AppContext, 'db' | 'config'>, input: Omit<DeviceRegistration, 'pushToken'>): Promise<void> {
  const pass = await authorize(deps, input.passTypeIdentifier, input.serialNumber, input.authorization);
  if (!(await deleteRegistration(deps.db, input.deviceLibraryIdentifier, pass.serial_number))) throw notAuthorized();
}

/**
 * GET /v1/devices/{deviceLibraryIdentifier}/registrations/{passTypeIdentifier}?passesUpdatedSince=tag:
 * the device's passes changed after the tag (all without one) and the newest tag among them;
 * undefined (204) when none.
 */
export async function passesUpdatedSince(
  deps: Pick<AppContext, 'db' | 'config'>,
  input: { deviceLibraryIdentifier: string; passTypeIdentifier: string; passesUpdatedSince: number | undefined },
): Promise<{ serialNumbers: string[]; lastUpdated: string } | undefined> {
  if (input.passTypeIdentifier !== deps.config.wallet.passTypeIdentifier) return undefined;
  const since = input.passesUpdatedSince === undefined ? undefined : new Date(input.passesUpdatedSince).toISOString();
  const rows = await listPassesOfDevice(deps.db, input.deviceLibraryIdentifier, since);
  if (rows.length === 0) return undefined;
  const lastUpdated = Math.max(...rows.map((row) => new Date(toIso(row.updated_at)).getTime()));
  return { serialNumbers: rows.map((row) => row.serial_number), lastUpdated: String(lastUpdated) };
}

/**
 * When the pass's content last changed: its updated_at, or a later moment its fee went up (a
 * waiting package's free period ended, or a further overdue day started), so that a 304 never
 * keeps an old fee on the device.
 */
async function contentChangedAt(db: Db, userId: number, updatedAt: Date, now: Date): Promise<Date> {
  let latest = updatedAt.getTime();
  for (const pkg of await listWaitingPackages(db, userId)) {
    const { year, month, day } = pacificDay(freePeriodStart(new Date(pkg.delivered_at), pkg.held_until, pkg.extended_days));
    for (let overdue = 0; overdue < OVERDUE_MAX_DAYS; overdue += 1) {
      // The fee rises just after the step (pickupCharge counts a day once the clock is past noon).
      const step = Math.ceil((pacificTime(year, month, day + 1 + overdue, PICKUP_GRACE_HOUR).getTime() + 1) / 1000) * 1000;
      if (step <= now.getTime()) latest = Math.max(latest, step);
    }
  }
  return new Date(latest);
}

export type LatestPass = { notModified: true; lastModified: Date } | { notModified: false; lastModified: Date; pass: Buffer; contentType: string };

/**
 * GET /v1/passes/{passTypeIdentifier}/{serialNumber}: the pass as of now with its Last-Modified,
 * or notModified (304) when If-Modified-Since is at or after it; 401 without the pass's token.
 */
export async function latestPass(
  deps: WalletDeps,
  input: { passTypeIdentifier: string; serialNumber: string; authorization: string | undefined; ifModifiedSince: string | undefined },
): Promise<LatestPass> {
  const pass = await authorize(deps, input.passTypeIdentifier, input.serialNumber, input.authorization);
  const user = await findUserById(deps.db, pass.user_id);
  if (!user) throw notAuthorized();
  const lastModified = await contentChangedAt(deps.db, user.user_id, new Date(toIso(pass.updated_at)), deps.config.clock());
  const since = input.ifModifiedSince ? Date.parse(input.ifModifiedSince) : Number.NaN;
  if (!Number.isNaN(since) && lastModified.getTime() <= since) return { notModified: true, lastModified };
  const file = await buildPassFile(deps, user, {
    serialNumber: pass.serial_number,
    authenticationToken: unsealToken(deps.config.sessionSecret, pass.auth_token_sealed),
    updatedAt: lastModified,
  });
  return { notModified: false, lastModified, pass: file, contentType: PKPASS_CONTENT_TYPE };
}

/** POST /v1/log: what a device reports of its trouble with the passes, logged (a few, cut short). */
export function recordDeviceLogs(deps: Pick<AppContext, 'log'>, logs: readonly string[]): void {
  for (const message of logs.slice(0, MAX_DEVICE_LOGS)) {
    // Control characters go, so a device cannot forge log lines.
    deps.log.warn({ deviceLog: message.replace(/[\p{Cc}]+/gu, ' ').slice(0, MAX_DEVICE_LOG_LENGTH) }, 'wallet pass device log');
  }
}

/**
 * The one call for whatever changes what a customer's pass shows (a delivery, a pickup, later a
 * share or an extension), made in that change's transaction: the pass's update tag moves and a
 * push job is queued for each device registered for it. Nothing when the customer has no pass.
 */
export async function passChanged(trx: Db, deps: Pick<AppContext, 'config'>, userId: number): Promise<void> {
  const pass = await findWalletPassOfUser(trx, userId);
  if (!pass) return;
  const now = deps.config.clock();
  const updatedAt = nextUpdateTime(now, new Date(toIso(pass.updated_at)));
  await updateWalletPassUpdatedAt(trx, pass.serial_number, updatedAt.toISOString());
  for (const registration of await listRegistrations(trx, pass.serial_number)) {
    await enqueueJob(
      trx,
      now,
      'wallet-pass-push',
      { serialNumber: pass.serial_number, deviceLibraryIdentifier: registration.device_library_id },
      { uniqueKey: `wallet-pass-push:${pass.serial_number}:${registration.device_library_id}:${updatedAt.getTime()}` },
    );
  }
}

/**
 * A locker QR code reset (getUserQRcode update=1), with the wallet pass, whose barcode is that
 * code, changed in the same transaction: the devices fetch the pass with the new code.
 */
export async function resetQrCodeAndPass(
  deps: Pick<AppContext, 'db' | 'config'>,
  user: UserRow,
  now: Date,
): Promise<{ kind: 'reset' | 'locked'; code: LockerQrCode }> {
  return writeTransaction(deps.db, async (trx) => {
    const outcome = await resetQrCode(trx, deps.config.sessionSecret, user, now);
    if (outcome.kind === 'reset') await passChanged(trx, deps, user.user_id);
    return outcome;
  });
}

/**
 * The 'wallet-pass-push' job: wakes one registered device's Wallet (APNs, topic the pass type,
 * payload {}). A device gone since is skipped; one whose token APNs calls dead (410) is
 * unregistered; any other failure throws, so the job tries again.
 */
export async function pushPassUpdate(
  deps: Pick<AppContext, 'db' | 'config' | 'log' | 'passPushes'>,
  job: { serialNumber: string; deviceLibraryIdentifier: string },
): Promise<void> {
  const registration = await findRegistration(deps.db, job.deviceLibraryIdentifier, job.serialNumber);
  if (!registration) return;
  const result = await deps.passPushes.send({ pushToken: registration.push_token, passTypeIdentifier: deps.config.wallet.passTypeIdentifier });
  if (result.outcome === 'unregistered') {
    await deleteRegistrationWithToken(deps.db, job.deviceLibraryIdentifier, job.serialNumber, registration.push_token);
    deps.log.info({ serialNumber: job.serialNumber, reason: result.reason }, 'wallet pass device unregistered: APNs says its token is gone');
    return;
  }
  deps.log.info({ serialNumber: job.serialNumber, apnsId: result.id }, 'wallet pass push sent');
}
