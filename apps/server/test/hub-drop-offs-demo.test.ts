import { shipmentStatus } from '@airbox/contract';
import { describe, expect, it } from 'vitest';
import { DEMO_DROP_OFF_CODE } from '../src/seed/demo-drop-offs.js';
import { signIn, useTestApp, useTestDatabase } from './helper.js';

/** The demo's drop-offs (issue 23 item 1), on SQLite and PostgreSQL: one waiting with the README's code, one dropped off. */
const database = useTestDatabase();
const KEY = 'drop-off-demo-locker-key-0123456789';
const t = useTestApp(database, { seedDemoData: true, lockerApiKeys: [KEY] });

describe('demo data: hub drop-offs', () => {
  it("has a label waiting to be dropped off with the README's code, and one dropped off at the demo's hub", async () => {
    const { cookie, userId } = await signIn(t.app, 'demo@example.com');
    const list = await t.app.inject({ method: 'GET', url: `/app/v1/userGetShipment?user_id=${userId}&start=0&num=50`, headers: { cookie } });
    const rows = list.json().data.list as { dropOff?: { state: string; code: string; hubId: string; hubName: string } | null; status_flag: string; easypostStatus: string }[];
    const waiting = rows.find((row) => row.dropOff?.state === 'waiting');
    const dropped = rows.find((row) => row.dropOff?.state === 'dropped_off');
    expect(waiting?.dropOff?.code).toBe(DEMO_DROP_OFF_CODE);
    expect(shipmentStatus(dropped!)).toBe(`Dropped off at ${dropped?.dropOff?.hubName}`);
    // The controller opens a compartment for the demo's code.
    const opened = await t.app.inject({ method: 'POST', url: '/app/v1/locker/dropOffs/open', payload: { hubId: waiting?.dropOff?.hubId, code: DEMO_DROP_OFF_CODE }, headers: { 'x-api-key': KEY } });
    expect(opened.json()).toMatchObject({ errorcode: 0, compartment: 'small' });
  });
});
