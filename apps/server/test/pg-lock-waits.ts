import pg from 'pg';

/**
 * Waits until `count` sessions of the watcher's database wait for a row lock (PostgreSQL), read
 * outside any transaction (pg_stat_activity is read once per transaction). Fails when `waiter`,
 * expected to be among them, settles first, and after 5 s.
 */
export async function lockWaits(watcher: pg.Client, count: number, waiter?: Promise<unknown>): Promise<void> {
  let settled = false;
  void waiter?.then(
    () => (settled = true),
    () => (settled = true),
  );
  const deadline = Date.now() + 5000;
  for (;;) {
    const { rows } = await watcher.query<{ n: number }>("select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'");
    if (rows[0]!.n >= count) return;
    if (settled) throw new Error(`it ended without waiting for a lock (${rows[0]!.n} of ${count} waiting)`);
    if (Date.now() > deadline) throw new Error(`${rows[0]!.n} of ${count} sessions waited for a lock after 5 s`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** `count` connections of their own to the test database, outside the app's pool: each holds what a concurrent request would. */
export async function ownConnections(url: string, count: number): Promise<pg.Client[]> {
  const clients = Array.from({ length: count }, () => new pg.Client({ connectionString: url }));
  for (const client of clients) await client.connect();
  return clients;
}
