import type { Db } from '../../db/database.js';
import type { NewWalletPassLink } from './wallet.table.js';

export async function insertWalletPassLink(db: Db, link: NewWalletPassLink): Promise<void> {
  await db.insertInto('wallet_pass_links').values(link).execute();
}

/**
 * Takes the pass behind a link: deletes the row and returns its pass in one statement, so a link
 * works exactly once however many fetch it at the same moment. Undefined when unknown, used or expired.
 */
export async function takeWalletPass(db: Db, tokenHash: string, nowIso: string): Promise<{ pass: Buffer; user_id: number } | undefined> {
  const row = await db
    .deleteFrom('wallet_pass_links')
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', nowIso)
    .returning(['pass', 'user_id'])
    .executeTakeFirst();
  return row ? { pass: Buffer.from(row.pass), user_id: row.user_id } : undefined;
}

export async function deleteExpiredWalletPassLinks(db: Db, nowIso: string): Promise<number> {
  const result = await db.deleteFrom('wallet_pass_links').where('expires_at', '<=', nowIso).executeTakeFirst();
  return Number(result.numDeletedRows);
}
