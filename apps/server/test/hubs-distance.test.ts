import { describe, expect, it } from 'vitest';
import { parseLocation } from '../src/modules/hubs/hubs.distance.js';
import { useTestApp, useTestDatabase } from './helper.js';

// The demo hubs: Union Square and Mission Bay (San Francisco), Midtown (New York), Capitol Hill
// (Seattle), and the two Riverside hubs (Austin) with no stored location.
const database = useTestDatabase();
const t = useTestApp(database, { seedDemoData: true });

async function hubsFrom(zip?: string) {
  const response = await t.app.inject({ method: 'GET', url: `/app/v1/getLockerInfoByMode${zip === undefined ? '' : `?zip_code=${zip}`}` });
  return { status: response.statusCode, body: response.json() as { errorcode: number; locker_info: { business_name: string; distance_mi?: number | null }[] } };
}

describe('the registration hub list from an entered ZIP code (getLockerInfoByMode zip_code)', () => {
  it('lists the hubs nearest first with their distance in miles', async () => {
    const mission = await hubsFrom('94110');
    expect(mission.status).toBe(200);
    expect(mission.body.locker_info.map((hub) => [hub.business_name, hub.distance_mi])).toEqual([
      ['AirBox Mission Bay', 1.7],
      ['AirBox Union Square', 2.4],
      ['AirBox Capitol Hill', expect.closeTo(679, -1)],
      ['AirBox Midtown', expect.closeTo(2567, -1)],
      // No stored location: last, in the list's order (by name), with no distance.
      ['AirBox Riverside Building B', null],
      ['AirBox Riverside Campus', null],
    ]);
    const manhattan = await hubsFrom('10001');
    expect(manhattan.body.locker_info.map((hub) => hub.business_name).slice(0, 4)).toEqual(['AirBox Midtown', 'AirBox Capitol Hill', 'AirBox Mission Bay', 'AirBox Union Square']);
    expect(manhattan.body.locker_info[0]!.distance_mi).toBeLessThan(1);
  });

  it('keeps the list as it is, without distances, for no ZIP code or one it does not know', async () => {
    const plain = await hubsFrom();
    expect(plain.body.locker_info.every((hub) => hub.distance_mi === undefined)).toBe(true);
    const unknown = await hubsFrom('00000');
    expect(unknown.body.locker_info.map((hub) => hub.business_name)).toEqual(plain.body.locker_info.map((hub) => hub.business_name));
    expect(unknown.body.locker_info.every((hub) => hub.distance_mi === null)).toBe(true);
  });

  it('refuses a ZIP code that is not 5 digits', async () => {
    expect((await hubsFrom('9411')).status).toBe(400);
    expect((await hubsFrom('94110-1234')).status).toBe(400);
  });

  it("reads a hub's stored location, and nothing from a broken one", () => {
    expect(parseLocation('37.7847,-122.4066')).toEqual({ latitude: 37.7847, longitude: -122.4066 });
    expect(parseLocation(' 40.7484 , -73.9857 ')).toEqual({ latitude: 40.7484, longitude: -73.9857 });
    for (const broken of [null, '', '37.7', 'north,south', '91,0', '0,181', '1,2,3']) expect(parseLocation(broken), String(broken)).toBeUndefined();
  });
});
