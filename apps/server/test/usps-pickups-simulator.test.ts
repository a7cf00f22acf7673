import { beforeEach, describe, expect, it } from 'vitest';
import { UsageError } from '../src/cli/simulator-fail.js';
import { uspsCommand } from '../src/cli/usps.js';
import { UspsError, type UspsPickupRequest } from '../src/providers/usps/usps-pickups-provider.js';
import {
  createUspsPickupsSimulator,
  ETAG_LIFETIME_MS,
  SIMULATOR_DESCRIPTIONS,
  SIMULATOR_INELIGIBLE_ZIP,
  type SimulatorUspsPickupsProvider,
} from '../src/providers/usps/usps-pickups-simulator.js';
import { createDatabaseUspsSimulatorStore, createMemoryUspsSimulatorStore, type UspsSimulatorStore } from '../src/providers/usps/usps-simulator-store.js';
import { useTestDb } from './helper.js';

/** Monday 2026-11-23, 09:00 in Chicago; tests move it. */
const START = Date.parse('2026-11-23T15:00:00Z');
let now = START;
const HOUR = 60 * 60 * 1000;

// The simulator keeps its pickups in the app's database, as the app runs it (plugins/usps-pickups.ts).
const database = useTestDb();
beforeEach(() => {
  now = START;
});

const ADDRESS = { firm: 'AirBox', streetAddress: '388 Townsend St', secondaryAddress: 'Apt 20', city: 'San Francisco', state: 'CA', zip5: '94107' };

const REQUEST: UspsPickupRequest = {
  address: { ...ADDRESS, firstName: 'Jack', lastName: 'Sparrow', phone: '4155550123', email: 'jack@example.com' },
  pickupDate: '2026-11-24',
  packages: [{ serviceType: 'Priority Mail', count: 2 }],
  estimatedWeight: 3.5,
  packageLocation: 'Front Door',
  specialInstructions: 'Ring twice',
};

async function failureOf(promise: Promise<unknown>): Promise<UspsError> {
  const failure = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(failure).toBeInstanceOf(UspsError);
  return failure as UspsError;
}

describe.each([
  ['the database', () => createDatabaseUspsSimulatorStore(database.db)],
  ['memory', () => createMemoryUspsSimulatorStore()],
] as const)('the USPS pickup simulator, its pickups kept in %s', (_where, newStore) => {
  let store: UspsSimulatorStore;
  let usps: SimulatorUspsPickupsProvider;
  /** Another simulator on the same store: a restarted server, or a second one. */
  const anotherInstance = () => createUspsPickupsSimulator({ clock: () => new Date(now), store });
  beforeEach(() => {
    store = newStore();
    usps = anotherInstance();
  });

  describe('eligibility', () => {
    it('answers USPS’s standard form of an address it collects at, and the first date a carrier can come', async () => {
      expect(await usps.checkEligibility(ADDRESS)).toEqual({
        eligible: true,
        address: { firm: 'AIRBOX', streetAddress: '388 TOWNSEND ST', secondaryAddress: 'APT 20', city: 'SAN FRANCISCO', state: 'CA', zip5: '94107', zipPlus4: null },
        date: '2026-11-24',
        dayOfWeek: 'Tuesday',
      });
      now = Date.parse('2026-11-24T07:30:00Z'); // Tuesday 01:30 in Chicago: still that day
      expect(await usps.checkEligibility(ADDRESS)).toMatchObject({ date: '2026-11-24' });
      now = Date.parse('2026-11-28T15:00:00Z'); // Saturday: no carrier on Sunday
      expect(await usps.checkEligibility(ADDRESS)).toMatchObject({ date: '2026-11-30', dayOfWeek: 'Monday' });
    });

    it(`says an address with ZIP Code ${SIMULATOR_INELIGIBLE_ZIP} or a PO Box is not eligible, in USPS’s manner`, async () => {
      expect(await usps.checkEligibility({ ...ADDRESS, zip5: SIMULATOR_INELIGIBLE_ZIP })).toEqual({ eligible: false, description: SIMULATOR_DESCRIPTIONS.notEligible });
      expect(await usps.checkEligibility({ ...ADDRESS, streetAddress: 'PO Box 1234' })).toEqual({ eligible: false, description: SIMULATOR_DESCRIPTIONS.poBox });
      expect(await usps.checkEligibility({ ...ADDRESS, streetAddress: 'P.O. Box 9' })).toMatchObject({ eligible: false });
    });

    it('refuses a malformed address as USPS’s API does', async () => {
      expect(await failureOf(usps.checkEligibility({ ...ADDRESS, zip5: '941' }))).toMatchObject({ code: 'INVALID_REQUEST', description: 'The ZIP Code must be 5 digits.' });
      expect(await failureOf(usps.checkEligibility({ ...ADDRESS, state: 'ZZ' }))).toMatchObject({ code: 'INVALID_REQUEST' });
      expect(await failureOf(usps.checkEligibility({ ...ADDRESS, streetAddress: ' ' }))).toMatchObject({ code: 'INVALID_REQUEST' });
    });
  });

  describe('scheduling', () => {
    it('schedules a pickup: a WTC confirmation number, its date and day, USPS’s words, an ETag; another server reads it back', async () => {
      const pickup = await usps.schedule({ ...REQUEST, packages: [...REQUEST.packages, { serviceType: 'Express Mail', count: 1 }, { serviceType: 'Priority Mail Express', count: 1 }] });
      expect(pickup).toEqual({
        confirmationNumber: expect.stringMatching(/^WTC\d{8}$/),
        pickupDate: '2026-11-24',
        dayOfWeek: 'Tuesday',
        address: { firstName: 'Jack', lastName: 'Sparrow', firm: 'AIRBOX', streetAddress: '388 TOWNSEND ST', secondaryAddress: 'APT 20', city: 'SAN FRANCISCO', state: 'CA', zip5: '94107', phone: '4155550123', email: 'jack@example.com' },
        packages: [
          { packageType: 'PRIORITY_MAIL', count: 2 },
          { packageType: 'PRIORITY_MAIL_EXPRESS', count: 2 },
        ],
        estimatedWeight: 3.5,
        packageLocation: 'FRONT_DOOR',
        specialInstructions: 'Ring twice',
        eTag: expect.stringMatching(/^[0-9a-f]{40}$/),
      });
      expect(await anotherInstance().inquire(pickup.confirmationNumber)).toEqual(pickup);
      const other = await usps.schedule(REQUEST);
      expect(other.confirmationNumber).not.toBe(pickup.confirmationNumber);
    });

    it('takes a Saturday, and today until 2:00 AM Central time', async () => {
      expect((await usps.schedule({ ...REQUEST, pickupDate: '2026-11-28' })).dayOfWeek).toBe('Saturday');
      now = Date.parse('2026-11-24T07:59:00Z'); // Tuesday 01:59 in Chicago
      expect((await usps.schedule(REQUEST)).pickupDate).toBe('2026-11-24');
    });

    it.each([
      ['a Sunday', '2026-11-29', 'Carrier pickup is available Monday through Saturday only.'],
      ['a federal holiday (Thanksgiving)', '2026-11-26', 'Carrier pickup is not available on federal holidays.'],
      ['today after 2:00 AM Central time', '2026-11-23', 'The pickup date has passed or is too soon: the earliest pickup date is 2026-11-24.'],
      ['a past date', '2026-11-20', 'The pickup date has passed or is too soon: the earliest pickup date is 2026-11-24.'],
      ['more than a year ahead', '2027-11-26', 'A pickup can be scheduled at most one year in advance.'],
      ['no date at all', '2026-02-30', 'The pickup date must be a date (YYYY-MM-DD).'],
    ])('refuses %s (INVALID_REQUEST, USPS-like text)', async (_what, pickupDate, description) => {
      expect(await failureOf(usps.schedule({ ...REQUEST, pickupDate }))).toMatchObject({ code: 'INVALID_REQUEST', retryable: false, description });
    });

    it('refuses an address no carrier collects at (NOT_ELIGIBLE) and a malformed request (INVALID_REQUEST)', async () => {
      const refused = await failureOf(usps.schedule({ ...REQUEST, address: { ...REQUEST.address, zip5: SIMULATOR_INELIGIBLE_ZIP } }));
      expect(refused).toMatchObject({ code: 'NOT_ELIGIBLE', retryable: false, description: SIMULATOR_DESCRIPTIONS.notEligible });
      expect(await failureOf(usps.schedule({ ...REQUEST, address: { ...REQUEST.address, lastName: '' } }))).toMatchObject({ code: 'INVALID_REQUEST', description: 'The last name is required.' });
      expect(await failureOf(usps.schedule({ ...REQUEST, estimatedWeight: 0 }))).toMatchObject({ code: 'INVALID_REQUEST' });
      expect(await failureOf(usps.schedule({ ...REQUEST, packages: [{ serviceType: 'Priority Mail', count: 1.5 }] }))).toMatchObject({ code: 'INVALID_REQUEST' });
    });

    it('tells the carrier of a locker or another place in the instructions (USPS’s OTHER needs them)', async () => {
      expect(await usps.schedule({ ...REQUEST, packageLocation: 'Locker', specialInstructions: 'Box 12' })).toMatchObject({ packageLocation: 'OTHER', specialInstructions: 'Locker: Box 12' });
      expect(await usps.schedule({ ...REQUEST, packageLocation: 'Other', specialInstructions: '' })).toMatchObject({ packageLocation: 'OTHER', specialInstructions: 'Other' });
      expect(await usps.schedule({ ...REQUEST, packageLocation: 'In/At Mailbox', specialInstructions: undefined })).toMatchObject({ packageLocation: 'MAILBOX', specialInstructions: null });
    });
  });

  describe('inquiry, update and cancel', () => {
    it('updates a pickup given its current ETag, which then changes; the spent ETag is refused (412)', async () => {
      const scheduled = await usps.schedule(REQUEST);
      const read = await usps.inquire(scheduled.confirmationNumber);
      expect(read?.eTag).toBe(scheduled.eTag);
      const updated = await usps.update(scheduled.confirmationNumber, read!.eTag!, { ...REQUEST, pickupDate: '2026-11-25', packageLocation: 'Back Door', estimatedWeight: 5 });
      expect(updated).toMatchObject({ confirmationNumber: scheduled.confirmationNumber, pickupDate: '2026-11-25', dayOfWeek: 'Wednesday', packageLocation: 'BACK_DOOR', estimatedWeight: 5 });
      expect(updated.eTag).not.toBe(scheduled.eTag);
      expect(await anotherInstance().inquire(scheduled.confirmationNumber)).toEqual(updated);

      const stale = await failureOf(usps.update(scheduled.confirmationNumber, scheduled.eTag!, REQUEST));
      expect(stale).toMatchObject({ code: 'PRECONDITION_FAILED', retryable: false, description: SIMULATOR_DESCRIPTIONS.staleEtag });
      expect(await failureOf(usps.cancel(scheduled.confirmationNumber, scheduled.eTag!))).toMatchObject({ code: 'PRECONDITION_FAILED' });
      expect((await usps.inquire(scheduled.confirmationNumber))?.pickupDate).toBe('2026-11-25');
    });

    it('cancels a pickup for good: its inquiry answers null, and it can no longer be changed or cancelled', async () => {
      const { confirmationNumber, eTag } = await usps.schedule(REQUEST);
      await usps.cancel(confirmationNumber, eTag!);
      expect(await usps.inquire(confirmationNumber)).toBeNull();
      expect(await anotherInstance().inquire(confirmationNumber)).toBeNull();
      expect(await failureOf(usps.cancel(confirmationNumber, eTag!))).toMatchObject({ code: 'NOT_FOUND', description: SIMULATOR_DESCRIPTIONS.notFound });
      expect(await failureOf(usps.update(confirmationNumber, eTag!, REQUEST))).toMatchObject({ code: 'NOT_FOUND' });
    });

    it('answers null for a confirmation number it never gave, and NOT_FOUND for changing one', async () => {
      expect(await usps.inquire('WTC00000000')).toBeNull();
      expect(await failureOf(usps.update('WTC00000000', 'x', REQUEST))).toMatchObject({ code: 'NOT_FOUND' });
      expect(await failureOf(usps.cancel('nonsense', 'x'))).toMatchObject({ code: 'NOT_FOUND' });
    });

    it('lets an ETag expire an hour after it was handed out; an inquiry hands it out again', async () => {
      const { confirmationNumber, eTag } = await usps.schedule(REQUEST);
      now += HOUR + 1;
      expect(await failureOf(usps.update(confirmationNumber, eTag!, REQUEST))).toMatchObject({ code: 'PRECONDITION_FAILED', description: SIMULATOR_DESCRIPTIONS.expiredEtag });
      const read = await usps.inquire(confirmationNumber);
      expect(read?.eTag).toBe(eTag);
      now += ETAG_LIFETIME_MS;
      await usps.cancel(confirmationNumber, read!.eTag!);
      expect(await usps.inquire(confirmationNumber)).toBeNull();
    });

    it('refuses to change or cancel a pickup whose date has passed, which is still read back', async () => {
      const { confirmationNumber } = await usps.schedule(REQUEST);
      now = Date.parse('2026-11-25T15:00:00Z');
      const read = await usps.inquire(confirmationNumber);
      expect(read?.pickupDate).toBe('2026-11-24');
      expect(await failureOf(usps.cancel(confirmationNumber, read!.eTag!))).toMatchObject({ code: 'INVALID_REQUEST', description: SIMULATOR_DESCRIPTIONS.datePassed });
      expect(await failureOf(usps.update(confirmationNumber, read!.eTag!, { ...REQUEST, pickupDate: '2026-11-26' }))).toMatchObject({ code: 'INVALID_REQUEST' });
    });

    it('lets one of two changes presenting the same ETag at once through, as USPS does', async () => {
      const { confirmationNumber, eTag } = await usps.schedule(REQUEST);
      const results = await Promise.allSettled([
        usps.update(confirmationNumber, eTag!, { ...REQUEST, pickupDate: '2026-11-25' }),
        anotherInstance().update(confirmationNumber, eTag!, { ...REQUEST, pickupDate: '2026-11-27' }),
        anotherInstance().cancel(confirmationNumber, eTag!),
      ]);
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      const refusals = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as UspsError] : []));
      expect(refusals).toHaveLength(2);
      // A loser finds the ETag moved on; when the cancel won, a change that reads the pickup only
      // after it went through finds no pickup (as inquire does), which the order of the three
      // decides (seen on a busy machine: one of each).
      const cancelled = results[2].status === 'fulfilled';
      for (const { code } of refusals) expect(cancelled ? ['PRECONDITION_FAILED', 'NOT_FOUND'] : ['PRECONDITION_FAILED']).toContain(code);
    });
  });

  describe('failures on command', () => {
    it('fails the next call of a step with the code asked, queued in order, then works again', async () => {
      usps.failNext('schedule', 'UNAVAILABLE');
      usps.failNext('schedule', new UspsError('RATE_LIMITED', 'Too many requests.'));
      expect(await failureOf(usps.schedule(REQUEST))).toMatchObject({ code: 'UNAVAILABLE', retryable: true, description: 'Simulated UNAVAILABLE in schedule.' });
      expect(await failureOf(usps.schedule(REQUEST))).toMatchObject({ code: 'RATE_LIMITED', retryable: true, description: 'Too many requests.' });
      expect((await usps.schedule(REQUEST)).confirmationNumber).toMatch(/^WTC/);
      usps.failNext('checkEligibility', 'UNAUTHORIZED');
      expect(await failureOf(usps.checkEligibility(ADDRESS))).toMatchObject({ code: 'UNAUTHORIZED', retryable: false });
      expect((await usps.checkEligibility(ADDRESS)).eligible).toBe(true);
    });

    it('fails after doing it with afterEffect: the cancel happened though its answer was lost', async () => {
      const { confirmationNumber, eTag } = await usps.schedule(REQUEST);
      usps.failNext('cancel', 'UNAVAILABLE', { afterEffect: true });
      expect(await failureOf(usps.cancel(confirmationNumber, eTag!))).toMatchObject({ code: 'UNAVAILABLE' });
      expect(await usps.inquire(confirmationNumber)).toBeNull();
    });

    it('keeps a failure in its store for every server using it (failNextDurably), used once', async () => {
      const { confirmationNumber } = await usps.schedule(REQUEST);
      await usps.failNextDurably('inquire', 'PRECONDITION_FAILED');
      await usps.failNextDurably('inquire', 'RATE_LIMITED');
      const other = anotherInstance();
      expect(await failureOf(other.inquire(confirmationNumber))).toMatchObject({ code: 'RATE_LIMITED', description: 'Simulated RATE_LIMITED in inquire.' });
      expect((await usps.inquire(confirmationNumber))?.confirmationNumber).toBe(confirmationNumber);
      expect((await other.inquire(confirmationNumber))?.confirmationNumber).toBe(confirmationNumber);
    });
  });
});

describe('the USPS pickup simulator’s tables', () => {
  it('refuse a failure for a step the simulator does not have, and a second pickup under one confirmation number', async () => {
    const store = createDatabaseUspsSimulatorStore(database.db);
    await expect(
      database.db.insertInto('usps_simulator_failures').values({ step: 'refund', code: 'UNAVAILABLE', description: 'x', after_effect: 0, created_at: new Date(now).toISOString() }).execute(),
    ).rejects.toThrow();
    const pickup = await createUspsPickupsSimulator({ clock: () => new Date(now), store }).schedule(REQUEST);
    const stored = await store.get(pickup.confirmationNumber);
    expect(stored).toMatchObject({ confirmationNumber: pickup.confirmationNumber, etag: pickup.eTag, etagIssuedAt: new Date(now).toISOString(), cancelled: false });
    expect(await store.insert({ ...stored!, etag: 'other' }, new Date(now))).toBe(false);
    expect((await store.get(pickup.confirmationNumber))?.etag).toBe(pickup.eTag);
  });
});

describe('npm run usps', () => {
  it('makes the next call of a step fail on every server using the database, and shows a pickup', async () => {
    const store = createDatabaseUspsSimulatorStore(database.db);
    const server = createUspsPickupsSimulator({ clock: () => new Date(now), store });
    const command = createUspsPickupsSimulator({ clock: () => new Date(now), store });
    const pickup = await server.schedule({ ...REQUEST, packageLocation: 'Locker', specialInstructions: undefined });
    expect(await uspsCommand({ uspsPickups: command }, ['show', pickup.confirmationNumber])).toBe(
      [
        `${pickup.confirmationNumber}: Tuesday 2026-11-24`,
        '  Jack Sparrow, AIRBOX, 388 TOWNSEND ST APT 20, SAN FRANCISCO, CA 94107',
        '  2 PRIORITY_MAIL; 3.5 lb at OTHER (Locker)',
        `  ETag ${pickup.eTag}`,
      ].join('\n'),
    );
    expect(await uspsCommand({ uspsPickups: command }, ['fail', 'cancel', 'UNAVAILABLE', '--after'])).toBe('The next cancel fails with UNAVAILABLE after it is done.');
    expect(await failureOf(server.cancel(pickup.confirmationNumber, pickup.eTag!))).toMatchObject({ code: 'UNAVAILABLE' });
    expect(await uspsCommand({ uspsPickups: command }, ['show', pickup.confirmationNumber])).toBe(`${pickup.confirmationNumber}: no scheduled pickup (cancelled or unknown).`);
  });

  it('refuses an unknown step, error code or command', async () => {
    const uspsPickups = createUspsPickupsSimulator({ clock: () => new Date(now), store: createDatabaseUspsSimulatorStore(database.db) });
    await expect(uspsCommand({ uspsPickups }, ['fail', 'refund', 'UNAVAILABLE'])).rejects.toThrow(UsageError);
    await expect(uspsCommand({ uspsPickups }, ['fail', 'schedule', 'BROKEN'])).rejects.toThrow(/fail needs an error code/);
    await expect(uspsCommand({ uspsPickups }, ['advance'])).rejects.toThrow(/Usage/);
  });
});
