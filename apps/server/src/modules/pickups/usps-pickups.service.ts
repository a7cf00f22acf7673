import {
  carrierPickupDates,
  OPENAPI_CODE,
  PICKUP_DEFAULTS,
  PICKUP_MESSAGES,
  pickupDateRefusal,
  stateTimeZone,
  type UspsPickupDbInfo,
  type UspsPickupInquiry,
  type uspsPickupAvailabilityCall,
  type uspsPickupChangeCall,
  type uspsPickupScheduleCall,
  usStateCode,
} from '@airbox/contract';
import type { z } from 'zod';
import { writeTransaction } from '../../db/database.js';
import { toIso, uniqueViolation } from '../../db/dialect.js';
import { AppError } from '../../errors.js';
import {
  type PackageLocation,
  type UspsAddress,
  UspsError,
  type UspsPickup,
  type UspsPickupRequest,
  type UspsPickupService,
  type UspsPickupsProvider,
} from '../../providers/usps/usps-pickups-provider.js';
import { findShipment, updateShipment } from '../shipments/shipments.repository.js';
import type { ShipmentRow } from '../shipments/shipments.table.js';
import type { UserRow } from '../users/users.table.js';
import {
  findLatestConfirmedPickup,
  findLivePickup,
  findPickup,
  findScheduledPickup,
  insertPickup,
  listScheduledUspsPickupsOn,
  listUspsPickupMembers,
  movePickup,
  updateUspsPickupMembers,
} from './pickups.repository.js';
import {
  addressLine,
  type CarrierCancel,
  hubPlace,
  lockerLine,
  lockPickableLabel,
  mailCustomer,
  markCanceled,
  newDropoffCode,
  PICKUP_SERVER_MESSAGES,
  type PickupDeps,
  pickupLabel,
  type PickupPlace,
  placeColumns,
  refused,
  whenLine,
} from './pickups.service.js';
import type { NewPickup, PickupRow } from './pickups.table.js';
import { toUspsDbInfo, toUspsInquiry } from './usps-pickups.wire.js';

/**
 * Free USPS carrier pickups (spec 03 §7 USPS calls, issue 10), through the USPS provider
 * (app.uspsPickups): whether USPS collects at an address, schedule one for a bought USPS label,
 * read it back (USPS's record and the portal's), move it to another day of the window, cancel it.
 * USPS's refusals are answers (data.Error.Description), as USPS's own calls give them; USPS not
 * answering is 'Service exception!'.
 *
 * One USPS pickup may be for several labels (issue 21 item 14): USPS takes one pickup an address
 * and day, with a count of packages of each service. Each label keeps its own pickup record (its
 * one live place, its drop-off code), and the records of one pickup share its confirmation
 * number: a label scheduled at the address and on the day of a pickup the customer has joins it
 * (USPS's pickup is changed to count it), a label cancelled off it leaves the others (USPS's
 * pickup is changed to count them), and a change of day, place or instructions moves them all.
 * What USPS is sent is always counted from the scheduled records, so a change whose answer was
 * lost is set right by the next one.
 */

export type UspsPickupDeps = PickupDeps & { uspsPickups: UspsPickupsProvider };

type AvailabilityInput = z.output<typeof uspsPickupAvailabilityCall.request>;
type ScheduleInput = z.output<typeof uspsPickupScheduleCall.request>;
type ChangeInput = z.output<typeof uspsPickupChangeCall.request>;

export const USPS_PICKUP_MESSAGES = {
  notUsps: 'USPS picks up USPS labels only: this label goes with its own carrier.',
  notAState: 'The state must be a US state.',
  noUspsPickup: 'This label has no USPS pickup.',
  changed: 'Your carrier pickup was changed',
} as const;

/** USPS refused (an answer to show) or failed (retryable, a configuration fault, nonsense: 'Service exception!'). */
const REFUSALS: ReadonlySet<string> = new Set(['NOT_ELIGIBLE', 'INVALID_REQUEST', 'NOT_FOUND', 'PICKUP_EXISTS']);

/**
 * A USPS schedule whose answer was lost (USPS did not answer in time, answered without a
 * confirmation number, or the server died while asking) may or may not have been booked. USPS's
 * Carrier Pickup API takes no idempotency key and finds a pickup by its confirmation number only
 * (no search by address or date), so the portal cannot look it up. What USPS's documents do
 * offer: its error list refuses a second pickup at one address with 400 020001 'Pickup already
 * exists for this address.'. So the booking row keeps the label's place and the request sent
 * (usps_request, written before USPS is asked); the customer's next schedule of the label sends
 * that same request once more (not the new form: its date may differ), and USPS either books it
 * (the first never arrived) or refuses it as existing (it did: that one pickup stands, its
 * confirmation number never reached the portal, and the customer is told so). The request is not
 * sent again at once: a first one still in USPS's hands could then be booked twice. Left
 * unverified against the live service: that USPS refuses a second pickup at one address and date
 * with 020001 every time, as its error list says.
 */
export const USPS_ANSWER_LOST_NOTE = 'USPS did not say whether it booked this pickup. Schedule it again: the same request goes to USPS, which keeps one pickup at most.';

/** A booking older than this without an answer is one whose server died asking (a call takes at most a token request, the call, a refreshed call and a Retry-After wait). */
const ANSWER_LOST_AFTER_MS = 2 * 60_000;

/** What the customer reads when the request sent again finds USPS's pickup from the lost one. */
export const uspsAlreadyBooked = (date: string) =>
  `USPS already has a pickup at this address on ${date}, booked by the earlier request whose answer was lost. Its confirmation number did not reach us, so change or cancel it with USPS (usps.com).`;

function serviceException(deps: UspsPickupDeps, error: unknown, what: string): AppError {
  deps.log.error({ err: error }, `usps: ${what} failed`);
  return new AppError(503, OPENAPI_CODE.error, PICKUP_MESSAGES.serviceException);
}

/** USPS's refusal as the answer gives it, or undefined when USPS failed rather than refused. */
const refusalOf = (error: unknown) => (error instanceof UspsError && REFUSALS.has(error.code) ? error.description : undefined);

/** 10 digits of a US phone ('(415) 555-0101', '+1 415 555 0101'). */
function phoneDigits(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

/** The place a USPS call's form names (firmname, address1, address2, city, state, zip5). */
const placeOfForm = (form: Pick<AvailabilityInput, 'firmname' | 'address1' | 'address2' | 'city' | 'state' | 'zip5'>): PickupPlace => ({
  company: form.firmname,
  street1: form.address1,
  street2: form.address2,
  city: form.city,
  state: form.state,
  zip: form.zip5,
});

/** A place as USPS reads it, with its 2-letter state code; a firm or second line only when there is one. */
const uspsAddress = (place: PickupPlace, state: string): UspsAddress => ({
  firm: place.company || undefined,
  streetAddress: place.street1,
  secondaryAddress: place.street2 || undefined,
  city: place.city,
  state,
  zip5: place.zip,
});

/** The spec's weight of a label in pounds (ounces / 16, spec 03 §9), two decimals, at least 0.01. */
export const labelWeightLb = (weightOz: number) => Math.max(0.01, Math.round((weightOz / 16) * 100) / 100);

export type AvailabilityAnswer = { Error: { Description: string } } | { CarrierPickupAvailabilityResponse: { CarrierRoute: string; Date: string; DayOfWeek: string } };

/**
 * CarrierPickupAvailability: USPS's word on the address, its first pickup day when it collects
 * there. USPS's REST API names no carrier route: CarrierRoute is ''.
 */
export async function uspsAvailability(deps: UspsPickupDeps, input: AvailabilityInput): Promise<AvailabilityAnswer> {
  const state = usStateCode(input.state);
  if (!state) return { Error: { Description: USPS_PICKUP_MESSAGES.notAState } };
  try {
    const eligibility = await deps.uspsPickups.checkEligibility(uspsAddress(placeOfForm(input), state));
    if (!eligibility.eligible) return { Error: { Description: eligibility.description } };
    return { CarrierPickupAvailabilityResponse: { CarrierRoute: '', Date: eligibility.date, DayOfWeek: eligibility.dayOfWeek } };
  } catch (error) {
    const description = refusalOf(error);
    if (description !== undefined) return { Error: { Description: description } };
    throw serviceException(deps, error, 'eligibility');
  }
}

export type ScheduleOutcome =
  | { ok: true; confirmation: string; date: string; dayOfWeek: string; packageCount: number; joined: boolean }
  | { ok: false; message: string };

/** The packages of a pickup's records, counted by service, as USPS is sent them. */
function packagesOf(records: readonly PickupRow[]): UspsPickupRequest['packages'] {
  const counts = new Map<string, number>();
  for (const record of records) counts.set(record.service_type, (counts.get(record.service_type) ?? 0) + record.package_count);
  return [...counts].map(([serviceType, count]) => ({ serviceType: serviceType as UspsPickupService, count }));
}

/** The weight of a pickup's records together, in pounds (two decimals). */
const weightOf = (records: readonly PickupRow[]) => Math.round(records.reduce((sum, record) => sum + record.estimated_weight_lb, 0) * 100) / 100;

/** A USPS pickup's request from its scheduled records, on USPS's record of its address. */
function memberRequest(current: UspsPickup, host: PickupRow, records: readonly PickupRow[], changes: Partial<Pick<UspsPickupRequest, 'pickupDate' | 'packageLocation' | 'specialInstructions'>> = {}): UspsPickupRequest {
  return {
    address: { ...current.address, phone: current.address.phone || host.phone },
    pickupDate: current.pickupDate,
    packages: packagesOf(records),
    estimatedWeight: weightOf(records),
    packageLocation: host.package_location as PackageLocation,
    specialInstructions: host.instructions || undefined,
    ...changes,
  };
}

/** One place, however it was typed: the same street, second line, city, state and ZIP Code. */
const samePlace = (a: Pick<PickupRow, 'street1' | 'street2' | 'city' | 'address_state' | 'zip'>, b: typeof a) => {
  const norm = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();
  return (['street1', 'street2', 'city', 'address_state', 'zip'] as const).every((field) => norm(a[field]) === norm(b[field]));
};

/**
 * CarrierPickupSchedule: the user's bought, unscanned USPS label with no live pickup; the
 * address as sent, or the user's hub when uselocker is 1 (the package then waits in a locker,
 * with a drop-off code); a day USPS's calendar allows at the address (spec 03 §5's window without
 * USPS's holidays, today only before its cutoff: pickupDateRefusal), else the first of them; the label's weight when none is given. The pickup row is written first (booking), with
 * the label held (lockPickableLabel): it takes the label's one live place, so two schedules at
 * once make one USPS pickup, and a refund asked at the same time refuses it or is refused. It
 * records the request sent (usps_request); when the label's last schedule lost its answer, that
 * request goes again instead of this one (see USPS_ANSWER_LOST_NOTE).
 */
export async function scheduleUspsPickup(deps: UspsPickupDeps, user: Pick<UserRow, 'user_id' | 'locker_id' | 'email'>, input: ScheduleInput): Promise<ScheduleOutcome> {
  const label = await pickupLabel(deps.db, user.user_id, { id: input.shipmentdetailsid });
  if (!label.ok) return label;
  const { shipment } = label;
  if (shipment.carrier !== 'USPS') return refused(USPS_PICKUP_MESSAGES.notUsps);

  let place = placeOfForm(input);
  let location: PackageLocation = input.packagelocation;
  if (input.uselocker) {
    const hub = await hubPlace(deps.db, user);
    if (!hub) return refused(PICKUP_SERVER_MESSAGES.noHub);
    place = hub;
    location = 'Locker';
  }
  const state = usStateCode(place.state);
  if (!state) return refused(USPS_PICKUP_MESSAGES.notAState);
  const timeZone = stateTimeZone(state);
  const now = deps.config.clock();
  const date = input.pickupdate || (carrierPickupDates(now, timeZone, 'USPS')[0] ?? '');
  const dateRefusal = pickupDateRefusal(date, now, timeZone, 'USPS');
  if (dateRefusal) return refused(dateRefusal);

  const nowIso = now.toISOString();
  const phone = phoneDigits(input.phone);
  const weight = input.estimatedweight > 0 ? input.estimatedweight : labelWeightLb(shipment.weight_oz);
  const request: UspsPickupRequest = {
    address: { firstName: input.firstname, lastName: input.lastname, ...uspsAddress(place, state), phone, email: user.email || undefined },
    pickupDate: date,
    packages: [{ serviceType: input.servicetype, count: input.count }],
    estimatedWeight: weight,
    packageLocation: location,
    specialInstructions: input.specialinstructions || undefined,
  };

  // An earlier schedule of this label whose answer was lost goes again as it was sent.
  const lost = await claimLostUspsBooking(deps, shipment.id);
  if (lost) return bookUspsPickup(deps, lost.id, shipment.id, lost.request, { resent: true });

  // At the address and on the day of a USPS pickup the customer has, the label joins it.
  const columns = placeColumns(place, state);
  const host = (await listScheduledUspsPickupsOn(deps.db, user.user_id, date)).find(
    (candidate) => candidate.use_locker === (input.uselocker ? 1 : 0) && samePlace(candidate, columns),
  );
  if (host) return joinUspsPickup(deps, user.user_id, shipment, host, request);

  const pickupId = await insertUspsBooking(deps, shipment.id, {
    user_id: user.user_id,
    usps_request: JSON.stringify(request),
    name: `${input.firstname} ${input.lastname}`,
    ...columns,
    phone,
    use_locker: input.uselocker ? 1 : 0,
    time_zone: timeZone,
    pickup_date: date,
    package_location: location,
    instructions: input.specialinstructions,
    service_type: input.servicetype,
    estimated_weight_lb: weight,
    package_count: input.count,
    dropoff_code: input.uselocker ? newDropoffCode() : null,
    created_at: nowIso,
    updated_at: nowIso,
  });
  if (typeof pickupId !== 'number') return pickupId;
  return bookUspsPickup(deps, pickupId, shipment.id, request, { resent: false });
}

/**
 * The label's USPS booking whose answer was lost (USPS_ANSWER_LOST_NOTE, or older than
 * ANSWER_LOST_AFTER_MS: its server died asking), taken by this request to send again, with the
 * request it recorded. Undefined when there is none, or another request is asking USPS now (the
 * insert then answers that the label has a pickup).
 */
async function claimLostUspsBooking(deps: UspsPickupDeps, shipmentId: number): Promise<{ id: number; request: UspsPickupRequest } | undefined> {
  const seen = await findLivePickup(deps.db, shipmentId);
  if (!seen || seen.carrier !== 'USPS' || seen.state !== 'booking') return undefined;
  return writeTransaction(deps.db, async (trx) => {
    if (await lockPickableLabel(trx, shipmentId)) return undefined;
    const live = await findLivePickup(trx, shipmentId);
    if (!live || live.carrier !== 'USPS' || live.state !== 'booking' || !live.usps_request) return undefined;
    const now = deps.config.clock();
    if (live.note !== USPS_ANSWER_LOST_NOTE && now.getTime() - Date.parse(toIso(live.updated_at)) <= ANSWER_LOST_AFTER_MS) return undefined;
    // Taken (the label's row is held): a request arriving meanwhile reads it as being asked.
    await movePickup(trx, live.id, ['booking'], { note: '', updated_at: now.toISOString() });
    return { id: live.id, request: JSON.parse(live.usps_request) as UspsPickupRequest };
  });
}

/**
 * Asks USPS to schedule the booking row's pickup, and records the answer: scheduled with USPS's
 * confirmation, failed when USPS refuses, still booking (its answer lost) when USPS does not
 * answer. `resent`: the request is one whose answer was lost before, so USPS refusing it as a
 * pickup that exists means the lost one was booked.
 */
async function bookUspsPickup(deps: UspsPickupDeps, pickupId: number, shipmentId: number, request: UspsPickupRequest, options: { resent: boolean }): Promise<ScheduleOutcome> {
  let scheduled: UspsPickup;
  try {
    scheduled = await deps.uspsPickups.schedule(request);
  } catch (error) {
    const failedIso = deps.config.clock().toISOString();
    if (error instanceof UspsError && error.code === 'UNAVAILABLE') {
      // USPS may have booked it: the label keeps its place, and the next schedule sends the request again.
      await movePickup(deps.db, pickupId, ['booking'], { note: USPS_ANSWER_LOST_NOTE, updated_at: failedIso });
      throw serviceException(deps, error, 'schedule');
    }
    if (options.resent && error instanceof UspsError && error.code === 'PICKUP_EXISTS') {
      const note = uspsAlreadyBooked(request.pickupDate);
      await writeTransaction(deps.db, async (trx) => {
        await movePickup(trx, pickupId, ['booking'], { state: 'failed', note, updated_at: failedIso });
        await updateShipment(trx, shipmentId, { pickup_note: note, updated_at: failedIso });
      });
      deps.log.warn({ pickup: pickupId, shipment: shipmentId }, 'USPS holds the pickup whose answer was lost; its confirmation number is unknown');
      return refused(note);
    }
    const description = refusalOf(error);
    await movePickup(deps.db, pickupId, ['booking'], { state: 'failed', note: description ?? 'USPS did not answer.', updated_at: failedIso });
    if (description !== undefined) return refused(description);
    throw serviceException(deps, error, 'schedule');
  }

  const pickup = await writeTransaction(deps.db, async (trx) => {
    const doneIso = deps.config.clock().toISOString();
    await movePickup(trx, pickupId, ['booking'], {
      state: 'scheduled',
      confirmation: scheduled.confirmationNumber,
      usps_etag: scheduled.eTag,
      pickup_date: scheduled.pickupDate,
      note: '',
      updated_at: doneIso,
    });
    await updateShipment(trx, shipmentId, { pickup_id: scheduled.confirmationNumber, pickup_note: '', updated_at: doneIso });
    const row = await findPickup(trx, pickupId);
    if (!row) throw new Error(`pickup ${pickupId} vanished while it was scheduled`);
    await mailCustomer(trx, deps, row, 'your USPS pickup is scheduled', [
      `USPS comes for your parcel ${whenLine(row)} (${scheduled.dayOfWeek}), at ${addressLine(row)}. Confirmation number: ${scheduled.confirmationNumber}.`,
      `Package location: ${row.package_location}.`,
      ...lockerLine(row),
    ]);
    return row;
  });
  deps.log.info({ pickup: pickup.id, shipment: shipmentId }, 'USPS pickup scheduled');
  const packageCount = scheduled.packages.reduce((sum, pack) => sum + pack.count, 0);
  return { ok: true, confirmation: scheduled.confirmationNumber, date: scheduled.pickupDate, dayOfWeek: scheduled.dayOfWeek, packageCount, joined: false };
}

/** What a label's USPS pickup record holds beyond what every booking record starts with. */
type UspsBookingRecord = Omit<NewPickup, 'shipment_id' | 'carrier' | 'provider' | 'state' | 'provider_pickup_id' | 'confirmation' | 'usps_etag'>;

/**
 * Writes a label's USPS pickup record, booking, while the label is held: a refund asked
 * meanwhile is seen here, or sees this pickup. Answers its id, or the refusal when the label
 * cannot have a pickup or has one already (the unique label of a live pickup).
 */
async function insertUspsBooking(deps: UspsPickupDeps, shipmentId: number, record: UspsBookingRecord): Promise<number | ScheduleOutcome> {
  try {
    return await writeTransaction(deps.db, async (trx) => {
      const blocked = await lockPickableLabel(trx, shipmentId);
      if (blocked) return blocked;
      return insertPickup(trx, {
        ...record,
        shipment_id: shipmentId,
        carrier: 'USPS',
        provider: deps.uspsPickups.name,
        state: 'booking',
        provider_pickup_id: null,
        confirmation: null,
        usps_etag: null,
      });
    });
  } catch (error) {
    if (uniqueViolation(error) === 'pickups.shipment_id') return refused(PICKUP_SERVER_MESSAGES.hasPickup);
    throw error;
  }
}

/**
 * A label joins the customer's USPS pickup at its address and day (`host`, one of that pickup's
 * records): its own record is written (booking, holding the label's live place, copying the
 * pickup's place, day, location and instructions), then USPS's pickup is changed to count the
 * packages of every record; scheduled, the record takes the pickup's confirmation number. USPS
 * refusing or not answering leaves the record failed (the next try counts again from the
 * records); USPS having the pickup cancelled books the label's own with `request`.
 */
async function joinUspsPickup(deps: UspsPickupDeps, userId: number, shipment: ShipmentRow, host: PickupRow, request: UspsPickupRequest): Promise<ScheduleOutcome> {
  const confirmation = host.confirmation ?? '';
  const nowIso = deps.config.clock().toISOString();
  const pickupId = await insertUspsBooking(deps, shipment.id, {
    user_id: userId,
    name: host.name,
    company: host.company,
    street1: host.street1,
    street2: host.street2,
    city: host.city,
    address_state: host.address_state,
    zip: host.zip,
    phone: host.phone,
    use_locker: host.use_locker,
    time_zone: host.time_zone,
    pickup_date: host.pickup_date,
    package_location: host.package_location,
    instructions: host.instructions,
    service_type: request.packages[0]?.serviceType ?? host.service_type,
    estimated_weight_lb: request.estimatedWeight,
    package_count: request.packages.reduce((sum, pack) => sum + pack.count, 0),
    dropoff_code: host.use_locker === 1 ? newDropoffCode() : null,
    created_at: nowIso,
    updated_at: nowIso,
  });
  if (typeof pickupId !== 'number') return pickupId;
  const joining = await findPickup(deps.db, pickupId);
  if (!joining) throw new Error(`pickup ${pickupId} vanished while it joined ${confirmation}`);
  const members = await listUspsPickupMembers(deps.db, userId, confirmation);

  let joined: UspsPickup | null;
  try {
    joined = await withCurrentEtag(deps, host, null, (current, eTag) => {
      if (!current) throw new Error('withCurrentEtag read no pickup');
      return deps.uspsPickups.update(confirmation, eTag, memberRequest(current, host, [...members, joining]));
    });
  } catch (error) {
    const description = refusalOf(error);
    await movePickup(deps.db, pickupId, ['booking'], { state: 'failed', note: description ?? 'USPS did not answer.', updated_at: deps.config.clock().toISOString() });
    if (description !== undefined) return refused(description);
    throw serviceException(deps, error, 'join');
  }
  if (!joined) {
    deps.log.info({ pickup: host.id }, 'USPS has the pickup to join cancelled; the label is booked on its own');
    for (const member of members) await markCanceled(deps, member, { mail: false });
    await movePickup(deps.db, pickupId, ['booking'], { usps_request: JSON.stringify(request), updated_at: deps.config.clock().toISOString() });
    return bookUspsPickup(deps, pickupId, shipment.id, request, { resent: false });
  }

  const result = joined;
  const packageCount = result.packages.reduce((sum, pack) => sum + pack.count, 0);
  await writeTransaction(deps.db, async (trx) => {
    const doneIso = deps.config.clock().toISOString();
    await movePickup(trx, pickupId, ['booking'], { state: 'scheduled', confirmation, usps_etag: result.eTag, pickup_date: result.pickupDate, note: '', updated_at: doneIso });
    await updateUspsPickupMembers(trx, userId, confirmation, { usps_etag: result.eTag });
    await updateShipment(trx, shipment.id, { pickup_id: confirmation, pickup_note: '', updated_at: doneIso });
    const row = await findPickup(trx, pickupId);
    if (!row) return;
    await mailCustomer(trx, deps, row, 'your label joins your USPS pickup', [
      `USPS comes ${whenLine(row)} (${result.dayOfWeek}), at ${addressLine(row)}, for ${packageCount} packages: this label's is one of them. Confirmation number: ${confirmation}.`,
      `Package location: ${row.package_location}.`,
      ...lockerLine(row),
    ]);
  });
  deps.log.info({ pickup: pickupId, shipment: shipment.id, confirmation }, 'label joined a USPS pickup');
  return { ok: true, confirmation, date: result.pickupDate, dayOfWeek: result.dayOfWeek, packageCount, joined: true };
}

/**
 * Runs a change of a USPS pickup with its current ETag (If-Match): the one given, else one read
 * now; when USPS says it is stale (412), the pickup is read again once and the change retried.
 * Null when USPS has the pickup cancelled.
 */
async function withCurrentEtag<T>(deps: UspsPickupDeps, pickup: PickupRow, eTag: string | null, change: (current: UspsPickup | null, eTag: string) => Promise<T>): Promise<T | null> {
  let current: UspsPickup | null = null;
  let tag = eTag;
  for (let attempt = 0; ; attempt += 1) {
    if (tag === null) {
      current = await deps.uspsPickups.inquire(pickup.confirmation ?? '');
      if (!current) return null;
      tag = current.eTag ?? '';
    }
    try {
      return await change(current, tag);
    } catch (error) {
      if (attempt > 0 || !(error instanceof UspsError) || error.code !== 'PRECONDITION_FAILED') throw error;
      deps.log.info({ pickup: pickup.id }, 'the USPS ETag was stale; the pickup is read again');
      tag = null;
    }
  }
}

/**
 * USPS's cancel of a label's scheduled USPS pickup, with the stored ETag (read again once when
 * stale). When the pickup is for other labels too, and not all of it is cancelled (`whole`), USPS's
 * pickup is changed to count only theirs: the label is taken off it. Already cancelled at USPS
 * counts as cancelled.
 */
export function uspsCancel(deps: UspsPickupDeps): CarrierCancel {
  return async (pickup, { whole }) => {
    const confirmation = pickup.confirmation ?? '';
    const others = whole ? [] : (await listUspsPickupMembers(deps.db, pickup.user_id, confirmation)).filter((member) => member.id !== pickup.id);
    try {
      if (others.length > 0) {
        const kept = await withCurrentEtag(deps, pickup, null, (current, eTag) => {
          if (!current) throw new Error('withCurrentEtag read no pickup');
          return deps.uspsPickups.update(confirmation, eTag, memberRequest(current, pickup, others));
        });
        if (kept) await updateUspsPickupMembers(deps.db, pickup.user_id, confirmation, { usps_etag: kept.eTag });
        return { ok: true, remaining: others.reduce((sum, member) => sum + member.package_count, 0) };
      }
      await withCurrentEtag(deps, pickup, pickup.usps_etag, (_current, eTag) => deps.uspsPickups.cancel(confirmation, eTag));
      return { ok: true };
    } catch (error) {
      if (error instanceof UspsError && error.code === 'NOT_FOUND') return { ok: true };
      if (error instanceof UspsError) {
        deps.log.warn({ pickup: pickup.id, code: error.code }, 'USPS did not cancel the pickup');
        return { ok: false, retryable: !REFUSALS.has(error.code), message: `USPS did not cancel this pickup: ${error.description}` };
      }
      throw error;
    }
  };
}

export type InquiryOutcome = { found: false } | { found: true; message: string; inquiry: UspsPickupInquiry | null; dbInfo: UspsPickupDbInfo };

/**
 * CarrierPickupInquiry: the label's USPS pickup as USPS has it now (its new ETag and day kept),
 * or null once cancelled (a pickup USPS no longer has is marked canceled here too), with what the
 * portal keeps of it. found false: the label (of this user) has no USPS pickup.
 */
export async function inquireUspsPickup(deps: UspsPickupDeps, userId: number, shipmentId: number): Promise<InquiryOutcome> {
  let pickup = await findLatestConfirmedPickup(deps.db, userId, shipmentId, 'USPS');
  if (!pickup) return { found: false };
  let inquiry: UspsPickupInquiry | null = null;
  if (pickup.state === 'scheduled') {
    let current: UspsPickup | null;
    try {
      current = await deps.uspsPickups.inquire(pickup.confirmation ?? '');
    } catch (error) {
      throw serviceException(deps, error, 'inquiry');
    }
    if (current) {
      await updateUspsPickupMembers(deps.db, userId, pickup.confirmation ?? '', { usps_etag: current.eTag, pickup_date: current.pickupDate });
      pickup = { ...pickup, usps_etag: current.eTag, pickup_date: current.pickupDate };
      inquiry = toUspsInquiry(current, pickup);
    } else {
      deps.log.info({ pickup: pickup.id }, 'USPS has the pickup cancelled; its labels\' records are marked canceled');
      for (const member of await listUspsPickupMembers(deps.db, userId, pickup.confirmation ?? '')) await markCanceled(deps, member, { mail: false });
      pickup = (await findPickup(deps.db, pickup.id)) ?? pickup;
    }
  }
  const now = deps.config.clock();
  // The labels USPS comes for in it, this one first (a pickup over is this label's alone now).
  const members = pickup.state === 'scheduled' ? await listUspsPickupMembers(deps.db, userId, pickup.confirmation ?? '') : [pickup];
  const others = members.filter((member) => member.id !== pickup.id);
  const labels = [pickup, ...others];
  const orderNumbers = await Promise.all(labels.map(async (member) => (await findShipment(deps.db, member.shipment_id))?.order_no ?? ''));
  const count = labels.reduce((sum, member) => sum + member.package_count, 0);
  return {
    found: true,
    message: inquiry ? PICKUP_MESSAGES.uspsScheduled : PICKUP_MESSAGES.uspsCancelled,
    inquiry,
    dbInfo: toUspsDbInfo(pickup, now, { labels: orderNumbers, count }),
  };
}

/**
 * CarrierPickupChange (ours): a scheduled USPS pickup moved to another day of the window, or its
 * package location or instructions changed. USPS's record is read (its address as USPS holds it,
 * with the current ETag), changed and sent back with If-Match; a stale ETag is read again once.
 */
export async function changeUspsPickup(deps: UspsPickupDeps, userId: number, input: ChangeInput): Promise<{ ok: true; date: string } | { ok: false; message: string }> {
  const pickup = await findScheduledPickup(deps.db, userId, input.shipmentdetailsid, 'USPS');
  if (!pickup) return refused(PICKUP_SERVER_MESSAGES.noScheduledPickup);
  if (pickup.cancel_claimed_at !== null) return refused(PICKUP_SERVER_MESSAGES.cancelling);
  const now = deps.config.clock();
  // Its own day may be kept (only the location or the instructions change); another must be open now.
  const dateRefusal = input.pickupdate === pickup.pickup_date ? null : pickupDateRefusal(input.pickupdate, now, pickup.time_zone, 'USPS');
  if (dateRefusal) return refused(dateRefusal);
  const location: PackageLocation = pickup.use_locker === 1 ? 'Locker' : input.packagelocation;
  const confirmation = pickup.confirmation ?? '';
  // The pickup of every label it is for moves: USPS is sent the packages of all their records.
  const members = await listUspsPickupMembers(deps.db, userId, confirmation);

  let changed: UspsPickup | null;
  try {
    changed = await withCurrentEtag(deps, pickup, null, async (current, eTag) => {
      if (!current) throw new Error('withCurrentEtag read no pickup');
      const request = memberRequest(current, pickup, members.length > 0 ? members : [pickup], {
        pickupDate: input.pickupdate,
        packageLocation: location,
        specialInstructions: input.specialinstructions || undefined,
      });
      return deps.uspsPickups.update(confirmation, eTag, request);
    });
  } catch (error) {
    const description = refusalOf(error);
    if (description !== undefined) return refused(description);
    throw serviceException(deps, error, 'change');
  }
  if (!changed) {
    for (const member of members.length > 0 ? members : [pickup]) await markCanceled(deps, member, { mail: false });
    return refused(PICKUP_MESSAGES.uspsCancelled);
  }
  const result = changed;
  await writeTransaction(deps.db, async (trx) => {
    const nowIso = deps.config.clock().toISOString();
    await updateUspsPickupMembers(trx, userId, confirmation, {
      usps_etag: result.eTag,
      pickup_date: result.pickupDate,
      package_location: location,
      instructions: input.specialinstructions.slice(0, PICKUP_DEFAULTS.instructionsMax),
      updated_at: nowIso,
    });
    const row = await findPickup(trx, pickup.id);
    if (!row) return;
    await mailCustomer(trx, deps, row, 'your USPS pickup was changed', [
      `USPS now comes for your parcel ${whenLine(row)} (${result.dayOfWeek}), at ${addressLine(row)}. Confirmation number: ${row.confirmation ?? ''}.`,
      `Package location: ${row.package_location}.`,
      ...lockerLine(row),
    ]);
  });
  return { ok: true, date: result.pickupDate };
}
