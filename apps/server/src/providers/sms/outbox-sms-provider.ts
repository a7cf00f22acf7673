import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { SmsProvider } from './sms-provider.js';

/** The simulator's id of a text: SM and 32 hex digits as Twilio's, the same for every try of one key. */
function simulatedSid(key: string | undefined): string {
  return `SM${key === undefined ? randomBytes(16).toString('hex') : createHash('sha256').update(key).digest('hex').slice(0, 32)}`;
}

/** The outbox file of the text `sid`, if one was written. */
async function fileOf(outboxDir: string, sid: string): Promise<string | undefined> {
  const files = await readdir(outboxDir).catch(() => [] as string[]);
  return files.find((file) => file.startsWith('sms-') && file.endsWith(`-${sid}.txt`));
}

/**
 * The local simulator: each text is written to `{outbox}/sms-{time}-{sid}.txt` (To, then the
 * body). A keyed text has one id and one file: a try of a key that has its file writes nothing
 * (as the database's record keeps a job's text to one send, texts.service.ts), and the look-up
 * after a lost answer finds that file.
 */
export function createOutboxSmsProvider(outboxDir: string, log: FastifyBaseLogger): SmsProvider {
  return {
    async send(message, key) {
      const sid = simulatedSid(key);
      await mkdir(outboxDir, { recursive: true });
      const written = key === undefined ? undefined : await fileOf(outboxDir, sid);
      if (written) {
        log.info({ file: written, sid }, 'text message already in the outbox');
        return { sid };
      }
      const file = join(outboxDir, `sms-${new Date().toISOString().replace(/[:.]/g, '-')}-${sid}.txt`);
      await writeFile(file, `To: ${message.to}\n\n${message.body}\n`, { mode: 0o600 });
      log.info({ file, sid }, 'text message written to the outbox');
      return { sid };
    },
    async findSent({ key }) {
      const sid = simulatedSid(key);
      return (await fileOf(outboxDir, sid)) ? sid : undefined;
    },
  };
}
