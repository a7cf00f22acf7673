import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
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

/** What the locker events API answers a delivery: the package, its pickup code and the vacation hold it fell in. */
export interface Delivered {
  packageId: number;
  pickupCode: string;
  hold?: { until: string } | null;
}

const TRACKING_NUMBER_STARTS = { FedEx: '7712345678', UPS: '1Z999AA1012345' } as const;
let deliveries = 0;

/** A package of `carrier` (a tracking number of its own each time) put in a compartment of the hub for `boxId`, as the controller reports it. */
export async function deliver(t: TestApp, hubId: string, boxId: string, carrier: keyof typeof TRACKING_NUMBER_STARTS): Promise<Delivered> {
  deliveries += 1;
  const trackingNo = `${TRACKING_NUMBER_STARTS[carrier]}${String(deliveries).padStart(4, '0')}`;
  const response = await lockerEvent(t, { type: 'delivered', boxId, hubId, carrier, trackingNo });
  expect(response.statusCode).toBe(200);
  return response.json() as Delivered;
}
