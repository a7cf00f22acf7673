import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { SmsProvider } from './sms-provider.js';

/** The local simulator: each text is written to `{outbox}/sms-{time}-{uuid}.txt` (To, then the body). */
export function createOutboxSmsProvider(outboxDir: string, log: FastifyBaseLogger): SmsProvider {
  return {
    async send(message) {
      await mkdir(outboxDir, { recursive: true });
      const file = join(outboxDir, `sms-${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.txt`);
      await writeFile(file, `To: ${message.to}\n\n${message.body}\n`, { mode: 0o600 });
      log.info({ file }, 'text message written to the outbox');
    },
  };
}
