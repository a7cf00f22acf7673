import type { Db } from '../../db/database.js';
import type { NewWalletPass, NewWalletPassRegistration, WalletPassRegistrationRow, WalletPassRow } from './wallet.table.js';

/** Queries of the updatable passes and the devices registered for them (PassKit web service). */

export async function findWalletPassOfUser(db: Db, userId: number): Promise<WalletPassRow | undefined> {
  return db.selectFrom('wallet_passes').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function findWalletPass(db: Db, serialNumber: string): Promise<WalletPassRow | undefined> {
  return db.selectFrom('wallet_passes').selectAll().where('serial_number', '=', serialNumber).executeTakeFirst();
}

/** Adds the user's pass unless one is there (two first downloads at once): false when it was. */
export async function insertWalletPass(db: Db, pass: NewWalletPass): Promise<boolean> {
  const result = await db.insertInto('wallet_passes').values(pass).onConflict((c) => c.column('user_id').doNothing()).executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

export async function updateWalletPassUpdatedAt(db: Db, serialNumber: string, updatedAtIso: string): Promise<void> {
  await db.updateTable('wallet_passes').set({ updated_at: updatedAtIso }).where('serial_number', '=', serialNumber).execute();
}

export async function findRegistration(db: Db, deviceLibraryId: string, serialNumber: string): Promise<WalletPassRegistrationRow | undefined> {
  return db
    .selectFrom('wallet_pass_registrations')
    .selectAll()
    .where('device_library_id', '=', deviceLibraryId)
    .where('serial_number', '=', serialNumber)
    .executeTakeFirst();
}

/** Adds a registration; false when the device had one for the pass already (a race of two registrations). */
export async function insertRegistration(db: Db, registration: NewWalletPassRegistration): Promise<boolean> {
  const result = await db
    .insertInto('wallet_pass_registrations')
    .values(registration)
    .onConflict((c) => c.columns(['device_library_id', 'serial_number']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

export async function updateRegistrationPushToken(db: Db, deviceLibraryId: string, serialNumber: string, pushToken: string, nowIso: string): Promise<void> {
  await db
    .updateTable('wallet_pass_registrations')
    .set({ push_token: pushToken, updated_at: nowIso })
    .where('device_library_id', '=', deviceLibraryId)
    .where('serial_number', '=', serialNumber)
    .execute();
}

/** Whether a registration was there to delete. */
export async function deleteRegistration(db: Db, deviceLibraryId: string, serialNumber: string): Promise<boolean> {
  const result = await db
    .deleteFrom('wallet_pass_registrations')
    .where('device_library_id', '=', deviceLibraryId)
    .where('serial_number', '=', serialNumber)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Deletes a registration only while it still holds this push token (an APNs 410 for an old token). */
export async function deleteRegistrationWithToken(db: Db, deviceLibraryId: string, serialNumber: string, pushToken: string): Promise<boolean> {
  const result = await db
    .deleteFrom('wallet_pass_registrations')
    .where('device_library_id', '=', deviceLibraryId)
    .where('serial_number', '=', serialNumber)
    .where('push_token', '=', pushToken)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The devices registered for a pass, oldest registration first. */
export async function listRegistrations(db: Db, serialNumber: string): Promise<WalletPassRegistrationRow[]> {
  return db
    .selectFrom('wallet_pass_registrations')
    .selectAll()
    .where('serial_number', '=', serialNumber)
    .orderBy('created_at')
    .orderBy('device_library_id')
    .execute();
}

/** The device's passes (of this portal's one pass type) changed after `sinceIso` (all when undefined). */
export async function listPassesOfDevice(db: Db, deviceLibraryId: string, sinceIso: string | undefined): Promise<{ serial_number: string; updated_at: Date | string }[]> {
  let query = db
    .selectFrom('wallet_pass_registrations as r')
    .innerJoin('wallet_passes as p', 'p.serial_number', 'r.serial_number')
    .select(['p.serial_number', 'p.updated_at'])
    .where('r.device_library_id', '=', deviceLibraryId);
  if (sinceIso !== undefined) query = query.where('p.updated_at', '>', sinceIso);
  return query.orderBy('p.serial_number').execute();
}
