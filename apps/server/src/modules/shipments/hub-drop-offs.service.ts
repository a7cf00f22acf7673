import { randomInt } from 'node:crypto';
import {
  COMPANY_ROLES,
  compartmentFor,
  DAY_MS,
  DROP_OFF_CODE_ALPHABET,
  DROP_OFF_CODE_LENGTH,
  DROP_OFF_ERRORCODE,
  DROP_OFF_MESSAGES,
  DROP_OFF_VALID_DAYS,
  type DropOffCompartmentSize,
  type DropOffInRequest,
  type DropOffOpenRequest,
  formatDropOffCode,
  type LabelDropOff,
  type LockerDoor,
  normalizeDropOffCode,
} from '@airbox/contract';
import type { AppContext } from '../../context.js';
import { type Db, writeTransaction } from '../../db/database.js';
import { toIso } from '../../db/dialect.js';
import { AppError } from '../../errors.js';
import { CarrierError } from '../../providers/carriers/carriers-provider.js';
import { findHub, listHubs, listHubsOfBuilding } from '../hubs/hubs.repository.js';
import type { HubRow } from '../hubs/hubs.table.js';
import { DROP_OFF_CODE_SEAL, sealSecret, sha256, unsealSecret } from '../tokens/tokens.crypto.js';
import type { UserRow } from '../users/users.table.js';
import { passChanged } from '../wallet/pass-web-service.service.js';
import type { HubDropOffRow } from './hub-drop-offs.table.js';
import { findShipment, lockShipment, saveShipmentLabels } from './shipments.repository.js';
import type { ShipmentRow } from './shipments.table.js';

/*
 * Drop it off at your hub (issue 23 item 1). The customer chose a hub at Review and pay
 * (shipments.drop_off_hub_id); when the label is bought (label-checkout.ts) a drop-off is made in
 * the same transaction with a random code. At the hub the controller asks for a compartment for
 * the code (openDropOff: waiting → opening, once) and reports the parcel in (recordDropOffIn:
 * opening → dropped_off). Both run in one write transaction that first holds the label's row
 * (lockShipment), as a refund's claim does, and change the drop-off with a conditional UPDATE:
 * two controllers with one code, or a refund at the same moment, end one way only.
 *
 * The code: 50 random bits, looked up only by its SHA-256 (code_hash, unique), and kept sealed
 * (AES-256-GCM under a key derived from SESSION_SECRET) so its owner sees it again on Purchased
 * Labels, in the mail and on the wallet pass. The controller's calls are throttled per address.
 */

export type DropOffDeps = Pick<AppContext, 'db' | 'config' | 'log' | 'carriers'>;

const sealCode = (sessionSecret: string, code: string) => sealSecret(sessionSecret, DROP_OFF_CODE_SEAL, code);

/** The code of a drop-off as its owner is shown it; '' when it cannot be read (SESSION_SECRET changed). */
export const unsealCode = (sessionSecret: string, sealed: string) => unsealSecret(sessionSecret, DROP_OFF_CODE_SEAL, sealed);

/** A fresh code: DROP_OFF_CODE_LENGTH letters of DROP_OFF_CODE_ALPHABET, each drawn uniformly. */
export function newDropOffCode(): string {
  let code = '';
  for (let index = 0; index < DROP_OFF_CODE_LENGTH; index += 1) code += DROP_OFF_CODE_ALPHABET[randomInt(DROP_OFF_CODE_ALPHABET.length)];
  return code;
}

const dropOffError = (status: number, key: Exclude<keyof typeof DROP_OFF_ERRORCODE, 'ok'>) => new AppError(status, DROP_OFF_ERRORCODE[key], DROP_OFF_MESSAGES[key]);

/** The hubs a customer may drop a parcel off at: those they may choose as their own (their building's for company roles, else every hub). */
export async function dropOffHubsOf(db: Db, user: Pick<UserRow, 'role_id' | 'building_id'>): Promise<HubRow[]> {
  if ((COMPANY_ROLES as readonly number[]).includes(user.role_id)) return user.building_id === null ? [] : listHubsOfBuilding(db, user.building_id);
  return listHubs(db);
}

/**
 * At Review and pay: the hub chosen for a drop-off, checked (one the customer may choose, a
 * parcel a compartment holds); refused with a message otherwise.
 */
export async function checkDropOffChoice(db: Db, user: Pick<UserRow, 'role_id' | 'building_id'>, hubId: string, parcel: Pick<ShipmentRow, 'length_in' | 'width_in' | 'height_in'>): Promise<void> {
  if (!compartmentFor({ length: parcel.length_in, width: parcel.width_in, height: parcel.height_in })) throw AppError.invalid(DROP_OFF_MESSAGES.tooBig);
  const hubs = await dropOffHubsOf(db, user);
  if (!hubs.some((hub) => hub.id === hubId)) throw AppError.invalid(DROP_OFF_MESSAGES.hubNotAllowed);
}

/**
 * In the label's purchase transaction (bought, once): its drop-off with a fresh code, valid
 * DROP_OFF_VALID_DAYS. Answers the code for the customer's mail; undefined when none was chosen.
 */
export async function createDropOff(trx: Db, config: Pick<AppContext['config'], 'sessionSecret'>, shipment: ShipmentRow, now: Date): Promise<string | undefined> {
  if (!shipment.drop_off_hub_id) return undefined;
  const code = newDropOffCode();
  await trx
    .insertInto('hub_drop_offs')
    .values({
      shipment_id: shipment.id,
      user_id: shipment.user_id,
      hub_id: shipment.drop_off_hub_id,
      code_hash: sha256(code),
      code_sealed: sealCode(config.sessionSecret, code),
      state: 'waiting',
      compartment: compartmentFor({ length: shipment.length_in, width: shipment.width_in, height: shipment.height_in }) ?? 'xlarge',
      expires_at: new Date(now.getTime() + DROP_OFF_VALID_DAYS * DAY_MS).toISOString(),
      opened_at: null,
      dropped_off_at: null,
      door_column: null,
      door_row: null,
      door_low: null,
      hub_pickup_id: null,
      created_at: now.toISOString(),
    })
    .execute();
  return code;
}

/**
 * Demo data (seed/demo-drop-offs.ts): a drop-off of a bought label of the owner at their hub, with
 * this code (else a fresh one), waiting or dropped off.
 */
export async function seedDropOff(
  trx: Db,
  owner: { userId: number; hubId: string; sessionSecret: string },
  dropOff: { shipmentId: number; code?: string; createdAt: Date; droppedOffAt?: Date; door?: { column: string; row: number; low: boolean } },
): Promise<void> {
  const code = normalizeDropOffCode(dropOff.code ?? newDropOffCode());
  const shipment = await findShipment(trx, dropOff.shipmentId);
  if (!shipment) throw new Error(`no shipment ${dropOff.shipmentId} to drop off`);
  await trx.updateTable('shipments').set({ drop_off_hub_id: owner.hubId }).where('id', '=', shipment.id).execute();
  const dropped = dropOff.droppedOffAt?.toISOString() ?? null;
  await trx
    .insertInto('hub_drop_offs')
    .values({
      shipment_id: shipment.id,
      user_id: owner.userId,
      hub_id: owner.hubId,
      code_hash: sha256(code),
      code_sealed: sealCode(owner.sessionSecret, code),
      state: dropped ? 'dropped_off' : 'waiting',
      compartment: compartmentFor({ length: shipment.length_in, width: shipment.width_in, height: shipment.height_in }) ?? 'xlarge',
      expires_at: new Date(dropOff.createdAt.getTime() + DROP_OFF_VALID_DAYS * DAY_MS).toISOString(),
      opened_at: dropped,
      dropped_off_at: dropped,
      door_column: dropOff.door?.column ?? null,
      door_row: dropOff.door?.row ?? null,
      door_low: dropOff.door ? (dropOff.door.low ? 1 : 0) : null,
      hub_pickup_id: null,
      created_at: dropOff.createdAt.toISOString(),
    })
    .execute();
}

async function findDropOffByCode(db: Db, code: string): Promise<HubDropOffRow | undefined> {
  return db.selectFrom('hub_drop_offs').selectAll().where('code_hash', '=', sha256(code)).executeTakeFirst();
}

/** The label's ZPL for the hub's printer: kept, or asked of the carrier once and kept. */
async function labelZplOf(deps: DropOffDeps, shipment: ShipmentRow): Promise<string> {
  const kept = await deps.db.selectFrom('shipment_labels').select('content').where('shipment_id', '=', shipment.id).where('format', '=', 'ZPL').executeTakeFirst();
  if (kept) return Buffer.from(kept.content).toString('utf8');
  try {
    const bytes = (await deps.carriers.fetchLabel(shipment.provider_shipment_id ?? '', 'ZPL')).bytes;
    await saveShipmentLabels(deps.db, shipment.id, [{ format: 'ZPL', content: bytes }]);
    return bytes.toString('utf8');
  } catch (error) {
    if (!(error instanceof CarrierError)) throw error;
    // The compartment still opens: the hub prints the label once the carrier gives it.
    deps.log.warn({ shipment: shipment.id, code: error.code }, 'the carrier gave no ZPL label for a hub drop-off');
    return '';
  }
}

export interface OpenedDropOff {
  dropOffId: number;
  shipment: ShipmentRow;
  compartment: DropOffCompartmentSize;
  labelZpl: string;
}

/** Why a drop-off's code opens nothing now, checked with the label's row held; null when it may. */
function refusalOf(dropOff: HubDropOffRow, labelState: string | undefined, hubId: string, at: Date): AppError | null {
  if (dropOff.hub_id !== hubId) return dropOffError(409, 'otherHub');
  if (labelState !== 'bought' || dropOff.state === 'void') return dropOffError(409, 'refunded');
  return at.getTime() >= new Date(toIso(dropOff.expires_at)).getTime() && dropOff.state === 'waiting' ? dropOffError(410, 'expired') : null;
}

/**
 * The controller asks for a compartment for a drop-off code: answered once (waiting → opening in
 * a conditional UPDATE, the label's row held), with the compartment size, the parcel and the
 * label's ZPL. A code unknown, for another hub, used, expired or for a refunded label opens nothing.
 */
export async function openDropOff(deps: DropOffDeps, request: DropOffOpenRequest): Promise<OpenedDropOff> {
  const at = request.at ? new Date(request.at) : deps.config.clock();
  const found = await findDropOffByCode(deps.db, request.code);
  if (!found) throw dropOffError(404, 'unknownCode');
  const shipment = await findShipment(deps.db, found.shipment_id);
  if (!shipment) throw dropOffError(404, 'unknownCode');
  // Read before the claim (outside the transaction: the carrier may be asked); answered only if the claim wins.
  const early = refusalOf(found, shipment.state, request.hubId, at);
  if (early) throw early;
  if (found.state !== 'waiting') throw dropOffError(409, 'used');
  const labelZpl = await labelZplOf(deps, shipment);
  await writeTransaction(deps.db, async (trx) => {
    const labelState = await lockShipment(trx, found.shipment_id);
    const current = await trx.selectFrom('hub_drop_offs').selectAll().where('id', '=', found.id).executeTakeFirstOrThrow();
    const refusal = refusalOf(current, labelState, request.hubId, at);
    if (refusal) throw refusal;
    const claimed = await trx
      .updateTable('hub_drop_offs')
      .set({ state: 'opening', opened_at: at.toISOString() })
      .where('id', '=', current.id)
      .where('state', '=', 'waiting')
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw dropOffError(409, 'used');
    // The code is used: the wallet pass no longer lists it.
    await passChanged(trx, deps, current.user_id);
  });
  deps.log.info({ dropOff: found.id, hubId: request.hubId }, 'hub drop-off compartment opened');
  return { dropOffId: found.id, shipment, compartment: found.compartment as DropOffCompartmentSize, labelZpl };
}

export interface DroppedOff {
  dropOffId: number;
  orderNo: string;
  userId: number;
  door: LockerDoor | null;
}

/**
 * The parcel of a drop-off code is in its compartment: opening → dropped_off (once), with its
 * door, the label's row held. From then the label reads 'Dropped off at <hub>' and is no longer
 * refunded; the hub's next daily pickup takes it.
 */
export async function recordDropOffIn(deps: Pick<AppContext, 'db' | 'config' | 'log'>, request: DropOffInRequest): Promise<DroppedOff> {
  const at = request.droppedOffAt ? new Date(request.droppedOffAt) : deps.config.clock();
  const door = request.door ?? null;
  const found = await findDropOffByCode(deps.db, request.code);
  if (!found) throw dropOffError(404, 'unknownCode');
  const result = await writeTransaction(deps.db, async (trx) => {
    const labelState = await lockShipment(trx, found.shipment_id);
    const current = await trx.selectFrom('hub_drop_offs').selectAll().where('id', '=', found.id).executeTakeFirstOrThrow();
    if (current.hub_id !== request.hubId) throw dropOffError(409, 'otherHub');
    if (current.state === 'dropped_off') throw dropOffError(409, 'used');
    if (labelState !== 'bought' || current.state === 'void') throw dropOffError(409, 'refunded');
    const moved = await trx
      .updateTable('hub_drop_offs')
      .set({ state: 'dropped_off', dropped_off_at: at.toISOString(), door_column: door?.column ?? null, door_row: door?.row ?? null, door_low: door ? (door.low ? 1 : 0) : null })
      .where('id', '=', current.id)
      .where('state', '=', 'opening')
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw dropOffError(409, 'notOpened');
    const shipment = await findShipment(trx, current.shipment_id);
    return { dropOffId: current.id, orderNo: shipment?.order_no ?? '', userId: current.user_id, door };
  });
  deps.log.info({ dropOff: result.dropOffId, hubId: request.hubId }, 'hub drop-off recorded');
  return result;
}

/**
 * A compartment opened for a code whose parcel was never reported in holds the label's refund
 * this long: the customer walked away, or the door closed empty. (The code stays used.)
 */
export const OPENED_COMPARTMENT_HOLD_MS = 15 * 60 * 1000;

/**
 * In a refund's claim transaction, the label's row held: why the label may not be refunded
 * because of its drop-off (the parcel is in, or a compartment was opened for it less than
 * OPENED_COMPARTMENT_HOLD_MS ago), else null.
 */
export async function dropOffRefundRefusal(trx: Db, shipmentId: number, now: Date): Promise<string | null> {
  const row = await trx.selectFrom('hub_drop_offs').select(['state', 'opened_at']).where('shipment_id', '=', shipmentId).executeTakeFirst();
  if (!row) return null;
  if (row.state === 'dropped_off') return DROP_OFF_MESSAGES.refundInLocker;
  const openedRecently = row.state === 'opening' && row.opened_at !== null && now.getTime() - new Date(toIso(row.opened_at)).getTime() < OPENED_COMPARTMENT_HOLD_MS;
  return openedRecently ? DROP_OFF_MESSAGES.refundInLocker : null;
}

/** The drop-offs of these labels as their rows show them, by shipment id. */
export async function labelDropOffs(
  db: Db,
  config: Pick<AppContext['config'], 'sessionSecret' | 'clock'>,
  shipments: readonly Pick<ShipmentRow, 'id' | 'state'>[],
): Promise<Map<number, LabelDropOff>> {
  const ids = shipments.map((shipment) => shipment.id);
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('hub_drop_offs')
    .innerJoin('hubs', 'hubs.id', 'hub_drop_offs.hub_id')
    .selectAll('hub_drop_offs')
    .select(['hubs.business_name', 'hubs.address', 'hubs.city', 'hubs.state as hub_state', 'hubs.zip_code'])
    .where('hub_drop_offs.shipment_id', 'in', ids)
    .execute();
  const labelState = new Map(shipments.map((shipment) => [shipment.id, shipment.state]));
  const now = config.clock().getTime();
  const answer = new Map<number, LabelDropOff>();
  for (const row of rows) {
    const refunded = labelState.get(row.shipment_id) !== 'bought' || row.state === 'void';
    const expired = row.state === 'waiting' && now >= new Date(toIso(row.expires_at)).getTime();
    const state = row.state === 'dropped_off' ? 'dropped_off' : refunded ? 'void' : expired ? 'expired' : row.state === 'opening' ? 'opening' : 'waiting';
    answer.set(row.shipment_id, {
      hubId: row.hub_id,
      hubName: row.business_name,
      hubAddress: `${row.address}, ${row.city}, ${row.hub_state} ${row.zip_code}`,
      state,
      code: state === 'waiting' || state === 'opening' ? formatDropOffCode(unsealCode(config.sessionSecret, row.code_sealed)) : '',
      validUntil: toIso(row.expires_at),
      droppedOffAt: row.dropped_off_at === null ? '' : toIso(row.dropped_off_at),
    });
  }
  return answer;
}

/** The hub of a drop-off, for the label-ready mail. */
export async function dropOffHub(db: Db, hubId: string): Promise<HubRow | undefined> {
  return findHub(db, hubId);
}
