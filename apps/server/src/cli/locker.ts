import { parseArgs } from 'node:util';
import {
  type DeliveredEvent,
  deliveredEventSchema,
  dropOffInRequestSchema,
  dropOffOpenRequestSchema,
  lockerRecipientRequestSchema,
  normalizeDropOffCode,
  pacificDateString,
  type PickedUpEvent,
  pickedUpEventSchema,
} from '@airbox/contract';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { loadConfig } from '../config/env.js';
import { createDatabase, type Db } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { AppError } from '../errors.js';
import { listHubs } from '../modules/hubs/hubs.repository.js';
import { recipientForDelivery, recordDelivery, recordPickup } from '../modules/lockers/locker-events.service.js';
import { openDropOff, recordDropOffIn } from '../modules/shipments/hub-drop-offs.service.js';
import { bookHubPickups } from '../modules/shipments/hub-pickups.service.js';
import { sha256 } from '../modules/tokens/tokens.crypto.js';
import { createCarriersProvider } from '../providers/carriers/index.js';
import { createDatabaseSimulatorStore } from '../providers/carriers/simulator-store.js';
import { UsageError } from './simulator-fail.js';

const USAGE = `Usage (the same services as the locker events API, /app/v1/locker/..., without the API key):
  npm run locker -- deliver --box 2135846 [--hub <id | name | first>] [--carrier USPS] [--tracking 9400…] [--at ISO-time] [--door B3 [--low]]
      A package delivered for an AirBox ID; --hub defaults to the customer's own hub. --door: the
      door used (column and row: B3, or 12-3 for numbered columns), --low when it is a low one.
      Prints whether the customer needs a low door (needsLowCompartment).
      Prints the package id and its pickup code. The e-mail/text notices are queued: the running
      portal sends them (within a second, or when it next starts).
  npm run locker -- recipient --box 2135846 [--hub <id | name | first>] [--at ISO-time]
      What a delivery would answer about the customer, asked before choosing a door (GET
      /app/v1/locker/recipient): whether they need a low door (needsLowCompartment) and the
      vacation hold a delivery then falls in (hold.until, its last day). Records nothing.
  npm run locker -- pickup --code 583920 [--hub <id | name | first>] [--at ISO-time]
      The package with this pickup code was taken out; --hub defaults to the hub where it waits.
      Prints the credits charged and the overdue days.
  npm run locker -- drop-off --code 7KQ2M-XW9PD [--hub <id | name | first>] [--door B3 [--low]]
      A customer drops a parcel off with its drop-off code (issue 23 item 1): a compartment is
      asked for the code (POST /app/v1/locker/dropOffs/open) and the parcel reported in
      (/dropOffs/in). --hub defaults to the hub the code is for. Prints the compartment size.
  npm run locker -- hub-pickups
      The hubs' daily pickups now, whatever the hour: one per hub and carrier for the parcels
      dropped off and in none, booked with the carrier (USPS pickup adapter, carriers provider).
      The job 'hub-pickups' does this every day from 1 PM Pacific. Prints the day's pickups.`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    box: { type: 'string' },
    hub: { type: 'string' },
    carrier: { type: 'string', default: 'USPS' },
    tracking: { type: 'string' },
    code: { type: 'string' },
    at: { type: 'string' },
    door: { type: 'string' },
    low: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h' },
  },
});


/** An id, a hub name (any case) or 'first' (the first hub as listed to customers). */
async function resolveHub(db: Db, hub: string | undefined): Promise<string | undefined> {
  if (hub === undefined) return undefined;
  const hubs = await listHubs(db);
  const found = hub === 'first' ? hubs[0] : hubs.find((h) => h.id === hub || h.business_name.toLowerCase() === hub.toLowerCase());
  if (!found) throw new UsageError(`No hub "${hub}". Hubs:\n${hubs.map((h) => `  ${h.id}  ${h.business_name}`).join('\n')}`);
  return found.id;
}

function parsed<T>(result: { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } }): T {
  if (result.success) return result.data;
  // A message that already names its field ('door.row must be …') is said as it is.
  const said = (issue: { path: PropertyKey[]; message: string }) => {
    const field = issue.path.join('.');
    return issue.message.startsWith(field) ? issue.message : `${field}: ${issue.message}`;
  };
  throw new UsageError(result.error.issues.map(said).join('\n'));
}

/** '--door B3' or '--door 12-3' as the event's door (validated by the contract with the rest). */
function doorOption(): { column: string; row: number; low: boolean } | undefined {
  if (values.door === undefined) return undefined;
  const match = /^(?:([A-Za-z]{1,2})(\d{1,2})|(\d{1,2})-(\d{1,2}))$/.exec(values.door.trim());
  if (!match) throw new UsageError('--door must be a column and a row: B3, or 12-3 for numbered columns');
  return { column: match[1] ?? match[3]!, row: Number(match[2] ?? match[4]), low: values.low ?? false };
}

/** --hub, or else the hub of the customer with --box, or else the first hub. */
async function hubForBox(db: Db, boxId: string): Promise<string | undefined> {
  const hubId = await resolveHub(db, values.hub);
  if (hubId) return hubId;
  const owner = await db.selectFrom('users').select('locker_id').where('box_id', '=', boxId).executeTakeFirst();
  return owner?.locker_id ?? (await resolveHub(db, 'first'));
}

async function deliver(db: Db, log: FastifyBaseLogger, config: ReturnType<typeof loadConfig>) {
  if (!values.box) throw new UsageError('deliver needs --box <AirBox ID>');
  const hubId = await hubForBox(db, values.box);
  const event: DeliveredEvent = parsed(
    deliveredEventSchema.safeParse({
      type: 'delivered',
      boxId: values.box,
      hubId,
      carrier: values.carrier,
      trackingNo: values.tracking ?? `9400${String(Date.now()).slice(-18).padStart(18, '1')}`,
      deliveredAt: values.at,
      door: doorOption(),
    }),
  );
  const delivery = await recordDelivery({ db, config, log }, event);
  return {
    packageId: delivery.packageId,
    pickupCode: delivery.pickupCode,
    hubId: event.hubId,
    trackingNo: event.trackingNo,
    needsLowCompartment: delivery.needsLowCompartment,
    door: delivery.door,
  };
}

async function recipient(db: Db, log: FastifyBaseLogger, config: ReturnType<typeof loadConfig>) {
  if (!values.box) throw new UsageError('recipient needs --box <AirBox ID>');
  const query = parsed(lockerRecipientRequestSchema.safeParse({ boxId: values.box, hubId: await hubForBox(db, values.box), at: values.at }));
  const answer = await recipientForDelivery({ db, config, log }, query);
  return { boxId: query.boxId, hubId: query.hubId, needsLowCompartment: answer.needsLowCompartment, hold: answer.hold };
}

async function pickup(db: Db, log: FastifyBaseLogger, config: ReturnType<typeof loadConfig>) {
  if (!values.code) throw new UsageError('pickup needs --code <pickup code>');
  let hubId = await resolveHub(db, values.hub);
  if (!hubId) {
    const waiting = await db.selectFrom('locker_packages').select('hub_id').where('pickup_code', '=', values.code).where('picked_up_at', 'is', null).execute();
    if (waiting.length > 1) throw new UsageError(`Packages wait with code ${values.code} at several hubs: give --hub`);
    // None waits: the hub of the last package with this code, so a second pickup says 'already picked up'.
    const last = await db.selectFrom('locker_packages').select('hub_id').where('pickup_code', '=', values.code).orderBy('id', 'desc').executeTakeFirst();
    // A code shared by the package's owner (issue 22 item 1) names its hub too.
    const shared = waiting.length === 0 ? await db.selectFrom('pickup_shares').select('hub_id').where('pickup_code', '=', values.code).where('ended_at', 'is', null).executeTakeFirst() : undefined;
    hubId = waiting[0]?.hub_id ?? shared?.hub_id ?? last?.hub_id ?? (await resolveHub(db, 'first'));
  }
  const event: PickedUpEvent = parsed(pickedUpEventSchema.safeParse({ type: 'picked_up', hubId, pickupCode: values.code, pickedUpAt: values.at }));
  const result = await recordPickup({ db, config, log }, event);
  return { packageId: result.packageId, creditsCharged: result.creditsCharged, overtimeDays: result.overtimeDays, balance: result.balance };
}

function carriersOf(db: Db, config: ReturnType<typeof loadConfig>) {
  return createCarriersProvider(config, createDatabaseSimulatorStore(db));
}

async function dropOff(db: Db, log: FastifyBaseLogger, config: ReturnType<typeof loadConfig>) {
  if (!values.code) throw new UsageError('drop-off needs --code <drop-off code>');
  const code = normalizeDropOffCode(values.code);
  const hubId = (await resolveHub(db, values.hub)) ?? (await db.selectFrom('hub_drop_offs').select('hub_id').where('code_hash', '=', sha256(code)).executeTakeFirst())?.hub_id ?? 'unknown';
  const deps = { db, config, log, carriers: carriersOf(db, config) };
  const opened = await openDropOff(deps, parsed(dropOffOpenRequestSchema.safeParse({ hubId, code })));
  const dropped = await recordDropOffIn(deps, parsed(dropOffInRequestSchema.safeParse({ hubId, code, door: doorOption() })));
  return { dropOffId: dropped.dropOffId, orderNo: dropped.orderNo, hubId, compartment: opened.compartment, door: dropped.door };
}

async function hubPickups(db: Db, log: FastifyBaseLogger, config: ReturnType<typeof loadConfig>) {
  await bookHubPickups({ db, config, log, carriers: carriersOf(db, config) }, { now: true });
  // The day's pickups, whichever run made them.
  const today = await db.selectFrom('hub_pickups').selectAll().where('pickup_date', '=', pacificDateString(config.clock())).orderBy('id').execute();
  return today.map((pickup) => ({ hubId: pickup.hub_id, carrier: pickup.carrier, day: pickup.pickup_date, state: pickup.state, confirmation: pickup.confirmation, parcels: pickup.parcels }));
}

const command = positionals[0];
const COMMANDS = { deliver, recipient, pickup, 'drop-off': dropOff, 'hub-pickups': hubPickups };
if (values.help || !command || !Object.hasOwn(COMMANDS, command)) {
  console.log(USAGE);
  process.exit(values.help ? 0 : 2);
}
const config = loadConfig();
const log = pino({ level: 'warn' }) as unknown as FastifyBaseLogger;
const db = createDatabase(config.databaseUrl);
try {
  await migrateToLatest(db);
  const result = await COMMANDS[command as keyof typeof COMMANDS](db, log, config);
  console.log(JSON.stringify(result));
} catch (error) {
  if (error instanceof UsageError || error instanceof AppError) {
    console.error(error.message);
    process.exitCode = error instanceof UsageError ? 2 : 1;
  } else {
    console.error('The locker event failed:', error);
    process.exitCode = 1;
  }
} finally {
  await db.destroy();
}
