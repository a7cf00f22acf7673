import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { type SmsProvider, TextRefusedError } from '../../providers/sms/sms-provider.js';
import { otherTextSids, recordTextAttempt, setTextState } from './sent-texts.repository.js';

/**
 * The provider with each text sent once, whatever happens to the answers: `keyOf(n)` names the
 * n-th text (from 0) sent through it, so a sender that sends the same texts in the same order (a
 * job run again) gives them the same keys (jobs/runner.ts makes them of the job).
 *
 * Twilio's create has no idempotency key (twilio-sms-provider.ts), so the record is ours: a try
 * is written to sent_texts before the provider is asked, and the answer's SID after it.
 * - The key has a SID: the text was sent; nothing is sent again.
 * - The key was tried with no answer (a timeout, a dropped connection, a crash before the SID
 *   was written): the provider is asked whether it made the text since that first try (Twilio's
 *   Messages list; the simulator's outbox file), leaving out messages other texts' rows hold;
 *   a found one is recorded and nothing is sent. Only when it has none is the text sent again.
 * - The provider refused it (4xx: it made none): the next try sends it again.
 * Two workers running one job at once (a lease that ran out mid-send) could still both send it.
 */
export function sendingTextsOnce(
  sms: SmsProvider,
  deps: { db: Db; clock: () => Date; log: FastifyBaseLogger },
  keyOf: (n: number) => string,
  jobId: number | null,
): SmsProvider {
  const { db, log } = deps;
  const now = () => deps.clock().toISOString();
  let sends = 0;
  return {
    async send(message, key = keyOf(sends++)) {
      const { row, first } = await recordTextAttempt(db, { key, jobId, phone: message.to }, now());
      if (row.state === 'sent' && row.provider_sid !== null) {
        log.info({ key, sid: row.provider_sid }, 'text message was sent before: not sent again');
        return { sid: row.provider_sid };
      }
      if (!first && row.state === 'sending') {
        const claimed = await otherTextSids(db, message.to, key);
        const sid = await sms.findSent({ message, key, since: new Date(row.created_at), claimed });
        if (sid !== undefined) {
          await setTextState(db, key, 'sent', sid, now());
          log.info({ key, sid }, 'text message whose answer was lost was found sent: not sent again');
          return { sid };
        }
      }
      if (row.state === 'refused') await setTextState(db, key, 'sending', null, now());
      try {
        const sent = await sms.send(message, key);
        await setTextState(db, key, 'sent', sent.sid, now());
        return sent;
      } catch (error) {
        if (error instanceof TextRefusedError) await setTextState(db, key, 'refused', null, now());
        throw error;
      }
    },
    findSent: (lookup) => sms.findSent(lookup),
  };
}
