import { describe, expect, it, vi } from 'vitest';
import { compiledQuery } from '../src/db/compiled-query.js';
import { compiledFilteredPage, type FilterValues } from '../src/db/counted-page.js';
import { insertUser } from '../src/modules/users/users.repository.js';
import { useTestDb } from './helper.js';

const database = useTestDb();

const hubsByCity = (db: typeof database.db, city: string, limit: number) =>
  db.selectFrom('hubs').select(['id', 'city']).where('city', '=', city).orderBy('id').limit(limit);

describe('compiledQuery', () => {
  it('answers what the query Kysely builds each time answers, for each call’s values', async () => {
    const { db } = database;
    const hub = (id: string, city: string) => ({ id, business_name: 'Hub', address: '1 Main St', city, state: 'TX', zip_code: '78702', location: null, created_at: '2026-11-27T00:00:00.000Z' });
    await db.insertInto('hubs').values([hub('00000000-0000-4000-8000-000000000001', 'Austin'), hub('00000000-0000-4000-8000-000000000002', 'Austin'), hub('00000000-0000-4000-8000-000000000003', 'Dallas')]).execute();
    const compiled = compiledQuery(2, hubsByCity);
    const cities = await db.selectFrom('hubs').select('city').distinct().execute();
    for (const { city } of [...cities, { city: 'Nowhere' }]) {
      for (const limit of [1, 5]) expect(await compiled(db, city, limit)).toEqual(await hubsByCity(db, city, limit).execute());
    }
  });

  it('refuses a query whose argument JavaScript reads instead of Kysely taking it as a value', async () => {
    const compiled = compiledQuery(1, (db, city: string) => database.db.selectFrom('hubs').select('id').where('city', '=', `${String(city).trim()}`));
    await expect(compiled(database.db, 'Austin')).rejects.toThrow(/argument 0 is not a parameter/);
  });
});

type MessageFilterValues = FilterValues<'carrier' | 'isPickup'>;

/** A user's messages, newest first, narrowed by the filters given: the list as Kysely builds it each time. */
function messagesPage(db: typeof database.db, userId: number, limit: number, offset: number, filters: MessageFilterValues) {
  let base = db.selectFrom('messages').where('user_id', '=', userId);
  if ('carrier' in filters) base = base.where('carrier', '=', filters.carrier as string);
  if ('isPickup' in filters) base = base.where('is_pickup', '=', filters.isPickup as number);
  const counted = base.select((eb) => eb.fn.countAll().as('count'));
  const page = base.select(['message_id', 'carrier', 'is_pickup']).orderBy('message_date', 'desc').orderBy('message_id', 'desc').limit(limit).offset(offset);
  return { counted, page, withCount: page.select(counted.as('total_count')) };
}

describe('compiledFilteredPage', () => {
  it('answers, for every set of filters in any order and each call’s values, what the queries Kysely builds each time answer', async () => {
    const { db } = database;
    const at = '2026-11-27T00:00:00.000Z';
    const user = (email: string, boxId: string) =>
      insertUser(db, { role_id: 1, status: 1, email, password_hash: 'x', box_id: boxId, locker_id: null, notify_by_email: 1, notify_by_text: 0, created_at: at, updated_at: at, activated_at: at });
    const users = [await user('first@example.com', '1000001'), await user('second@example.com', '1000002')];
    const message = (userId: number, index: number) => ({
      user_id: userId,
      carrier: ['USPS', 'UPS', 'FedEx'][index % 3]!,
      tracking_no: `T${index}`,
      body_html: '',
      is_pickup: index % 2,
      pickup_code: '',
      message_date: new Date(Date.parse(at) - index * 60_000).toISOString(),
    });
    await db.insertInto('messages').values(users.flatMap((userId, u) => Array.from({ length: 7 + u * 5 }, (_, index) => message(userId, index)))).execute();

    const compiled = compiledFilteredPage(messagesPage);
    const sets: MessageFilterValues[] = [{}, { carrier: 'UPS' }, { isPickup: 1 }, { carrier: 'USPS', isPickup: 0 }, { isPickup: 1, carrier: 'FedEx' }, { carrier: 'DHL' }, { carrier: 'USPS' }, {}];
    for (const userId of users) {
      for (const filters of sets) {
        for (const [limit, offset] of [[3, 0], [3, 3], [10, 20]] as const) {
          const built = messagesPage(db, userId, limit, offset, filters);
          const expected = { total: Number((await built.counted.execute())[0]!.count), rows: await built.page.execute() };
          const answer = await compiled(db, userId, limit, offset, filters);
          expect({ total: answer.total, rows: answer.rows.map(({ message_id, carrier, is_pickup }) => ({ message_id, carrier, is_pickup })) }).toEqual(expected);
        }
      }
    }
  });

  it('builds a set of filters’ queries once, whatever the values, the names in any order, and leaves out a filter given as undefined', async () => {
    const { db } = database;
    const build = vi.fn(messagesPage);
    const compiled = compiledFilteredPage(build);
    const runAll = (filters: MessageFilterValues) => compiled(db, 1, 10, 0, filters);
    await runAll({ carrier: 'UPS', isPickup: 1 });
    const builds = build.mock.calls.length;
    expect(builds).toBeGreaterThan(0);
    for (const filters of [{ carrier: 'USPS', isPickup: 0 }, { isPickup: 1, carrier: 'FedEx' }, { carrier: 'DHL', isPickup: 1, until: undefined }] as MessageFilterValues[]) await runAll(filters);
    expect(build).toHaveBeenCalledTimes(builds);
    // A filter given as undefined does not narrow: the unfiltered list's set.
    await runAll({ carrier: undefined });
    expect(build.mock.calls.at(-1)![4]).toEqual({});
  });

  it('refuses a filter whose value JavaScript reads instead of Kysely taking it as a value', async () => {
    const compiled = compiledFilteredPage((db, userId, limit, offset, filters: { carrier?: unknown }) =>
      messagesPage(db, userId, limit, offset, { carrier: String(filters.carrier).toUpperCase() }),
    );
    await expect(compiled(database.db, 1, 10, 0, { carrier: 'ups' })).rejects.toThrow(/argument \d is not a parameter/);
  });
});
