import { describe, expect, it } from 'vitest';
import { getLockerInfoByModeCall, hubAddress, unitSuiteLine, usableHubs, type Hub } from './registration-calls.js';

const hub = (overrides: Partial<Hub>): Hub => ({
  id: 'hub-1',
  business_name: 'AirBox Union Square',
  address: '801 Market St',
  city: 'San Francisco',
  state: 'CA',
  zip_code: '94103',
  location: null,
  ...overrides,
});

describe('hubs offered at registration (spec 02 §3)', () => {
  it('accepts null fields in the locker lists', () => {
    const answer = { errorcode: 0, message: 'ok', locker_info: [hub({ address: null, business_name: null })] };
    expect(getLockerInfoByModeCall.response.safeParse(answer).success).toBe(true);
  });

  it('drops hubs lacking a business name, city, state or zip and shows other nulls as empty text', () => {
    const hubs = usableHubs([
      hub({ id: 'a', address: null }),
      hub({ id: 'b', business_name: null }),
      hub({ id: 'c', city: ' ' }),
      hub({ id: 'd', state: null }),
      hub({ id: 'e', zip_code: '' }),
    ]);
    expect(hubs).toEqual([
      { id: 'a', business_name: 'AirBox Union Square', address: '', city: 'San Francisco', state: 'CA', zip_code: '94103', location: '', distance_mi: null },
    ]);
  });

  it("keeps the distance from the registrant's ZIP a server gives, and takes a list without it", () => {
    expect(usableHubs([hub({ distance_mi: 2.4 })])[0]?.distance_mi).toBe(2.4);
    expect(getLockerInfoByModeCall.response.safeParse({ errorcode: 0, message: 'ok', locker_info: [hub({ distance_mi: -1 })] }).success).toBe(false);
    expect(getLockerInfoByModeCall.request.safeParse({ zip_code: '94103' }).success).toBe(true);
    expect(getLockerInfoByModeCall.request.safeParse({ zip_code: '9410' }).success).toBe(false);
    expect(getLockerInfoByModeCall.request.safeParse({}).success).toBe(true);
  });

  it('writes a hub address on one line', () => {
    const [full] = usableHubs([hub({})]);
    expect(hubAddress(full!)).toBe('801 Market St, San Francisco, CA 94103');
    const [noStreet] = usableHubs([hub({ address: null })]);
    expect(hubAddress(noStreet!)).toBe('San Francisco, CA 94103');
  });

  it("puts the unit on address line 2 as 'Unit/Suite {unit}'", () => {
    expect(unitSuiteLine('204')).toBe('Unit/Suite 204');
  });
});
