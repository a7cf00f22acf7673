import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, type TestApp, useTestDatabase } from './helper.js';
import { customerHub } from './ledger-fixtures.js';

export const LOCKER_API_KEY = 'locker-test-key-0123456789abcdef';

/**
 * A test file's portal for the locker journeys: the locker events API's key set and a clock the
 * file moves (`now` reads the file's own variable), built before the file's tests and closed after
 * them; `ready` hands the app and the customers' hub to the file's variables.
 */
export function useLockerTestApp(now: () => Date, ready: (t: TestApp, hubId: string) => void): void {
  const database = useTestDatabase();
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await buildTestApp(database.url(), { lockerApiKeys: [LOCKER_API_KEY], clock: () => new Date(now()) });
    ready(t, await customerHub(t.app.db));
  });
  afterAll(async () => {
    await t?.close();
  });
}

/** One event of the locker events API, sent as a locker controller sends it. */
export function lockerEvent(t: TestApp, body: Record<string, unknown>): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url: '/app/v1/locker/events', headers: { 'x-api-key': LOCKER_API_KEY }, payload: body });
}
