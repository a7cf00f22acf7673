import { describe, expect, it } from 'vitest';
import { compiledQuery } from '../src/db/compiled-query.js';
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
