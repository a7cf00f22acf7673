import type { Db } from '../../db/database.js';
import type { InvitationCodeRow, NewInvitationCode } from './registration.table.js';

export async function isZipServed(db: Db, zipCode: string): Promise<boolean> {
  const row = await db.selectFrom('served_zips').select('zip_code').where('zip_code', '=', zipCode).executeTakeFirst();
  return row !== undefined;
}

export async function insertServedZips(db: Db, zipCodes: string[]): Promise<void> {
  if (zipCodes.length === 0) return;
  await db
    .insertInto('served_zips')
    .values(zipCodes.map((zip_code) => ({ zip_code })))
    .onConflict((conflict) => conflict.column('zip_code').doNothing())
    .execute();
}

export async function insertInvitationCode(db: Db, code: NewInvitationCode): Promise<number> {
  const row = await db
    .insertInto('invitation_codes')
    .values({ ...code, code: code.code.trim().toUpperCase() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Codes are kept in upper case; the lookup upper-cases too. */
export async function findInvitationCode(db: Db, code: string): Promise<InvitationCodeRow | undefined> {
  return db.selectFrom('invitation_codes').selectAll().where('code', '=', code.trim().toUpperCase()).executeTakeFirst();
}

/**
 * Counts one use of a code, only while it is unexpired and not used up: the check and the count
 * are one statement, so two registrations cannot both take the last use. Returns whether it counted.
 */
export async function consumeInvitationCode(db: Db, codeId: number, nowIso: string): Promise<boolean> {
  const result = await db
    .updateTable('invitation_codes')
    .set((eb) => ({ uses: eb('uses', '+', 1) }))
    .where('id', '=', codeId)
    .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]))
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', nowIso)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
