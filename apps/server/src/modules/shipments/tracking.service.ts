import { APP_PATHS, appUrl, carrierDisplayName, DAY_MS, type PublicTracking, shipmentStatus, STATUS_FLAG } from '@airbox/contract';
import type { AppContext } from '../../context.js';
import { type Db, writeTransaction } from '../../db/database.js';
import { toIso } from '../../db/dialect.js';
import type { Tracker, TrackerEvent, TrackerStatus, TrackingEvent } from '../../providers/carriers/carriers-provider.js';
import { enqueueJob } from '../jobs/jobs.js';
import { notify } from '../notifications/notify.js';
import { findUserById } from '../users/users.repository.js';
import { findShipment, findShipmentByTrackingToken, insertCarrierEvent, lockTrackedShipment, updateShipment } from './shipments.repository.js';
import type { ShipmentRow } from './shipments.table.js';
import { trackerStatusMovesForward } from './tracker-status.js';

/*
 * Trackers (issue 9): a carrier's tracker events reach a label here, whether from EasyPost's
 * webhook (routes/app-v1/carrier-webhooks.routes.ts) or from the simulator's recurring step
 * (jobs/carrier-simulator-advance.job.ts). An event is stored once by its id and applied by a
 * job; applying only moves a label forward, and a change worth telling reaches the customer as
 * they chose.
 */

export type TrackingDeps = Pick<AppContext, 'db' | 'config' | 'log'>;

/** How far ahead of the server's clock a carrier's event may be dated (clocks and time zones differ); later is not believed. */
const TRACKING_CLOCK_SKEW_MS = DAY_MS;

/**
 * Stores a verified carrier event by its id and queues the job that applies it, in one
 * transaction. False when the id was taken before (a replay): nothing is queued again.
 */
export async function recordTrackerEvent(deps: TrackingDeps, event: TrackerEvent): Promise<boolean> {
  const now = deps.config.clock();
  return writeTransaction(deps.db, async (trx) => {
    if (!(await insertCarrierEvent(trx, { eventId: event.eventId, description: event.description, receivedAtIso: now.toISOString() }))) return false;
    await enqueueJob(trx, now, 'carrier-event', { eventId: event.eventId, tracker: event.tracker }, { uniqueKey: `carrier-event:${event.eventId}` });
    return true;
  });
}

/** A label's tracker events as stored in shipments.tracking_events (JSON, oldest first). */
type StoredEvent = TrackingEvent;

function storedEventsOf(json: string): StoredEvent[] {
  try {
    const parsed: unknown = JSON.parse(json);
    if (!Array.isArray(parsed)) return [];
    return parsed.flatMap((value: unknown) => {
      if (typeof value !== 'object' || value === null) return [];
      const event = value as Record<string, unknown>;
      const text = (field: unknown) => (typeof field === 'string' ? field : null);
      return [
        {
          status: String(event.status ?? '') as TrackerStatus,
          message: String(event.message ?? ''),
          datetime: String(event.datetime ?? ''),
          city: text(event.city),
          state: text(event.state),
          zip: text(event.zip),
        },
      ];
    });
  } catch {
    return [];
  }
}

/** Whether a carrier's date can be read. */
const validDate = (value: string | null): value is string => value !== null && !Number.isNaN(Date.parse(value));

/** A moment in ms; an unreadable date counts as the oldest. */
const timeOf = (datetime: string) => {
  const ms = Date.parse(datetime);
  return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
};

const latestTime = (events: StoredEvent[]) => events.reduce((latest, event) => Math.max(latest, timeOf(event.datetime)), Number.NEGATIVE_INFINITY);

const keyOf = (event: StoredEvent) => `${event.datetime}\u0000${event.status}\u0000${event.message}`;

/** Both lists' events once each, oldest first. */
function mergeEvents(stored: StoredEvent[], incoming: TrackingEvent[]): StoredEvent[] {
  const byKey = new Map<string, StoredEvent>();
  for (const event of [...stored, ...incoming]) {
    const key = keyOf(event);
    if (!byKey.has(key)) byKey.set(key, { ...event });
  }
  return [...byKey.values()].sort((a, b) => timeOf(a.datetime) - timeOf(b.datetime));
}

/** The statuses a customer is told about, and how. in_transit is told once, at the first scan. */
const TOLD: Partial<Record<TrackerStatus, string>> = {
  in_transit: 'is in transit',
  out_for_delivery: 'is out for delivery',
  delivered: 'was delivered',
  available_for_pickup: 'is available for pickup at the carrier',
  return_to_sender: 'is being returned to the sender',
  failure: 'could not be delivered',
};

export interface AppliedTracker {
  shipmentId: number;
  orderNo: string;
  /** The label's tracker status after applying. */
  status: string;
  /** Whether the status changed. */
  changed: boolean;
}

/**
 * Applies a tracker to the label it names (by tracker id, else tracking code), in one
 * transaction: its events are merged in (oldest first), and its status taken only when it is
 * further along the carrier's order than the label's (tracker-status.ts: never back, nothing after
 * a final status) and its newest event is newer than the label's, or its history holds every event
 * the label has; such a tracker's delivery estimate replaces the label's. A tracker whose status is unknown, or with an event dated more than
 * TRACKING_CLOCK_SKEW_MS ahead of the server's clock, changes nothing (such an event would
 * otherwise outdate every real one after it). A changed status worth telling queues the
 * customer's mail or text. Undefined when no label has this tracker. Running it twice with the
 * same tracker changes nothing the second time.
 */
export async function applyTracker(deps: TrackingDeps, tracker: Tracker): Promise<AppliedTracker | undefined> {
  const now = deps.config.clock();
  const believable = (event: TrackingEvent) => timeOf(event.datetime) <= now.getTime() + TRACKING_CLOCK_SKEW_MS;
  return writeTransaction(deps.db, async (trx) => {
    const shipment = await lockTrackedShipment(trx, tracker);
    if (!shipment) {
      deps.log.info({ trackerId: tracker.trackerId }, 'a tracker event for no label of ours: ignored');
      return undefined;
    }
    const current = shipment.tracker_status;
    const unchanged = { shipmentId: shipment.id, orderNo: shipment.order_no, status: current, changed: false };
    if (tracker.status === 'unknown' || !tracker.events.every(believable)) {
      deps.log.warn(
        { trackerId: tracker.trackerId, shipmentId: shipment.id, status: tracker.status },
        tracker.status === 'unknown' ? 'a tracker event with an unknown status: ignored' : 'a tracker event dated in the future: ignored',
      );
      return unchanged;
    }
    const storedAsIs = storedEventsOf(shipment.tracking_events);
    // A label stored an event from the future before it was refused: it outdates nothing now.
    const stored = storedAsIs.filter(believable);
    const merged = mergeEvents(stored, tracker.events);
    const incomingLatest = latestTime(tracker.events);
    const storedLatest = latestTime(stored);
    // Newer: a later newest event, or (events at the same moment) a history holding all we know.
    const incomingKeys = new Set(tracker.events.map(keyOf));
    const knowsAll = stored.every((event) => incomingKeys.has(keyOf(event)));
    const newer = tracker.events.length > 0 ? incomingLatest > storedLatest || knowsAll : current === '';
    const status = newer && trackerStatusMovesForward(current, tracker.status) ? tracker.status : current;
    // The carrier's latest estimate, from a tracker no older than what the label knows.
    const storedEstimate = shipment.est_delivery_date === null ? null : toIso(shipment.est_delivery_date);
    const estimate = newer && validDate(tracker.estDeliveryDate) ? toIso(tracker.estDeliveryDate) : storedEstimate;
    const eventsJson = JSON.stringify(merged);
    const result = { ...unchanged, status, changed: status !== current };
    if (!result.changed && eventsJson === JSON.stringify(storedAsIs) && estimate === storedEstimate && shipment.tracker_id) return result;
    await updateShipment(trx, shipment.id, {
      tracker_status: status,
      tracking_events: eventsJson,
      est_delivery_date: estimate,
      tracker_id: shipment.tracker_id ?? tracker.trackerId,
      updated_at: now.toISOString(),
    });
    const alreadyInTransit = status === 'in_transit' && stored.some((event) => event.status === 'in_transit' || event.status === 'out_for_delivery');
    if (result.changed && TOLD[status as TrackerStatus] && !alreadyInTransit) {
      await enqueueTrackingNotices(trx, deps, shipment, status as TrackerStatus, merged.at(-1));
    }
    return result;
  });
}

/**
 * Queues the telling of a label's new status to its owner, in the change's transaction. What is
 * said is rendered by the worker that sends it (sendTrackingNotices), with the serving portal's
 * link and brand even when the change came from the operators' `npm run carrier -- advance`.
 */
async function enqueueTrackingNotices(trx: Db, deps: TrackingDeps, shipment: ShipmentRow, status: TrackerStatus, last: StoredEvent | undefined): Promise<void> {
  const place = last && last.status === status && (last.city || last.state) ? [last.city, last.state].filter(Boolean).join(', ') : '';
  const at = deps.config.clock().toISOString();
  await enqueueJob(trx, deps.config.clock(), 'tracking-notice', { shipmentId: shipment.id, status, place, at }, { uniqueKey: `tracking-notice:${shipment.id}:${status}:${at}` });
}

/**
 * The 'tracking-notice' job: tells the label's owner of its new status, by mail and/or text as
 * their profile says, each its own job (keyed, so a second run sends nothing again).
 */
export async function sendTrackingNotices(
  deps: TrackingDeps,
  notice: { shipmentId: number; status: TrackerStatus; place: string; at: string },
): Promise<void> {
  const told = TOLD[notice.status];
  const shipment = await findShipment(deps.db, notice.shipmentId);
  if (!told || !shipment) return;
  const user = await findUserById(deps.db, shipment.user_id);
  if (!user) return;
  const carrier = carrierDisplayName(shipment.carrier);
  const what = `Your ${carrier} label ${shipment.order_no} ${told}`;
  const line = `${what}${notice.place ? ` (${notice.place})` : ''}.`;
  await writeTransaction(deps.db, (trx) =>
    notify(trx, deps, user, {
      subject: `${what.charAt(0).toLowerCase()}${what.slice(1)}`,
      lines: [line, ...(shipment.tracking_code ? [`Tracking number: ${shipment.tracking_code}`] : [])],
      action: { label: 'My Shipments', link: appUrl(deps.config.publicUrl, APP_PATHS.shipments.getHref()) },
      text: `${line}${shipment.tracking_code ? ` Tracking ${shipment.tracking_code}` : ''}`,
      key: `tracking-notice:${shipment.id}:${notice.status}:${notice.at}`,
    }),
  );
}

/**
 * The day the carrier expects to deliver a label ('YYYY-MM-DD'): its tracker's estimate (EasyPost
 * dates it at midnight UTC of that day), else the service's delivery days counted from the
 * purchase, as the rate said; null when neither is known.
 */
function expectedDeliveryDay(row: ShipmentRow): string | null {
  if (row.est_delivery_date !== null) return toIso(row.est_delivery_date).slice(0, 10);
  if (row.bought_at === null || row.delivery_days === null) return null;
  return new Date(Date.parse(toIso(row.bought_at)) + row.delivery_days * DAY_MS).toISOString().slice(0, 10);
}

/** States in which a label exists for its recipient. */
const TRACKABLE_STATES = ['bought', 'refund_pending', 'refunded'] as const;

/**
 * The public tracking page's data for a token (the recipient's link): carrier, tracking code,
 * status, and cities and states only: no name, street, phone or e-mail. Undefined for a token no
 * bought label has.
 */
export async function publicTracking(db: Db, token: string): Promise<PublicTracking | undefined> {
  const row = await findShipmentByTrackingToken(db, token, TRACKABLE_STATES);
  if (!row) return undefined;
  // A refunded label will not travel: the recipient sees it cancelled (the payment is not theirs to know).
  const travels = row.state === 'bought';
  const status = travels ? shipmentStatus({ status_flag: STATUS_FLAG.labelCreated, easypostStatus: row.tracker_status }) : 'cancelled';
  return {
    carrier: carrierDisplayName(row.carrier),
    trackingCode: row.tracking_code ?? '',
    status,
    expectedDelivery: travels ? expectedDeliveryDay(row) : null,
    fromCity: row.from_city,
    fromState: row.from_state,
    toCity: row.to_city,
    toState: row.to_state,
    events: storedEventsOf(row.tracking_events).map((event) => ({
      status: shipmentStatus({ status_flag: STATUS_FLAG.labelCreated, easypostStatus: event.status }),
      message: event.message,
      datetime: event.datetime,
      city: event.city ?? '',
      state: event.state ?? '',
    })),
  };
}
