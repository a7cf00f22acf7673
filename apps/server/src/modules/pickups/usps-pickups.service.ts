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
  type uspsPickupScheduleLabelsCall,
  uspsPickupServiceOfLabel,
  usStateCode,
} from '@airbox/contract';
import type { z } from 'zod';
import { type Db, writeTransaction } from '../../db/database.js';
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
import { findShipment, lockShipment, updateShipment } from '../shipments/shipments.repository.js';
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
  type Refusal,
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
type LabelsInput = z.output<typeof uspsPickupScheduleLabelsCall.request>;

export const USPS_PICKUP_MESSAGES = {
  notUsps: 'USPS picks up USPS labels only: this label goes with its own carrier.',
  /** One pickup for several labels refused: each label and why, joined. */
  labelsRefused: (lines: string[]) => `These labels cannot have this pickup: ${lines.join('; ')}.`,
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
 * Where and when a USPS pickup form asks USPS to come: the address as sent, or the user's hub
 * when uselocker is 1 (the package then waits in a locker); a day USPS's calendar allows at the
 * address (pickupDateRefusal), else the first of them.
 */
async function placeAndDay(
  deps: UspsPickupDeps,
  user: Pick<UserRow, 'locker_id'>,
  input: Pick<ScheduleInput, 'firmname' | 'address1' | 'address2' | 'city' | 'state' | 'zip5' | 'uselocker' | 'packagelocation' | 'pickupdate'>,
): Promise<{ ok: true; place: PickupPlace; location: PackageLocation; state: string; timeZone: string; date: string; now: Date } | Refusal> {
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
  return { ok: true, place, location, state, timeZone, date, now };
}

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
/** The USPS schedule request of a pickup form (one label's or several labels'): who, where, when, and its packages. */
function uspsRequestOf(
  user: Pick<UserRow, 'email'>,
  input: Pick<ScheduleInput, 'firstname' | 'lastname' | 'specialinstructions'>,
  where: { place: PickupPlace; location: PackageLocation; state: string; date: string },
  phone: string,
  packages: UspsPickupRequest['packages'],
  estimatedWeight: number,
): UspsPickupRequest {
  return {
    address: { firstName: input.firstname, lastName: input.lastname, ...uspsAddress(where.place, where.state), phone, email: user.email || undefined },
    pickupDate: where.date,
    packages,
    estimatedWeight,
    packageLocation: where.location,
    specialInstructions: input.specialinstructions || undefined,
  };
}

export async function scheduleUspsPickup(deps: UspsPickupDeps, user: Pick<UserRow, 'user_id' | 'locker_id' | 'email'>, input: ScheduleInput): Promise<ScheduleOutcome> {
  const label = await pickupLabel(deps.db, user.user_id, { id: input.shipmentdetailsid });
  if (!label.ok) return label;
  const { shipment } = label;
  if (shipment.carrier !== 'USPS') return refused(USPS_PICKUP_MESSAGES.notUsps);

  const where = await placeAndDay(deps, user, input);
  if (!where.ok) return where;

  const phone = phoneDigits(input.phone);
  const weight = input.estimatedweight > 0 ? input.estimatedweight : labelWeightLb(shipment.weight_oz);
  const request = uspsRequestOf(user, input, where, phone, [{ serviceType: input.servicetype, count: input.count }], weight);

  // An earlier schedule of this label whose answer was lost goes again as it was sent.
  const lost = await claimLostUspsBooking(deps, shipment.id);
  if (lost) return bookUspsPickup(deps, [{ pickupId: lost.id, shipmentId: shipment.id }, ...lost.others], lost.request, { resent: true });

  // At the address and on the day of a USPS pickup the customer has, the label joins it.
  return bookOrJoin(deps, user.user_id, input, where, phone, request, [{ shipment, serviceType: input.servicetype, weightLb: weight, count: input.count }]);
}

/** How a refusal of one of several labels names it: its order number. */
const labelName = (shipment: Pick<ShipmentRow, 'order_no' | 'id'>) => (shipment.order_no ? `Order ${shipment.order_no}` : `Label #${shipment.id}`);

/** A USPS label's pickup service, as its rate's service maps to it (Priority Mail for one it does not name). */
const serviceOfLabel = (shipment: ShipmentRow): UspsPickupService => uspsPickupServiceOfLabel(shipment.service) || 'Priority Mail';

export type LabelsScheduleOutcome = (Extract<ScheduleOutcome, { ok: true }> & { estimatedWeight: number; labels: string[] }) | Refusal;

/**
 * CarrierPickupScheduleLabels (ours, issue 25 item 2): ONE USPS pickup for several of the user's
 * USPS labels at one address and day. Each label must be a bought, unscanned USPS label with no
 * pickup: else every one refused is named with why, and nothing is asked of USPS. USPS is sent
 * one package a label, counted by service, and the labels' weights summed (labelWeightLb each);
 * every label gets its own pickup record (written together, the labels held) sharing USPS's
 * confirmation number, so each shows the pickup, a refund of one is refused while it is booked,
 * and cancelling it whole (cancelPickupCall wholePickup) frees them all. At the address and on
 * the day of a USPS pickup the customer has already, the labels join it (one change of it).
 */
export async function scheduleUspsPickupForLabels(deps: UspsPickupDeps, user: Pick<UserRow, 'user_id' | 'locker_id' | 'email'>, input: LabelsInput): Promise<LabelsScheduleOutcome> {
  const resent = await resendLostLabelsBooking(deps, user.user_id, input.shipmentIds);
  if (resent) return resent;
  const labels: ShipmentRow[] = [];
  const lines: string[] = [];
  for (const id of input.shipmentIds) {
    const label = await pickupLabel(deps.db, user.user_id, { id });
    if (!label.ok) {
      const mine = await findShipment(deps.db, id);
      lines.push(`${mine && mine.user_id === user.user_id ? labelName(mine) : labelName({ order_no: '', id })}: ${label.message}`);
      continue;
    }
    const { shipment } = label;
    if (shipment.carrier !== 'USPS') {
      lines.push(`${labelName(shipment)}: ${USPS_PICKUP_MESSAGES.notUsps}`);
      continue;
    }
    const live = await findLivePickup(deps.db, shipment.id);
    if (live && live.state !== 'paying') {
      // A booking whose answer USPS lost is sent again from the label's own SCHEDULE PICKUP (with the labels booked with it).
      const why = live.state === 'booking' && live.note === USPS_ANSWER_LOST_NOTE ? ` (${USPS_ANSWER_LOST_NOTE})` : live.confirmation ? ` (${live.confirmation})` : '';
      lines.push(`${labelName(shipment)}: ${PICKUP_SERVER_MESSAGES.hasPickup}${why}`);
      continue;
    }
    labels.push(shipment);
  }
  if (lines.length > 0) return refused(USPS_PICKUP_MESSAGES.labelsRefused(lines));

  const where = await placeAndDay(deps, user, input);
  if (!where.ok) return where;
  const counts = new Map<UspsPickupService, number>();
  for (const shipment of labels) counts.set(serviceOfLabel(shipment), (counts.get(serviceOfLabel(shipment)) ?? 0) + 1);
  const estimatedWeight = Math.round(labels.reduce((sum, shipment) => sum + labelWeightLb(shipment.weight_oz), 0) * 100) / 100;
  const phone = phoneDigits(input.phone);
  const request = uspsRequestOf(user, input, where, phone, [...counts].map(([serviceType, count]) => ({ serviceType, count })), estimatedWeight);
  const orderNumbers = labels.map((shipment) => shipment.order_no);
  const done = (outcome: ScheduleOutcome): LabelsScheduleOutcome => (outcome.ok ? { ...outcome, estimatedWeight, labels: orderNumbers } : outcome);

  const perLabel = labels.map((shipment) => ({ shipment, serviceType: serviceOfLabel(shipment), weightLb: labelWeightLb(shipment.weight_oz), count: 1 }));
  return done(await bookOrJoin(deps, user.user_id, input, where, phone, request, perLabel));
}

/**
 * The same labels asked for together again after USPS's answer to them was lost (a retry of the
 * call): when every one's live pickup is the customer's USPS booking of one recorded request, and
 * that request booked exactly these labels, it is sent again for all of them at once (as one
 * label's SCHEDULE PICKUP does); undefined otherwise (each label is then named with why).
 */
async function resendLostLabelsBooking(deps: UspsPickupDeps, userId: number, shipmentIds: readonly number[]): Promise<LabelsScheduleOutcome | undefined> {
  const lives = await Promise.all(shipmentIds.map((id) => findLivePickup(deps.db, id)));
  const request = lives[0]?.usps_request;
  if (!request || !lives.every((live) => live && live.user_id === userId && live.carrier === 'USPS' && live.state === 'booking' && live.usps_request === request)) return undefined;
  const lost = await claimLostUspsBooking(deps, shipmentIds[0]!);
  if (!lost) return undefined;
  const bookings = [{ pickupId: lost.id, shipmentId: shipmentIds[0]! }, ...lost.others];
  const outcome = await bookUspsPickup(deps, bookings, lost.request, { resent: true });
  if (!outcome.ok) return outcome;
  const rows = await Promise.all(bookings.map((booking) => findShipment(deps.db, booking.shipmentId)));
  return { ...outcome, estimatedWeight: lost.request.estimatedWeight, labels: rows.map((row) => row?.order_no ?? '') };
}

/**
 * The labels' one USPS pickup: at the address and on the day of a USPS pickup the customer has,
 * they join it; else each label's booking record is written (the labels held) and USPS is asked
 * once with `request`, recorded on each for a resend should its answer be lost.
 */
async function bookOrJoin(
  deps: UspsPickupDeps,
  userId: number,
  form: Pick<ScheduleInput, 'firstname' | 'lastname' | 'uselocker' | 'specialinstructions'>,
  where: { place: PickupPlace; location: PackageLocation; state: string; timeZone: string; date: string; now: Date },
  phone: string,
  request: UspsPickupRequest,
  labels: readonly { shipment: ShipmentRow; serviceType: string; weightLb: number; count: number }[],
): Promise<ScheduleOutcome> {
  const columns = placeColumns(where.place, where.state);
  const host = (await listScheduledUspsPickupsOn(deps.db, userId, where.date)).find(
    (candidate) => candidate.use_locker === (form.uselocker ? 1 : 0) && samePlace(candidate, columns),
  );
  if (host) return joinUspsPickup(deps, userId, labels, host, request);
  const nowIso = where.now.toISOString();
  const pickupIds = await insertUspsBookings(
    deps,
    labels.map(({ shipment, serviceType, weightLb, count }) => ({
      shipment,
      record: {
        user_id: userId,
        usps_request: JSON.stringify(request),
        name: `${form.firstname} ${form.lastname}`,
        ...columns,
        phone,
        use_locker: form.uselocker ? 1 : 0,
        time_zone: where.timeZone,
        pickup_date: where.date,
        package_location: where.location,
        instructions: form.specialinstructions,
        service_type: serviceType,
        estimated_weight_lb: weightLb,
        package_count: count,
        dropoff_code: form.uselocker ? newDropoffCode() : null,
        created_at: nowIso,
        updated_at: nowIso,
      },
    })),
  );
  if (!Array.isArray(pickupIds)) return pickupIds;
  return bookUspsPickup(deps, labels.map(({ shipment }, index) => ({ pickupId: pickupIds[index]!, shipmentId: shipment.id })), request, { resent: false });
}

/**
 * The label's USPS booking whose answer was lost (USPS_ANSWER_LOST_NOTE, or older than
 * ANSWER_LOST_AFTER_MS: its server died asking), taken by this request to send again, with the
 * request it recorded, and the bookings of the other labels sent in that same request (one USPS
 * pickup for several labels, issue 25 item 2): they go again together. Undefined when there is
 * none, or another request is asking USPS now (the insert then answers that the label has a
 * pickup), or a booking of the same request came after the labels were read and is not held (the
 * next try sends it). Every label of the request is held, in id order, before their pickups move.
 */
async function claimLostUspsBooking(
  deps: UspsPickupDeps,
  shipmentId: number,
): Promise<{ id: number; request: UspsPickupRequest; others: { pickupId: number; shipmentId: number }[] } | undefined> {
  const seen = await findLivePickup(deps.db, shipmentId);
  if (!seen || seen.carrier !== 'USPS' || seen.state !== 'booking' || !seen.usps_request) return undefined;
  // Every label of the request is held, in id order, before any of their pickups is moved: as a
  // booking of the same labels takes them (insertUspsBookings), else the two deadlock on PostgreSQL.
  const labelIds = [shipmentId, ...(await bookingSiblings(deps.db, seen)).map((sibling) => sibling.shipment_id)];
  return writeTransaction(deps.db, async (trx) => {
    for (const id of inLabelOrder(labelIds, (id) => id)) {
      if (id !== shipmentId) await lockShipment(trx, id);
      else if (await lockPickableLabel(trx, id)) return undefined;
    }
    const live = await findLivePickup(trx, shipmentId);
    if (!live || live.carrier !== 'USPS' || live.state !== 'booking' || !live.usps_request) return undefined;
    const now = deps.config.clock();
    if (live.note !== USPS_ANSWER_LOST_NOTE && now.getTime() - Date.parse(toIso(live.updated_at)) <= ANSWER_LOST_AFTER_MS) return undefined;
    const siblings = await bookingSiblings(trx, live);
    // A label booked with it since it was read is not held: the next try takes it.
    if (siblings.some((sibling) => !labelIds.includes(sibling.shipment_id))) return undefined;
    // Taken (the labels' rows are held): a request arriving meanwhile reads it as being asked.
    for (const pickup of [live, ...siblings]) await movePickup(trx, pickup.id, ['booking'], { note: '', updated_at: now.toISOString() });
    return {
      id: live.id,
      request: JSON.parse(live.usps_request) as UspsPickupRequest,
      others: siblings.map((sibling) => ({ pickupId: sibling.id, shipmentId: sibling.shipment_id })),
    };
  });
}

/** The other labels' USPS bookings sent in the same request as `booking` (one USPS pickup for several labels). */
function bookingSiblings(db: Db, booking: Pick<PickupRow, 'id' | 'user_id' | 'usps_request'>) {
  return db
    .selectFrom('pickups')
    .select(['id', 'shipment_id'])
    .where('user_id', '=', booking.user_id)
    .where('carrier', '=', 'USPS')
    .where('state', '=', 'booking')
    .where('usps_request', '=', booking.usps_request ?? '')
    .where('id', '!=', booking.id)
    .execute();
}

/**
 * Asks USPS to schedule the booking rows' one pickup (a row a label), and records the answer:
 * scheduled with USPS's confirmation, failed when USPS refuses, still booking (its answer lost)
 * when USPS does not answer. `resent`: the request is one whose answer was lost before, so USPS
 * refusing it as a pickup that exists means the lost one was booked.
 */
async function bookUspsPickup(deps: UspsPickupDeps, bookings: readonly { pickupId: number; shipmentId: number }[], request: UspsPickupRequest, options: { resent: boolean }): Promise<ScheduleOutcome> {
  const pickupIds = bookings.map((booking) => booking.pickupId);
  const moveAll = (db: Db, changes: Parameters<typeof movePickup>[3]) => Promise.all(pickupIds.map((id) => movePickup(db, id, ['booking'], changes)));
  let scheduled: UspsPickup;
  try {
    scheduled = await deps.uspsPickups.schedule(request);
  } catch (error) {
    const failedIso = deps.config.clock().toISOString();
    if (error instanceof UspsError && error.code === 'UNAVAILABLE') {
      // USPS may have booked it: the labels keep their place, and the next schedule sends the request again.
      await moveAll(deps.db, { note: USPS_ANSWER_LOST_NOTE, updated_at: failedIso });
      throw serviceException(deps, error, 'schedule');
    }
    if (options.resent && error instanceof UspsError && error.code === 'PICKUP_EXISTS') {
      const note = uspsAlreadyBooked(request.pickupDate);
      await writeTransaction(deps.db, async (trx) => {
        // The labels first, in id order, then their pickups: the order a booking locks them in (insertUspsBookings).
        for (const booking of inLabelOrder(bookings, (booking) => booking.shipmentId)) await updateShipment(trx, booking.shipmentId, { pickup_note: note, updated_at: failedIso });
        await moveAll(trx, { state: 'failed', note, updated_at: failedIso });
      });
      deps.log.warn({ pickups: pickupIds }, 'USPS holds the pickup whose answer was lost; its confirmation number is unknown');
      return refused(note);
    }
    const description = refusalOf(error);
    await moveAll(deps.db, { state: 'failed', note: description ?? 'USPS did not answer.', updated_at: failedIso });
    if (description !== undefined) return refused(description);
    throw serviceException(deps, error, 'schedule');
  }

  const pickup = await writeTransaction(deps.db, async (trx) => {
    const doneIso = deps.config.clock().toISOString();
    // The labels first, in id order, then their pickups: the order a booking of the same label
    // locks them in (insertUspsBookings), else the two deadlock on PostgreSQL (a second schedule
    // of a label raced with the first's answer: 'deadlock detected', a 500 to both).
    for (const booking of inLabelOrder(bookings, (booking) => booking.shipmentId)) {
      await updateShipment(trx, booking.shipmentId, { pickup_id: scheduled.confirmationNumber, pickup_note: '', updated_at: doneIso });
    }
    for (const booking of bookings) {
      await movePickup(trx, booking.pickupId, ['booking'], {
        state: 'scheduled',
        confirmation: scheduled.confirmationNumber,
        usps_etag: scheduled.eTag,
        pickup_date: scheduled.pickupDate,
        note: '',
        updated_at: doneIso,
      });
    }
    const row = await findPickup(trx, pickupIds[0]!);
    if (!row) throw new Error(`pickup ${pickupIds[0]} vanished while it was scheduled`);
    const labels = bookings.length;
    await mailCustomer(trx, deps, row, 'your USPS pickup is scheduled', [
      `USPS comes for ${labels > 1 ? `your ${labels} parcels` : 'your parcel'} ${whenLine(row)} (${scheduled.dayOfWeek}), at ${addressLine(row)}. Confirmation number: ${scheduled.confirmationNumber}.`,
      `Package location: ${row.package_location}.`,
      ...lockerLine(row),
    ]);
    return row;
  });
  deps.log.info({ pickup: pickup.id, labels: bookings.length }, 'USPS pickup scheduled');
  const packageCount = scheduled.packages.reduce((sum, pack) => sum + pack.count, 0);
  return { ok: true, confirmation: scheduled.confirmationNumber, date: scheduled.pickupDate, dayOfWeek: scheduled.dayOfWeek, packageCount, joined: false };
}

/** Items in their labels' id order: every transaction that locks several labels takes them in this order. */
const inLabelOrder = <T>(items: readonly T[], labelId: (item: T) => number): T[] => [...items].sort((a, b) => labelId(a) - labelId(b));

/** What a label's USPS pickup record holds beyond what every booking record starts with. */
type UspsBookingRecord = Omit<NewPickup, 'shipment_id' | 'carrier' | 'provider' | 'state' | 'provider_pickup_id' | 'confirmation' | 'usps_etag'>;

/**
 * Writes the labels' USPS pickup records, booking, in one transaction holding the labels (in id
 * order): a refund asked meanwhile is seen here, or sees these pickups. Answers their ids, or the
 * refusal when a label cannot have a pickup or has one already (the unique label of a live
 * pickup), naming it when there are several.
 */
async function insertUspsBookings(deps: UspsPickupDeps, records: readonly { shipment: ShipmentRow; record: UspsBookingRecord }[]): Promise<number[] | ScheduleOutcome> {
  const name = (shipment: ShipmentRow, reason: string) => (records.length > 1 ? `${labelName(shipment)}: ${reason}` : reason);
  try {
    return await writeTransaction(deps.db, async (trx): Promise<number[] | ScheduleOutcome> => {
      for (const { shipment } of inLabelOrder(records, (item) => item.shipment.id)) {
        const blocked = await lockPickableLabel(trx, shipment.id);
        if (blocked) return refused(name(shipment, blocked.message));
      }
      const ids: number[] = [];
      for (const { shipment, record } of records) {
        ids.push(
          await insertPickup(trx, {
            ...record,
            shipment_id: shipment.id,
            carrier: 'USPS',
            provider: deps.uspsPickups.name,
            state: 'booking',
            provider_pickup_id: null,
            confirmation: null,
            usps_etag: null,
          }),
        );
      }
      return ids;
    });
  } catch (error) {
    if (uniqueViolation(error) !== 'pickups.shipment_id') throw error;
    if (records.length === 1) return refused(PICKUP_SERVER_MESSAGES.hasPickup);
    const taken = [];
    for (const { shipment } of records) if (await findLivePickup(deps.db, shipment.id)) taken.push(name(shipment, PICKUP_SERVER_MESSAGES.hasPickup));
    return refused(USPS_PICKUP_MESSAGES.labelsRefused(taken.length > 0 ? taken : [PICKUP_SERVER_MESSAGES.hasPickup]));
  }
}

/**
 * Labels join the customer's USPS pickup at their address and day (`host`, one of that pickup's
 * records): each gets its own record (booking, holding the label's live place, copying the
 * pickup's place, day, location and instructions, its own service, weight and count), then USPS's
 * pickup is changed once to count the packages of every record; scheduled, the records take the
 * pickup's confirmation number. USPS refusing or not answering leaves the records failed (the
 * next try counts again from the records); USPS having the pickup cancelled books the labels' own
 * with `request`.
 */
async function joinUspsPickup(
  deps: UspsPickupDeps,
  userId: number,
  labels: readonly { shipment: ShipmentRow; serviceType: string; weightLb: number; count: number }[],
  host: PickupRow,
  request: UspsPickupRequest,
): Promise<ScheduleOutcome> {
  const confirmation = host.confirmation ?? '';
  const nowIso = deps.config.clock().toISOString();
  const pickupIds = await insertUspsBookings(
    deps,
    labels.map(({ shipment, serviceType, weightLb, count }) => ({
      shipment,
      record: {
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
        service_type: serviceType,
        estimated_weight_lb: weightLb,
        package_count: count,
        dropoff_code: host.use_locker === 1 ? newDropoffCode() : null,
        created_at: nowIso,
        updated_at: nowIso,
      },
    })),
  );
  if (!Array.isArray(pickupIds)) return pickupIds;
  const joining = await Promise.all(pickupIds.map(async (id) => (await findPickup(deps.db, id)) ?? Promise.reject(new Error(`pickup ${id} vanished while it joined ${confirmation}`))));
  const members = await listUspsPickupMembers(deps.db, userId, confirmation);
  const bookings = labels.map(({ shipment }, index) => ({ pickupId: pickupIds[index]!, shipmentId: shipment.id }));
  const moveAll = (changes: Parameters<typeof movePickup>[3]) => Promise.all(pickupIds.map((id) => movePickup(deps.db, id, ['booking'], changes)));

  let joined: UspsPickup | null;
  try {
    joined = await withCurrentEtag(deps, host, null, (current, eTag) => {
      if (!current) throw new Error('withCurrentEtag read no pickup');
      return deps.uspsPickups.update(confirmation, eTag, memberRequest(current, host, [...members, ...joining]));
    });
  } catch (error) {
    const description = refusalOf(error);
    await moveAll({ state: 'failed', note: description ?? 'USPS did not answer.', updated_at: deps.config.clock().toISOString() });
    if (description !== undefined) return refused(description);
    throw serviceException(deps, error, 'join');
  }
  if (!joined) {
    deps.log.info({ pickup: host.id }, 'USPS has the pickup to join cancelled; the labels are booked on their own');
    for (const member of members) await markCanceled(deps, member, { mail: false });
    await moveAll({ usps_request: JSON.stringify(request), updated_at: deps.config.clock().toISOString() });
    return bookUspsPickup(deps, bookings, request, { resent: false });
  }

  const result = joined;
  const packageCount = result.packages.reduce((sum, pack) => sum + pack.count, 0);
  await writeTransaction(deps.db, async (trx) => {
    const doneIso = deps.config.clock().toISOString();
    // The labels first, in id order, then their pickups, as bookUspsPickup: a booking of the same
    // labels sent meanwhile holds a label and waits for its pickup's row, and the two deadlocked on
    // PostgreSQL (both answers refused: a load-only failure of pickups-usps-labels, issue 24).
    for (const { shipmentId } of inLabelOrder(bookings, (booking) => booking.shipmentId)) {
      await updateShipment(trx, shipmentId, { pickup_id: confirmation, pickup_note: '', updated_at: doneIso });
    }
    for (const { pickupId } of bookings) {
      await movePickup(trx, pickupId, ['booking'], { state: 'scheduled', confirmation, usps_etag: result.eTag, pickup_date: result.pickupDate, note: '', updated_at: doneIso });
    }
    await updateUspsPickupMembers(trx, userId, confirmation, { usps_etag: result.eTag });
    const row = await findPickup(trx, pickupIds[0]!);
    if (!row) return;
    await mailCustomer(trx, deps, row, labels.length > 1 ? 'your labels join your USPS pickup' : 'your label joins your USPS pickup', [
      `USPS comes ${whenLine(row)} (${result.dayOfWeek}), at ${addressLine(row)}, for ${packageCount} packages: ${labels.length > 1 ? `${labels.length} of them are these labels'` : "this label's is one of them"}. Confirmation number: ${confirmation}.`,
      `Package location: ${row.package_location}.`,
      ...lockerLine(row),
    ]);
  });
  deps.log.info({ pickups: pickupIds, confirmation }, 'labels joined a USPS pickup');
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
        if (kept) await writeTransaction(deps.db, (trx) => updateUspsPickupMembers(trx, pickup.user_id, confirmation, { usps_etag: kept.eTag }));
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
      const [confirmation, changes] = [pickup.confirmation ?? '', { usps_etag: current.eTag, pickup_date: current.pickupDate }];
      await writeTransaction(deps.db, (trx) => updateUspsPickupMembers(trx, userId, confirmation, changes));
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
