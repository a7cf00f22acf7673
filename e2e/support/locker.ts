import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { APIRequestContext } from '@playwright/test';

const run = promisify(execFile);

/**
 * The operators' locker command (`npm run locker`), from the server's build, against the test
 * server's database and outbox; answers what it printed. These journeys are the command's test.
 */
export async function lockerCommand(...args: string[]): Promise<string> {
  const workDir = process.env.E2E_WORK_DIR;
  if (!workDir) throw new Error('E2E_WORK_DIR is not set: run the tests through playwright.config.ts');
  const { stdout } = await run('node', ['../apps/server/dist/cli/locker.js', ...args], {
    env: { ...process.env, DATABASE_URL: `sqlite:${join(workDir, 'e2e.db')}`, MAIL_OUTBOX_DIR: join(workDir, 'outbox'), SEED_DEMO_DATA: 'false' },
  });
  return stdout;
}

/**
 * The key the test server accepts on the locker events API (LOCKER_API_KEYS in
 * playwright.config.ts), so journeys can deliver as a locker controller does, over HTTP.
 */
export const LOCKER_API_KEY = 'e2e-locker-controller-key-0123456789';

/** A delivered event as a locker controller posts it to POST /app/v1/locker/events; answers its JSON. */
export async function deliverAsController(request: APIRequestContext, event: Record<string, unknown>) {
  const response = await request.post('/app/v1/locker/events', { headers: { 'x-api-key': LOCKER_API_KEY }, data: { type: 'delivered', carrier: 'USPS', ...event } });
  if (!response.ok()) throw new Error(`locker event refused: ${response.status()} ${await response.text()}`);
  return (await response.json()) as { pickupCode: string; packageId: number; recipient?: { needsLowCompartment: boolean }; door?: unknown };
}
