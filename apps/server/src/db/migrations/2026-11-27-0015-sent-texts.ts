import { type Kysely, sql } from 'kysely';
import { timestampType } from '../dialect.js';

/**
 * Texts sent once (issue 19 item 6). Twilio has no idempotency key for creating a message, so
 * each text a job sends is written here under its key (the job's id, when it was enqueued and
 * which of its texts) before Twilio is asked: 'sending' until Twilio's answer names the message
 * (then 'sent' with its SID), 'refused' when Twilio answered that it made none. A try that finds
 * its key 'sent' sends nothing; one that finds it 'sending' (the answer was lost) looks the text
 * up at Twilio before sending. Kept a week (jobs/clean-up.job.ts): a job's tries span hours.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations stay frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  const ts = timestampType(db);
  await db.schema
    .createTable('sent_texts')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('job_id', 'integer')
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('sending', 'sent', 'refused')`))
    .addColumn('provider_sid', 'text')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sent_texts_created').on('sent_texts').column('created_at').execute();
  await db.schema.createIndex('sent_texts_phone').on('sent_texts').column('phone').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations stay frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sent_texts').execute();
}
