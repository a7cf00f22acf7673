import { Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.js';
import { migrations } from '../src/db/migrations/index.js';
import { insertFixtureUser } from './fixtures.js';
import { insertShipment } from './shipment-fixtures.js';
import { DIALECT, useTestDb } from './helper.js';

const database = useTestDb({ migrated: false });

describe('migrations', () => {
  it('upgrade a database holding paid orders and their ledger rows without losing or unlinking one', async () => {
    const migrator = new Migrator({ db: database.db, provider: { getMigrations: async () => migrations } });
    const before = await migrator.migrateTo('2026-11-22-0004-ledger');
    expect(before.error).toBeUndefined();
    const { userId } = await insertFixtureUser(database.db, { role_id: 5, status: 1, email: 'migrated@example.com', password: 'DemoPass1', box_id: '9170001' });
    const order = await database.db
      .insertInto('payment_orders')
      .values({
        user_id: userId,
        provider: 'simulator',
        provider_order_id: 'SIMMIGRATED1',
        request_id: 'request-migrated-1',
        plan: 1,
        quantity: 2,
        amount_cents: 598,
        currency: 'USD',
        status: 'captured',
        created_at: '2026-11-22T10:00:00.000Z',
        captured_at: '2026-11-22T10:01:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await database.db
      .insertInto('operations')
      .values({ user_id: userId, op_type: 11, op_timestamp: '2026-11-22T10:01:00.000Z', credits_delta: 2, credits_owed: 0, overtime_days: 0, balance_after: 2, payment_order_id: order.id })
      .execute();

    await migrateToLatest(database.db);

    const orders = await database.db.selectFrom('payment_orders').select(['id', 'status', 'amount_cents', 'provider_order_id']).execute();
    expect(orders).toEqual([{ id: order.id, status: 'captured', amount_cents: 598, provider_order_id: 'SIMMIGRATED1' }]);
    const operation = await database.db.selectFrom('operations').select('payment_order_id').executeTakeFirstOrThrow();
    expect(operation.payment_order_id).toBe(order.id);
    // The new state is allowed, unknown ones are still refused, and new orders get new ids.
    await database.db.updateTable('payment_orders').set({ status: 'capturing' }).where('id', '=', order.id).execute();
    await expect(database.db.updateTable('payment_orders').set({ status: 'approved' as 'created' }).where('id', '=', order.id).execute()).rejects.toThrow();
    // A ledger row may still only name an order that exists.
    await expect(
      database.db.insertInto('operations').values({ user_id: userId, op_type: 11, op_timestamp: '2026-11-22T11:00:00.000Z', credits_delta: 0, credits_owed: 0, overtime_days: 0, balance_after: 2, payment_order_id: order.id + 1000 }).execute(),
    ).rejects.toThrow();
  });

  it('keep one live pickup per shipment, however many quotes it had, and free it once the pickup ends', async () => {
    await migrateToLatest(database.db);
    const { userId } = await insertFixtureUser(database.db, { role_id: 5, status: 1, email: 'pickups-migrated@example.com', password: 'DemoPass1', box_id: '9170002' });
    const shipment = await insertShipment(database.db, userId, { carrier: 'FedEx', service: 'FEDEX_GROUND' });
    const now = new Date().toISOString();
    const pickup = (state: 'quoted' | 'paying' | 'booking' | 'scheduled' | 'canceled', n: number) => ({
      user_id: userId,
      shipment_id: shipment.id,
      carrier: 'FedEx',
      provider: 'simulator',
      state,
      provider_pickup_id: `pickup_migrated_${n}`,
      street1: '1 Main St',
      city: 'San Francisco',
      address_state: 'CA',
      zip: '94105',
      time_zone: 'America/Los_Angeles',
      pickup_date: '2026-11-24',
      created_at: now,
      updated_at: now,
    });
    await database.db.insertInto('pickups').values([pickup('quoted', 1), pickup('quoted', 2), pickup('scheduled', 3), pickup('canceled', 4)]).execute();
    await expect(database.db.insertInto('pickups').values(pickup('booking', 5)).execute()).rejects.toThrow();
    await expect(database.db.updateTable('pickups').set({ state: 'paying' }).where('provider_pickup_id', '=', 'pickup_migrated_1').execute()).rejects.toThrow();
    await database.db.updateTable('pickups').set({ state: 'canceled' }).where('provider_pickup_id', '=', 'pickup_migrated_3').execute();
    await database.db.updateTable('pickups').set({ state: 'paying' }).where('provider_pickup_id', '=', 'pickup_migrated_1').execute();
    await expect(database.db.updateTable('pickups').set({ state: 'unknown' as 'quoted' }).where('provider_pickup_id', '=', 'pickup_migrated_2').execute()).rejects.toThrow();
    const row = await database.db.selectFrom('shipments').select('pickup_note').where('id', '=', shipment.id).executeTakeFirstOrThrow();
    expect(row.pickup_note).toBe('');
  });

  it.runIf(DIALECT === 'postgres')('fail instead of waiting on for a table another session holds, and run once it is let go', async () => {
    const migrator = new Migrator({ db: database.db, provider: { getMigrations: async () => migrations } });
    // The tests before left it at the latest: undone to 0032, the next one alters saved_orders.
    expect((await migrator.migrateTo('2026-12-05-0032-scan-forms')).error).toBeUndefined();
    // A running server's transaction reads saved_orders.
    await database.db.transaction().execute(async (trx) => {
      await trx.selectFrom('saved_orders').select('id').execute();
      // PostgreSQL's lock_not_available.
      await expect(migrateToLatest(database.db)).rejects.toMatchObject({ message: 'Migration 2026-12-05-0033-saved-order-customs failed', cause: { code: '55P03' } });
    });
    const pending = Object.keys(migrations).slice(Object.keys(migrations).indexOf('2026-12-05-0033-saved-order-customs'));
    expect(await migrateToLatest(database.db)).toEqual(pending);
  });
});
