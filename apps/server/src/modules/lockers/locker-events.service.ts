import { randomInt } from 'node:crypto';
import {
  APP_PATHS,
  appUrl,
  type DeliveredEvent,
  freePeriodStart,
  type LockerDoor,
  type LockerRecipientRequest,
  LOCKER_EVENT_ERRORCODE,
  LOCKER_EVENT_MESSAGES,
  pacificDateString,
  type PickedUpEvent,
  pickupCharge,
  pickupGraceEnd,
} from '@airbox/contract';
import type { AppContext } from '../../context.js';
import { type Db, writeTransaction } from '../../db/database.js';
import { toIso, uniqueViolation } from '../../db/dialect.js';
import { AppError } from '../../errors.js';
import { findHub } from '../hubs/hubs.repository.js';
import { enqueueJob } from '../jobs/jobs.js';
import { deliveryMessageHtml, deliveryMessageText, type DeliveryNotice } from '../messages/messages.html.js';
import { findDeliveryMessageId, insertMessage, markPackageMessagesPickedUp } from '../messages/messages.repository.js';
import { notify } from '../notifications/notify.js';
import { membershipActive, recordCharge, recordLockerDelivery } from '../operations/ledger.js';
import {
  findLockerPackage,
  findPackageByDeliveryKey,
  findPackageByPickupCode,
  insertLockerPackage,
  lockLockerPackage,
  markPackagePickedUp,
} from '../packages/packages.repository.js';
import type { LockerPackageRow } from '../packages/packages.table.js';
import { packageDoor } from '../packages/packages.wire.js';
import { findUserByBoxId, findUserById, lockUser, lockUserByBoxId, updateUser } from '../users/users.repository.js';
import { endShareAtPickup, liveShareByCode, pickupCodeTaken } from '../pickup-shares/pickup-shares.service.js';
import { findHoldOnDay } from '../vacation-holds/vacation-holds.repository.js';
import { passChanged } from '../wallet/pass-web-service.service.js';

/*
 * Charging decision (issue 4). A delivery is always recorded: the package is already in the
 * locker, so refusing it would only hide it from the customer. The credits are charged at the
 * pickup, in the pickup's transaction and operation (the spec shows credits with '-' on pickups
 * and no sign on deliveries):
 *   - 1 credit for the delivery, unless a 6- or 12-month membership ran at the delivery or at
 *     the pickup;
 *   - 1 credit per started overdue day after 12:00 PM Pacific the day after the delivery, at
 *     most 2 (contract: pickupCharge).
 * The balance never goes below 0: what the Terms asked is kept in operations.credits_owed, what
 * was taken in credits_delta (and shown); the difference is left for the operators to settle.
 */

export type LockerDeps = Pick<AppContext, 'db' | 'config' | 'log'>;

function lockerError(status: number, key: Exclude<keyof typeof LOCKER_EVENT_ERRORCODE, 'recorded' | 'badApiKey'>): AppError {
  return new AppError(status, LOCKER_EVENT_ERRORCODE[key], LOCKER_EVENT_MESSAGES[key]);
}

export interface DeliveryResult {
  packageId: number;
  /** The delivery's message; null when the event repeated a delivery whose message the customer has since deleted. */
  messageId: number | null;
  pickupCode: string;
  /** The recipient's reach need (their profile's wheelchair preference), for the controller's next choice of door. */
  needsLowCompartment: boolean;
  /** The door recorded, null when the controller reported none. */
  door: LockerDoor | null;
  /** The recipient's vacation hold the delivery falls in (its last day), so the controller keeps the compartment; null when none. */
  hold: { until: string } | null;
}

/** A code no waiting package nor live share at this hub has (the unique index locker_packages_waiting_code is the guard). */
async function freshPickupCode(trx: Db, hubId: string): Promise<string> {
  for (;;) {
    const code = String(randomInt(100_000, 1_000_000));
    if (!(await pickupCodeTaken(trx, hubId, code))) return code;
  }
}

/**
 * What identifies one physical delivery in a delivered event (security review: events were not
 * idempotent): the hub, the recipient, the carrier, the tracking number and the instant the
 * controller says the door closed. A controller's retry after a timeout, or a replayed request,
 * repeats all five; another parcel has another tracking number, and the same parcel delivered
 * again (returned, re-sent) closes a door at another instant. The door is left out: it is null for
 * controllers that report none, and a parcel is not put behind two doors at one instant.
 * Without the controller's deliveredAt there is no key: the server's clock says when the event
 * arrived, not which delivery it reports, so such events cannot be told from a new delivery and
 * each records its package (as before). Stored in locker_packages.delivery_key, unique.
 */
function deliveryKey(event: DeliveredEvent, userId: number): string | null {
  if (!event.deliveredAt) return null;
  // As a person or another controller may write the same carrier and tracking number.
  const trackingNo = event.trackingNo.replace(/\s+/g, '').toUpperCase();
  return JSON.stringify([event.hubId, userId, event.carrier.trim().toLowerCase(), trackingNo, new Date(event.deliveredAt).toISOString()]);
}

/** The answer a delivery already recorded gave, for an event that repeats it. */
async function repeatedDelivery(trx: Db, deps: LockerDeps, pkg: LockerPackageRow, needsLowCompartment: boolean, event: DeliveredEvent): Promise<DeliveryResult> {
  const door = packageDoor({ door_column: pkg.door_column, door_row: pkg.door_row === null ? null : Number(pkg.door_row), door_low: pkg.door_low === null ? null : Number(pkg.door_low) });
  const reported = event.door ?? null;
  if (JSON.stringify(reported) !== JSON.stringify(door)) deps.log.warn({ packageId: pkg.id, hubId: pkg.hub_id }, 'a repeated locker delivery named another door: the door first recorded stands');
  deps.log.info({ packageId: pkg.id, hubId: pkg.hub_id }, 'locker delivery repeated: answered with the package recorded, nothing changed');
  return {
    packageId: pkg.id,
    messageId: await findDeliveryMessageId(trx, pkg.id),
    pickupCode: pkg.pickup_code,
    needsLowCompartment,
    door,
    hold: pkg.held_until ? { until: pkg.held_until } : null,
  };
}

/**
 * A carrier delivered a package into a hub for an AirBox ID: the package with a fresh pickup
 * code and the door the controller reported (if any), the customer's message and the delivery
 * operation, in one transaction. The answer tells the controller whether the customer needs a
 * low door (issue 22 item 3). An event that repeats a delivery already recorded (same
 * deliveryKey) answers what the first answered and changes nothing: no second package, code,
 * message, operation, notice or wallet push; the unique index on delivery_key decides between
 * two that race, and the loser answers with the winner's package.
 */
export async function recordDelivery(deps: LockerDeps, event: DeliveredEvent): Promise<DeliveryResult> {
  const deliveredAt = event.deliveredAt ? new Date(event.deliveredAt) : deps.config.clock();
  const door = event.door ?? null;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await writeTransaction(deps.db, async (trx) => {
        const user = await lockUserByBoxId(trx, event.boxId);
        if (!user) throw lockerError(404, 'unknownAirBoxId');
        const hub = await findHub(trx, event.hubId);
        if (!hub) throw lockerError(404, 'unknownHub');
        const key = deliveryKey(event, user.user_id);
        const recorded = key ? await findPackageByDeliveryKey(trx, key) : undefined;
        if (recorded) return repeatedDelivery(trx, deps, recorded, user.is_handicapped === 1, event);
        const pickupCode = await freshPickupCode(trx, hub.id);
        // A delivery on a day of the customer's vacation hold is kept until the hold's end (issue 22 item 2).
        const hold = await findHoldOnDay(trx, user.user_id, pacificDateString(deliveredAt));
        const heldUntil = hold?.end_date ?? null;
        const packageId = await insertLockerPackage(trx, {
          user_id: user.user_id,
          hub_id: hub.id,
          carrier: event.carrier,
          tracking_no: event.trackingNo,
          pickup_code: pickupCode,
          delivered_at: deliveredAt.toISOString(),
          picked_up_at: null,
          door_column: door?.column ?? null,
          door_row: door?.row ?? null,
          door_low: door ? (door.low ? 1 : 0) : null,
          held_until: heldUntil,
          delivery_key: key,
        });
        const notice: DeliveryNotice = {
          carrier: event.carrier,
          trackingNo: event.trackingNo,
          hub,
          pickupCode,
          deliveredAt,
          door,
          needsLowCompartment: user.is_handicapped === 1,
          graceEnd: pickupGraceEnd(freePeriodStart(deliveredAt, heldUntil)),
        };
        const messageId = await insertMessage(trx, {
          user_id: user.user_id,
          package_id: packageId,
          carrier: event.carrier,
          tracking_no: event.trackingNo,
          body_html: deliveryMessageHtml(notice),
          is_pickup: 0,
          pickup_code: pickupCode,
          message_date: deliveredAt.toISOString(),
        });
        await recordLockerDelivery(trx, user, { at: deliveredAt.toISOString(), packageId });
        // What to say is rendered by the worker that sends it (sendDeliveryNotices).
        await enqueueJob(trx, deps.config.clock(), 'delivery-notice', { packageId }, { uniqueKey: `delivery-notice:${packageId}` });
        // The wallet pass lists the new package: its devices are told.
        await passChanged(trx, deps, user.user_id);
        const needsLowCompartment = user.is_handicapped === 1;
        if (door && needsLowCompartment && !door.low) deps.log.warn({ packageId, hubId: hub.id }, 'a package for a customer who needs a low door went behind a high one');
        deps.log.info({ packageId, userId: user.user_id, hubId: hub.id }, 'locker delivery recorded');
        return { packageId, messageId, pickupCode, needsLowCompartment, door, hold: heldUntil ? { until: heldUntil } : null };
      });
    } catch (error) {
      // The same delivery reported twice at once: the winner's package is there now, and the next
      // attempt answers with it. Two deliveries drew the same code at the same hub at once: draw again.
      if (attempt < 3 && uniqueViolation(error)?.startsWith('locker_packages.')) continue;
      throw error;
    }
  }
}

export interface RecipientAnswer {
  needsLowCompartment: boolean;
  hold: { until: string } | null;
}

/**
 * What a delivery for this AirBox ID at this hub would answer about its recipient, asked by the
 * controller before it chooses a door (issue 22 items 2 and 3): their reach need and the vacation
 * hold a delivery at `at` (now when absent) would fall in. Reads only; records nothing. An unknown
 * AirBox ID or hub is refused as the delivery refuses it.
 */
export async function recipientForDelivery(deps: LockerDeps, query: LockerRecipientRequest): Promise<RecipientAnswer> {
  const at = query.at ? new Date(query.at) : deps.config.clock();
  const user = await findUserByBoxId(deps.db, query.boxId);
  if (!user) throw lockerError(404, 'unknownAirBoxId');
  if (!(await findHub(deps.db, query.hubId))) throw lockerError(404, 'unknownHub');
  const hold = await findHoldOnDay(deps.db, user.user_id, pacificDateString(at));
  return { needsLowCompartment: user.is_handicapped === 1, hold: hold ? { until: hold.end_date } : null };
}

export interface PickupResult {
  packageId: number;
  creditsCharged: number;
  creditsOwed: number;
  overtimeDays: number;
  balance: number;
}

/**
 * A customer took a package out with its pickup code: the package and its messages are marked
 * picked up and the pickup operation charges per the Terms, in one transaction. An unknown
 * code or a package already picked up changes nothing.
 */
export async function recordPickup(deps: LockerDeps, event: PickedUpEvent): Promise<PickupResult> {
  const pickedUpAt = event.pickedUpAt ? new Date(event.pickedUpAt) : deps.config.clock();
  return writeTransaction(deps.db, async (trx) => {
    // The owner's code, else a live share's (issue 22 item 1): the package's row locked either way,
    // so a share revoked or used at the same moment ends one way only.
    let byShare = false;
    let waiting = await findPackageByPickupCode(trx, event.hubId, event.pickupCode, { waiting: true });
    if (!waiting) {
      const share = await liveShareByCode(trx, event.hubId, event.pickupCode);
      const pkg = share ? await lockLockerPackage(trx, share.package_id) : undefined;
      if (share && pkg && pkg.picked_up_at === null && (await liveShareByCode(trx, event.hubId, event.pickupCode))?.id === share.id) {
        if (pickedUpAt.getTime() >= new Date(toIso(share.expires_at)).getTime()) throw lockerError(404, 'unknownPickupCode');
        waiting = pkg;
        byShare = true;
      }
    }
    if (!waiting) {
      const before = await findPackageByPickupCode(trx, event.hubId, event.pickupCode, { waiting: false });
      throw before ? lockerError(409, 'alreadyPickedUp') : lockerError(404, 'unknownPickupCode');
    }
    if (!(await markPackagePickedUp(trx, waiting.id, pickedUpAt.toISOString()))) throw lockerError(409, 'alreadyPickedUp');
    await markPackageMessagesPickedUp(trx, waiting.id);
    await endShareAtPickup(trx, deps, waiting, byShare ? 'shared-code' : 'owner-code');

    const user = await lockUser(trx, waiting.user_id);
    if (!user) throw new Error(`package ${waiting.id} names a missing user`);
    const deliveredAt = new Date(waiting.delivered_at);
    // Hold days are never overdue, nor days the customer paid to extend: the Terms' days are counted from their end (issue 22 item 2).
    const charge = pickupCharge({
      deliveredAt: freePeriodStart(deliveredAt, waiting.held_until, Number(waiting.extended_days)),
      pickedUpAt,
      coveredByMembership: membershipActive(user, deliveredAt) || membershipActive(user, pickedUpAt),
    });
    const taken = Math.min(charge.total, Math.max(user.credits, 0));
    const balance = user.credits - taken;
    if (taken > 0) {
      await updateUser(trx, user.user_id, { credits: balance, updated_at: deps.config.clock().toISOString() });
    }
    await recordCharge(trx, user, {
      deliveredAt: deliveredAt.toISOString(),
      pickedUpAt: pickedUpAt.toISOString(),
      owed: charge.total,
      taken,
      overtimeDays: charge.overtimeDays,
      balanceAfter: balance,
      packageId: waiting.id,
    });
    // The wallet pass no longer lists the package.
    await passChanged(trx, deps, user.user_id);
    if (taken < charge.total) deps.log.warn({ packageId: waiting.id, owed: charge.total, taken }, 'pickup charge exceeded the balance');
    deps.log.info({ packageId: waiting.id, credits: taken, overtimeDays: charge.overtimeDays }, 'locker pickup recorded');
    return { packageId: waiting.id, creditsCharged: taken, creditsOwed: charge.total, overtimeDays: charge.overtimeDays, balance };
  });
}

/**
 * The delivery notices, by e-mail and/or text as the customer's notification switches say: the
 * job 'delivery-notice' runs this in the portal's worker, so the mail's link and brand are the
 * serving portal's (PUBLIC_URL), not those of whatever process recorded the delivery (the
 * operators' `npm run locker -- deliver` runs with its own environment). Each notice is its own
 * job, so the text never waits on the mail; their keys keep a second run from sending again.
 */
export async function sendDeliveryNotices(deps: LockerDeps, packageId: number): Promise<void> {
  const pkg = await findLockerPackage(deps.db, packageId);
  if (!pkg) return;
  const [user, hub] = await Promise.all([findUserById(deps.db, pkg.user_id), findHub(deps.db, pkg.hub_id)]);
  if (!user || !hub) return;
  const deliveredAt = new Date(toIso(pkg.delivered_at));
  const notice: DeliveryNotice = {
    carrier: pkg.carrier,
    trackingNo: pkg.tracking_no,
    hub,
    pickupCode: pkg.pickup_code,
    deliveredAt,
    // The door the controller reported, named in the mail and the text (issue 22 item 3).
    door: packageDoor({ door_column: pkg.door_column, door_row: pkg.door_row === null ? null : Number(pkg.door_row), door_low: pkg.door_low === null ? null : Number(pkg.door_low) }),
    needsLowCompartment: Number(user.is_handicapped) === 1,
    graceEnd: pickupGraceEnd(freePeriodStart(deliveredAt, pkg.held_until, Number(pkg.extended_days))),
  };
  await writeTransaction(deps.db, (trx) =>
    notify(trx, deps, user, {
      subject: 'your package is ready for pickup',
      lines: [deliveryMessageText(notice)],
      action: { label: 'My Messages', link: appUrl(deps.config.publicUrl, APP_PATHS.message.getHref()) },
      key: `delivery-notice:${packageId}`,
    }),
  );
}
