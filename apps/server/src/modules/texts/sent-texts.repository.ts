import type { Db } from '../../db/database.js';
import { toIso } from '../../db/dialect.js';
import type { SentTextRow, SentTextState } from './sent-texts.table.js';

/**
 * Records a try of the text `key` (state 'sending') unless one was recorded before, and gives the
 * row as it stands, with `first`: true when this call wrote it (no try of this text came before).
 */
export async function recordTextAttempt(
  db: Db,
  text: { key: string; jobId: number | null; phone: string },
  nowIso: string,
): Promise<{ row: SentTextRow; first: boolean }> {
  const inserted = await db
    .insertInto('sent_texts')
    .values({ key: text.key, job_id: text.jobId, phone: text.phone, state: 'sending', provider_sid: null, created_at: nowIso, updated_at: nowIso })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .returning('key')
    .executeTakeFirst();
  const row = await db.selectFrom('sent_texts').selectAll().where('key', '=', text.key).executeTakeFirstOrThrow();
  return { row: { ...row, created_at: toIso(row.created_at), updated_at: toIso(row.updated_at) }, first: inserted !== undefined };
}

/** Moves the text `key` to `state`, with the provider's id once it is known. */
export async function setTextState(db: Db, key: string, state: SentTextState, providerSid: string | null, nowIso: string): Promise<void> {
  await db.updateTable('sent_texts').set({ state, provider_sid: providerSid, updated_at: nowIso }).where('key', '=', key).execute();
}

/** The provider ids recorded for the other texts to `phone`: a look-up for `key` must not take one of them for its own. */
export async function otherTextSids(db: Db, phone: string, key: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('sent_texts')
    .select('provider_sid')
    .where('phone', '=', phone)
    .where('key', '!=', key)
    .where('provider_sid', 'is not', null)
    .execute();
  return new Set(rows.flatMap((row) => (row.provider_sid ? [row.provider_sid] : [])));
}

/** Forgets the texts first tried before `beforeIso`. */
export async function deleteSentTextsBefore(db: Db, beforeIso: string): Promise<number> {
  const result = await db.deleteFrom('sent_texts').where('created_at', '<', beforeIso).executeTakeFirst();
  return Number(result.numDeletedRows);
}
