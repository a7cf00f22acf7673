import { HOUR_MS } from '@airbox/contract';
import type { Db } from '../db/database.js';
import { seedDropOff } from '../modules/shipments/hub-drop-offs.service.js';

/**
 * Issue 23 item 1: two of the demo customer's labels go by their hub. One waits to be dropped off
 * with a drop-off code the README names (DEMO_DROP_OFF_CODE), so the locker events API and
 * `npm run locker -- drop-off` can be tried on it; the other was dropped off two hours ago and
 * waits for the hub's daily pickup ('Dropped off at <hub>').
 */
export const DEMO_DROP_OFF_CODE = 'DR8PX-HUB42';

export async function seedDemoDropOffs(
  trx: Db,
  owner: { userId: number; hubId: string; sessionSecret: string },
  now: Date,
  labels: { waiting: number; droppedOff: number },
): Promise<void> {
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * HOUR_MS);
  await seedDropOff(trx, owner, { shipmentId: labels.waiting, code: DEMO_DROP_OFF_CODE, createdAt: hoursAgo(5) });
  await seedDropOff(trx, owner, { shipmentId: labels.droppedOff, createdAt: hoursAgo(7), droppedOffAt: hoursAgo(2), door: { column: 'D', row: 2, low: true } });
}
