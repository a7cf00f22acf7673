import { randomInt } from 'node:crypto';
import {
  APP_PATHS,
  appUrl,
  DAY_MS,
  directionsUrl,
  freePeriodStart,
  PICKUP_SHARE_ERRORCODE,
  PICKUP_SHARE_MESSAGES,
  PICKUP_SHARES_PER_DAY,
  pickupGraceEnd,
  type PickupShareSummary,
  type PublicPickupShare,
  type SharePickupRequest,
} from '@airbox/contract';
import type { AppContext } from '../../context.js';
import { type Db, writeTransaction } from '../../db/database.js';
import { toIso } from '../../db/dialect.js';
import { AppError } from '../../errors.js';
import { usPhoneE164 } from '../../providers/sms/sms-provider.js';
import { findHub } from '../hubs/hubs.repository.js';
import { enqueueJob } from '../jobs/jobs.js';
import { mailNotice, notify } from '../notifications/notify.js';
import { lockLockerPackage } from '../packages/packages.repository.js';
import { packageDoor } from '../packages/packages.wire.js';
import type { LockerPackageRow } from '../packages/packages.table.js';
import { randomToken, sha256 } from '../tokens/tokens.crypto.js';
import { findUserById, lockUser } from '../users/users.repository.js';
import { passChanged } from '../wallet/pass-web-service.service.js';
import type { PickupShareRow } from './pickup-shares.table.js';

/*
 * Share a pickup (issue 22 item 1). A share is live while ended_at is null; it ends once: used
 * (its code opened the door), the package collected with the owner's code, or revoked. Every
 * change runs in one write transaction that first locks the package's row, so a share used while
 * it is revoked ends one way only.
 */

export type ShareDeps = Pick<AppContext, 'db' | 'config' | 'log'>;

const shareError = (status: number, errorcode: number, message: string) => new AppError(status, errorcode, message);

/** The live share of a package, if any. */
export async function liveShareOf(trx: Db, packageId: number): Promise<PickupShareRow | undefined> {
  return trx.selectFrom('pickup_shares').selectAll().where('package_id', '=', packageId).where('ended_at', 'is', null).executeTakeFirst();
}

/** The live share at a hub with this code (the locker events API's second lookup). */
export async function liveShareByCode(trx: Db, hubId: string, pickupCode: string): Promise<PickupShareRow | undefined> {
  return trx.selectFrom('pickup_shares').selectAll().where('hub_id', '=', hubId).where('pickup_code', '=', pickupCode).where('ended_at', 'is', null).executeTakeFirst();
}

/** Whether any waiting package or live share at the hub uses this code. */
export async function pickupCodeTaken(trx: Db, hubId: string, code: string): Promise<boolean> {
  const pkg = await trx.selectFrom('locker_packages').select('id').where('hub_id', '=', hubId).where('pickup_code', '=', code).where('picked_up_at', 'is', null).executeTakeFirst();
  return pkg !== undefined || (await liveShareByCode(trx, hubId, code)) !== undefined;
}

async function freshShareCode(trx: Db, hubId: string): Promise<string> {
  for (;;) {
    const code = String(randomInt(100_000, 1_000_000));
    if (!(await pickupCodeTaken(trx, hubId, code))) return code;
  }
}

export function toShareSummary(row: Pick<PickupShareRow, 'via' | 'sent_to' | 'created_at' | 'expires_at'>): PickupShareSummary {
  return { via: row.via, sentTo: row.sent_to, sharedAt: toIso(row.created_at), validUntil: toIso(row.expires_at) };
}

/**
 * The package's free period was extended (issue 22 item 2): its live share, if any, stays valid
 * until the new end, in the extension's transaction (the package's row locked).
 */
export async function extendLiveShare(trx: Db, packageId: number, until: Date): Promise<void> {
  await trx.updateTable('pickup_shares').set({ expires_at: until.toISOString() }).where('package_id', '=', packageId).where('ended_at', 'is', null).execute();
}

/** The live shares of a user's waiting packages, by package id (the dashboard's list). */
export async function liveSharesOfUser(db: Db, userId: number): Promise<Map<number, PickupShareSummary>> {
  const rows = await db.selectFrom('pickup_shares').selectAll().where('user_id', '=', userId).where('ended_at', 'is', null).execute();
  return new Map(rows.map((row) => [row.package_id, toShareSummary(row)]));
}

export interface ShareMade extends PickupShareSummary {
  url: string;
  pickupCode: string;
}

/**
 * Shares the pickup of one of the user's waiting packages: a code of its own and a link, sent by
 * mail or text, or shown for the owner to copy. Refused for a package not theirs or collected
 * (404), already shared or past its free period (409), or past PICKUP_SHARES_PER_DAY (409).
 */
export async function sharePickup(deps: ShareDeps, userId: number, input: SharePickupRequest & { packageId: number }): Promise<ShareMade> {
  const now = deps.config.clock();
  const token = randomToken();
  const url = appUrl(deps.config.publicUrl, APP_PATHS.pickupShare.getHref(token));
  return writeTransaction(deps.db, async (trx) => {
    // The package first, then its owner, as every change of a waiting package (an extension, the
    // locker's pickup) takes them: the other order deadlocked with them on PostgreSQL.
    const pkg = await lockLockerPackage(trx, input.packageId);
    const user = await lockUser(trx, userId);
    if (!user || !pkg || pkg.user_id !== userId || pkg.picked_up_at !== null) {
      throw shareError(404, PICKUP_SHARE_ERRORCODE.notFound, PICKUP_SHARE_MESSAGES.notFound);
    }
    // Until the free period ends, as the dashboard counts it: after a vacation hold, with the days extended (issue 22 item 2).
    const expiresAt = pickupGraceEnd(freePeriodStart(new Date(toIso(pkg.delivered_at)), pkg.held_until, Number(pkg.extended_days)));
    if (now.getTime() >= expiresAt.getTime()) throw shareError(409, PICKUP_SHARE_ERRORCODE.refused, PICKUP_SHARE_MESSAGES.freePeriodOver);
    if (await liveShareOf(trx, pkg.id)) throw shareError(409, PICKUP_SHARE_ERRORCODE.refused, PICKUP_SHARE_MESSAGES.alreadyShared);
    const dayAgo = new Date(now.getTime() - DAY_MS).toISOString();
    const made = await trx.selectFrom('pickup_shares').select((eb) => eb.fn.countAll().as('count')).where('user_id', '=', userId).where('created_at', '>', dayAgo).executeTakeFirstOrThrow();
    if (Number(made.count) >= PICKUP_SHARES_PER_DAY) throw shareError(409, PICKUP_SHARE_ERRORCODE.limitReached, PICKUP_SHARE_MESSAGES.perDay(PICKUP_SHARES_PER_DAY));

    const phone = input.via === 'text' ? usPhoneE164(input.phone ?? '') : undefined;
    if (input.via === 'text' && !phone) throw shareError(400, -400, PICKUP_SHARE_MESSAGES.phoneRequired);
    const sentTo = input.via === 'email' ? (input.email ?? '') : input.via === 'text' ? (input.phone ?? '') : '';
    const pickupCode = await freshShareCode(trx, pkg.hub_id);
    const row = {
      package_id: pkg.id,
      user_id: userId,
      hub_id: pkg.hub_id,
      pickup_code: pickupCode,
      token_hash: sha256(token),
      via: input.via,
      sent_to: sentTo,
      created_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
      ended_at: null,
      ended_by: null,
    } as const;
    await trx.insertInto('pickup_shares').values(row).execute();

    const firstName = user.first_name.trim() || 'An AirBox customer';
    const hub = await findHub(trx, pkg.hub_id);
    const where = hub ? ` at ${hub.business_name}` : '';
    if (input.via === 'email') {
      await mailNotice(trx, deps, sentTo, {
        subject: `${firstName} shared a package pickup with you`,
        lines: [`${firstName} asked you to pick up a ${pkg.carrier} package${where}.`, 'The link shows the pickup code, the address, opening hours and directions. It works once, until the free period ends.'],
        action: { label: 'Open the pickup', link: url },
      });
    } else if (phone) {
      await enqueueJob(trx, now, 'sms', { to: phone, body: `${deps.config.brandName}: ${firstName} shared a package pickup${where} with you: ${url}` });
    }
    await passChanged(trx, deps, userId);
    deps.log.info({ packageId: pkg.id, userId, via: input.via }, 'pickup shared');
    return { ...toShareSummary(row), url, pickupCode };
  });
}

/** Revokes the live share of one of the user's waiting packages (404 none such; 409 no live share). */
export async function revokePickupShare(deps: ShareDeps, userId: number, packageId: number): Promise<void> {
  await writeTransaction(deps.db, async (trx) => {
    const pkg = await lockLockerPackage(trx, packageId);
    if (!pkg || pkg.user_id !== userId || pkg.picked_up_at !== null) throw shareError(404, PICKUP_SHARE_ERRORCODE.notFound, PICKUP_SHARE_MESSAGES.notFound);
    const ended = await trx
      .updateTable('pickup_shares')
      .set({ ended_at: deps.config.clock().toISOString(), ended_by: 'revoked' })
      .where('package_id', '=', pkg.id)
      .where('ended_at', 'is', null)
      .executeTakeFirst();
    if (Number(ended.numUpdatedRows) !== 1) throw shareError(409, PICKUP_SHARE_ERRORCODE.refused, PICKUP_SHARE_MESSAGES.noLiveShare);
    await passChanged(trx, deps, userId);
  });
}

/**
 * The pickup (in the pickup's transaction, its package row locked): ends the package's live
 * share, by the code used, and tells the owner which code collected it. Nothing when it had none.
 */
export async function endShareAtPickup(trx: Db, deps: ShareDeps, pkg: LockerPackageRow, by: 'shared-code' | 'owner-code'): Promise<void> {
  const share = await liveShareOf(trx, pkg.id);
  if (!share) return;
  await trx.updateTable('pickup_shares').set({ ended_at: deps.config.clock().toISOString(), ended_by: by }).where('id', '=', share.id).execute();
  const owner = await findUserById(trx, pkg.user_id);
  if (!owner) return;
  const which = by === 'shared-code' ? 'the pickup code you shared' : 'your own pickup code';
  await notify(trx, deps, owner, {
    subject: `your ${pkg.carrier} package was picked up`,
    lines: [`Your ${pkg.carrier} package ${pkg.tracking_no} was picked up with ${which}.`, by === 'shared-code' ? 'Your own code no longer works.' : 'The shared link and code no longer work.'],
    action: { label: 'Dashboard', link: appUrl(deps.config.publicUrl, APP_PATHS.dashboard.getHref()) },
    key: `pickup-share-collected:${share.id}`,
  });
}

/** The public page's answer for a link's token: 404 for a token no share has; no details unless ready. */
export async function publicPickupShare(deps: ShareDeps, token: string): Promise<PublicPickupShare> {
  const share = await deps.db.selectFrom('pickup_shares').selectAll().where('token_hash', '=', sha256(token)).executeTakeFirst();
  if (!share) throw shareError(404, PICKUP_SHARE_ERRORCODE.notFound, PICKUP_SHARE_MESSAGES.linkNotFound);
  if (share.ended_by === 'revoked') return { state: 'revoked', pickup: null };
  if (share.ended_at !== null) return { state: 'used', pickup: null };
  if (deps.config.clock().getTime() >= new Date(toIso(share.expires_at)).getTime()) return { state: 'expired', pickup: null };
  const [pkg, hub, owner] = await Promise.all([
    deps.db.selectFrom('locker_packages').selectAll().where('id', '=', share.package_id).executeTakeFirst(),
    findHub(deps.db, share.hub_id),
    findUserById(deps.db, share.user_id),
  ]);
  if (!pkg || !hub || pkg.picked_up_at !== null) return { state: 'used', pickup: null };
  const hubAddress = `${hub.address}, ${hub.city}, ${hub.state} ${hub.zip_code}`;
  return {
    state: 'ready',
    pickup: {
      sharedBy: owner?.first_name.trim() || 'An AirBox customer',
      pickupCode: share.pickup_code,
      validUntil: toIso(share.expires_at),
      carrier: pkg.carrier,
      hubName: hub.business_name,
      hubAddress,
      hubHours: hub.hours,
      hubPhone: hub.phone,
      directionsUrl: directionsUrl(hubAddress),
      door: packageDoor({ door_column: pkg.door_column, door_row: pkg.door_row === null ? null : Number(pkg.door_row), door_low: pkg.door_low === null ? null : Number(pkg.door_low) }),
    },
  };
}
