import { pacificDateString, pacificDay, pacificTime, uspsPickupServiceOfLabel } from '@airbox/contract';
import type { AppContext } from '../../context.js';
import { type Db, writeTransaction } from '../../db/database.js';
import { createUspsPickupsProvider } from '../../providers/usps/index.js';
import type { UspsPickupRequest, UspsPickupsProvider } from '../../providers/usps/usps-pickups-provider.js';
import { findHub } from '../hubs/hubs.repository.js';
import type { HubRow } from '../hubs/hubs.table.js';
import type { HubPickupRow } from './hub-drop-offs.table.js';

/*
 * The hub's daily pickup (issue 23 item 1). Parcels dropped off at an AirBox hub go to their
 * carriers in one pickup a day per hub and carrier (hub_pickups, unique by hub, carrier and day):
 * from HUB_PICKUP_BOOKING_HOUR (Pacific) the recurring job 'hub-pickups' makes the day's pickup
 * with every parcel dropped off and not yet in one, and books it: USPS through the USPS pickup
 * adapter (Carrier Pickup, free), the other carriers through the carriers provider (EasyPost's
 * pickup for one of the parcels' shipments, the cheapest rate; the driver takes every parcel of
 * the carrier at the hub). A parcel dropped off later that day joins the day's pickup (not
 * booked again). A booking that fails is tried again at the next tick, its note saying why.
 */

export type HubPickupDeps = Pick<AppContext, 'db' | 'config' | 'log' | 'carriers'> & { uspsPickups?: UspsPickupsProvider };

/** From this hour (Pacific) the day's hub pickups are made: a carrier comes in the afternoon. */
export const HUB_PICKUP_BOOKING_HOUR = 13;
/** The carrier is asked to come between these hours (Pacific) on the pickup's day. */
const PICKUP_WINDOW_HOURS = { from: 14, until: 18 } as const;

interface WaitingParcel {
  id: number;
  hub_id: string;
  carrier: string;
  service: string;
  weight_oz: number;
  provider_shipment_id: string | null;
}

/** Dropped off, still bought (never refunded: a parcel in a locker is not), in no pickup yet. */
async function parcelsWithoutPickup(db: Db): Promise<WaitingParcel[]> {
  return db
    .selectFrom('hub_drop_offs')
    .innerJoin('shipments', 'shipments.id', 'hub_drop_offs.shipment_id')
    .select(['hub_drop_offs.id', 'hub_drop_offs.hub_id', 'shipments.carrier', 'shipments.service', 'shipments.weight_oz', 'shipments.provider_shipment_id'])
    .where('hub_drop_offs.state', '=', 'dropped_off')
    .where('hub_drop_offs.hub_pickup_id', 'is', null)
    .where('shipments.state', '=', 'bought')
    .orderBy('hub_drop_offs.id')
    .execute();
}

/**
 * Today's pickup of a hub and carrier, made once (unique by hub, carrier and day), with these
 * parcels tied to it in one transaction: a parcel dropped off after the day's pickup was booked
 * joins it (the driver takes every parcel of the carrier in the hub's outbound lockers). Answers
 * the pickup's id.
 */
async function tieToHubPickup(deps: HubPickupDeps, hubId: string, carrier: string, parcels: WaitingParcel[], day: string): Promise<number> {
  const nowIso = deps.config.clock().toISOString();
  return writeTransaction(deps.db, async (trx) => {
    await trx
      .insertInto('hub_pickups')
      .values({ hub_id: hubId, carrier, pickup_date: day, state: 'booking', booked_with: carrier === 'USPS' ? 'usps' : 'carriers', created_at: nowIso, booked_at: null })
      .onConflict((oc) => oc.columns(['hub_id', 'carrier', 'pickup_date']).doNothing())
      .execute();
    const pickup = await trx
      .selectFrom('hub_pickups')
      .select(['id', 'parcels'])
      .where('hub_id', '=', hubId)
      .where('carrier', '=', carrier)
      .where('pickup_date', '=', day)
      .executeTakeFirstOrThrow();
    const tied = await trx
      .updateTable('hub_drop_offs')
      .set({ hub_pickup_id: pickup.id })
      .where('id', 'in', parcels.map((parcel) => parcel.id))
      .where('hub_pickup_id', 'is', null)
      .where('state', '=', 'dropped_off')
      .executeTakeFirst();
    await trx.updateTable('hub_pickups').set({ parcels: Number(pickup.parcels) + Number(tied.numUpdatedRows) }).where('id', '=', pickup.id).execute();
    return pickup.id;
  });
}

function phoneDigits(hub: HubRow): string {
  const digits = hub.phone.replace(/\D/g, '').slice(-10);
  return digits.length === 10 ? digits : '4155550100';
}

/** The carrier's window: this afternoon (Pacific) while it has not ended, else the next weekday's. */
export function pickupWindow(now: Date): { from: Date; until: Date } {
  const { year, month, day } = pacificDay(now);
  for (let ahead = 0; ; ahead += 1) {
    const from = pacificTime(year, month, day + ahead, PICKUP_WINDOW_HOURS.from);
    const until = pacificTime(year, month, day + ahead, PICKUP_WINDOW_HOURS.until);
    const weekday = new Date(Date.UTC(year, month - 1, day + ahead)).getUTCDay();
    if (until.getTime() > now.getTime() && weekday !== 0 && weekday !== 6) return { from: new Date(Math.max(from.getTime(), now.getTime())), until };
  }
}

/** Books one hub pickup with its carrier; answers the confirmation. */
async function bookWithCarrier(deps: HubPickupDeps, pickup: HubPickupRow, hub: HubRow, parcels: WaitingParcel[]): Promise<string> {
  const instructions = `AirBox hub ${hub.business_name}: ${parcels.length} parcel${parcels.length === 1 ? '' : 's'} in the outbound lockers`.slice(0, 120);
  if (pickup.booked_with === 'usps') {
    const usps = deps.uspsPickups ?? createUspsPickupsProvider(deps.config, deps.db);
    const address = { firm: 'AirBox', streetAddress: hub.address, city: hub.city, state: hub.state, zip5: hub.zip_code.slice(0, 5) };
    const eligibility = await usps.checkEligibility(address);
    if (!eligibility.eligible) throw new Error(`USPS does not collect at the hub: ${eligibility.description}`);
    const counts = new Map<string, number>();
    for (const parcel of parcels) {
      const service = uspsPickupServiceOfLabel(parcel.service) || 'Priority Mail';
      counts.set(service, (counts.get(service) ?? 0) + 1);
    }
    const request: UspsPickupRequest = {
      address: { ...address, firstName: 'AirBox', lastName: 'Hub', phone: phoneDigits(hub) },
      pickupDate: eligibility.date,
      packages: [...counts].map(([serviceType, count]) => ({ serviceType: serviceType as UspsPickupRequest['packages'][number]['serviceType'], count })),
      estimatedWeight: Math.max(0.01, Math.round(parcels.reduce((sum, parcel) => sum + parcel.weight_oz, 0) / 16 * 100) / 100),
      packageLocation: 'Locker',
      specialInstructions: instructions,
    };
    return (await usps.schedule(request)).confirmationNumber;
  }
  const window = pickupWindow(deps.config.clock());
  const created = await deps.carriers.createPickup({
    shipmentId: parcels[0]?.provider_shipment_id ?? '',
    address: { name: 'AirBox Hub', company: hub.business_name, street1: hub.address, city: hub.city, state: hub.state, zip: hub.zip_code, country: 'US', phone: phoneDigits(hub) },
    minDatetime: window.from,
    maxDatetime: window.until,
    reference: `hub-pickup-${pickup.id}`,
    instructions,
  });
  const rate = [...created.rates].sort((a, b) => a.priceCents - b.priceCents)[0];
  if (!rate) throw new Error(`${pickup.carrier} offers no pickup at the hub`);
  return (await deps.carriers.buyPickup(created.pickupId, rate.rateId)).confirmation;
}

/**
 * The daily hub pickups: from HUB_PICKUP_BOOKING_HOUR (or at once with `now`) every parcel dropped
 * off and in no pickup is tied to today's pickup of its hub and carrier, made once; then every
 * pickup still booking is booked. Answers the pickups this run made, joined or booked.
 */
export async function bookHubPickups(deps: HubPickupDeps, options: { now?: boolean } = {}): Promise<HubPickupRow[]> {
  const now = deps.config.clock();
  const day = pacificDateString(now);
  const hour = Number(new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', hour: 'numeric', hourCycle: 'h23' }).format(now));
  const touched = new Set<number>();
  if (options.now || hour >= HUB_PICKUP_BOOKING_HOUR) {
    const groups = new Map<string, WaitingParcel[]>();
    for (const parcel of await parcelsWithoutPickup(deps.db)) {
      const key = `${parcel.hub_id}\u0000${parcel.carrier}`;
      groups.set(key, [...(groups.get(key) ?? []), parcel]);
    }
    for (const parcels of groups.values()) touched.add(await tieToHubPickup(deps, parcels[0]!.hub_id, parcels[0]!.carrier, parcels, day));
  }

  const pending = await deps.db.selectFrom('hub_pickups').selectAll().where('state', '=', 'booking').orderBy('id').execute();
  for (const pickup of pending) {
    const hub = await findHub(deps.db, pickup.hub_id);
    const parcels = await deps.db
      .selectFrom('hub_drop_offs')
      .innerJoin('shipments', 'shipments.id', 'hub_drop_offs.shipment_id')
      .select(['hub_drop_offs.id', 'hub_drop_offs.hub_id', 'shipments.carrier', 'shipments.service', 'shipments.weight_oz', 'shipments.provider_shipment_id'])
      .where('hub_drop_offs.hub_pickup_id', '=', pickup.id)
      .execute();
    if (!hub || parcels.length === 0) continue;
    try {
      const confirmation = await bookWithCarrier(deps, pickup, hub, parcels);
      const bookedAt = deps.config.clock().toISOString();
      await deps.db.updateTable('hub_pickups').set({ state: 'booked', confirmation, booked_at: bookedAt, note: '' }).where('id', '=', pickup.id).where('state', '=', 'booking').execute();
      touched.add(pickup.id);
      deps.log.info({ hubPickup: pickup.id, hubId: hub.id, carrier: pickup.carrier, parcels: parcels.length }, 'hub pickup booked');
    } catch (error) {
      const note = error instanceof Error ? error.message.slice(0, 200) : 'the carrier did not book the pickup';
      await deps.db.updateTable('hub_pickups').set({ note }).where('id', '=', pickup.id).execute();
      deps.log.warn({ err: error, hubPickup: pickup.id }, 'a hub pickup could not be booked: tried again at the next tick');
    }
  }
  if (touched.size === 0) return [];
  return deps.db.selectFrom('hub_pickups').selectAll().where('id', 'in', [...touched]).orderBy('id').execute();
}

/**
 * Of these tracking codes, those of parcels an AirBox hub still holds for their carrier: a
 * drop-off not yet in a booked hub pickup. The carriers simulator does not scan them (a carrier
 * cannot scan a parcel before it has it).
 */
export async function heldAtHub(db: Db, trackingCodes: readonly string[]): Promise<Set<string>> {
  if (trackingCodes.length === 0) return new Set();
  const rows = await db
    .selectFrom('hub_drop_offs')
    .innerJoin('shipments', 'shipments.id', 'hub_drop_offs.shipment_id')
    .leftJoin('hub_pickups', 'hub_pickups.id', 'hub_drop_offs.hub_pickup_id')
    .select('shipments.tracking_code')
    .where('shipments.tracking_code', 'in', [...trackingCodes])
    .where((eb) => eb.or([eb('hub_pickups.state', 'is', null), eb('hub_pickups.state', '!=', 'booked')]))
    .execute();
  return new Set(rows.flatMap((row) => (row.tracking_code ? [row.tracking_code] : [])));
}
