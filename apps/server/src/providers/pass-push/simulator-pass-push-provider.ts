import { randomUUID } from 'node:crypto';
import { appendFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { PassPush, PassPushProvider } from './pass-push-provider.js';

/** A push the simulator took: what APNs would have been sent. */
export interface SimulatedPassPush {
  id: string;
  at: string;
  topic: string;
  /** The device token's last 8 characters (the whole token is not written anywhere). */
  tokenEnd: string;
  payload: string;
}

/** The simulator's pushes, to read in tests. */
export interface SimulatorPassPushProvider extends PassPushProvider {
  readonly pushes: readonly SimulatedPassPush[];
}

/**
 * The local stand-in for APNs (PASS_PUSH_PROVIDER=simulator, the default): each push is
 * accepted, kept in memory (tests read `pushes`), logged ('wallet pass push (simulated)') and
 * written as one JSON line to `{outbox}/wallet-pushes.jsonl`. A token that starts with '410' is
 * answered as APNs answers a device that left (410 Unregistered), one that starts with '500'
 * fails as an unreachable APNs does, so both paths can be tried without Apple.
 */
export function createSimulatorPassPushProvider(outboxDir: string, log: FastifyBaseLogger, clock: () => Date): SimulatorPassPushProvider {
  const pushes: SimulatedPassPush[] = [];
  const file = join(outboxDir, 'wallet-pushes.jsonl');
  return {
    simulated: true,
    pushes,
    async send(push: PassPush) {
      if (push.pushToken.startsWith('500')) throw new Error('APNs simulator: 500 InternalServerError');
      if (push.pushToken.startsWith('410')) return { outcome: 'unregistered', reason: 'Unregistered' };
      const record: SimulatedPassPush = {
        id: randomUUID(),
        at: clock().toISOString(),
        topic: push.passTypeIdentifier,
        tokenEnd: push.pushToken.slice(-8),
        payload: '{}',
      };
      pushes.push(record);
      await mkdir(outboxDir, { recursive: true });
      await appendFile(file, `${JSON.stringify(record)}\n`, { mode: 0o600 });
      log.info({ apnsId: record.id, topic: record.topic, tokenEnd: record.tokenEnd, file }, 'wallet pass push (simulated)');
      return { outcome: 'sent', id: record.id };
    },
    async close() {},
  };
}
