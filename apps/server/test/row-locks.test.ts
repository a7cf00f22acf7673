import { describe, expect, it } from 'vitest';
import { lockUser } from '../src/modules/users/users.repository.js';
import { DIALECT, useTestApp, useTestDatabase } from './helper.js';
import { newCustomer } from './ledger-fixtures.js';
import { lockWaits, ownConnections } from './pg-lock-waits.js';

/**
 * The user's row lock on PostgreSQL (SQLite's write transactions run one at a time): it keeps two
 * changes of the customer's credits or records apart, and holds up nothing else. A row that names
 * the user (its foreign key takes FOR KEY SHARE on the user's row) is written beside it: with FOR
 * UPDATE it waited, and a transaction holding a label while inserting one deadlocked with a scan
 * form holding the user and waiting for that label (issue 24).
 */

const database = useTestDatabase();
const t = useTestApp(database);

describe.runIf(DIALECT === 'postgres')('the user row lock (lockUser) on PostgreSQL', () => {
  it('lets a row that names the user be written meanwhile, and keeps a second locker waiting', async () => {
    const customer = await newCustomer(t.app);
    const other = (await ownConnections(database.url(), 1))[0]!;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = t.app.db.transaction().execute(async (trx) => {
      expect((await lockUser(trx, customer.userId))?.user_id).toBe(customer.userId);
      locked();
      await held;
    });
    try {
      await isLocked;
      // Were it to wait, the insert would fail after the 2 s lock timeout.
      await other.query("set lock_timeout = '2s'");
      await other.query('begin');
      const written = await other.query(
        "insert into messages (user_id, carrier, tracking_no, body_html, is_pickup, pickup_code, message_date) values ($1, 'USPS', 'T1', '', 0, '', now()) returning message_id",
        [customer.userId],
      );
      expect(written.rowCount).toBe(1);
      await other.query('rollback');
      // A second lockUser waits for the first, and goes on once it ends.
      const second = t.app.db.transaction().execute(async (trx) => (await lockUser(trx, customer.userId))?.user_id);
      await lockWaits(other, 1, second);
      release();
      expect(await second).toBe(customer.userId);
    } finally {
      release();
      await holder;
      await other.end();
    }
  });
});
