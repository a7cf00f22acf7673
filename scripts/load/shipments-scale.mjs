#!/usr/bin/env node
/**
 * How Purchased Labels (GET /app/v1/userGetShipment) fares as the shipments table grows. For each
 * size (10k and 1M labels by default) it starts the built server (apps/server/dist, `npm run
 * build` first) on a new SQLite database with the demo data, fills the table with that many
 * labels spread over customers of 100 labels each (the demo customer included), restarts the
 * server and measures with autocannon, signed in as the demo customer:
 *   the first page (10 rows, newest first);
 *   a search in the comments (a contains filter no index serves);
 *   a search by tracking number.
 * Prints one Markdown table: req/s, p50 and p99 per size, and the big size's p50 and req/s next
 * to the small one's.
 *
 *   node scripts/load/shipments-scale.mjs [--sizes 10000,1000000] [--seconds 10] [--connections 10]
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const serverDir = resolve(import.meta.dirname, '../../apps/server');
const Database = createRequire(join(serverDir, 'package.json'))('better-sqlite3');

const { values: args } = parseArgs({
  options: {
    sizes: { type: 'string', default: '10000,1000000' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
  },
});
const LABELS_PER_CUSTOMER = 100;
const DEMO = { name: 'demo@example.com', password: 'DemoPass1' };

function freePort() {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });
}

async function startServer(databaseFile, dir) {
  const port = await freePort();
  const child = spawn(process.execPath, ['dist/server.js'], {
    cwd: serverDir,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: `sqlite:${databaseFile}`,
      MAIL_OUTBOX_DIR: join(dir, 'outbox'),
      SESSION_SECRET: randomBytes(32).toString('hex'),
      SEED_DEMO_DATA: 'true',
      JOB_WORKER: 'false',
      LOG_LEVEL: 'warn',
    },
  });
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (await fetch(`${base}/healthz`).then((r) => r.ok, () => false)) return { base, child };
    await new Promise((done) => setTimeout(done, 100));
  }
  child.kill();
  throw new Error('the server did not answer /healthz within 60 s');
}

async function stopServer(child) {
  child.kill('SIGTERM');
  await new Promise((done) => child.once('exit', done));
}

/** Customers of 100 labels each, until the table holds `size` labels; the demo customer gets 100 too. */
function fill(databaseFile, size) {
  const db = new Database(databaseFile);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const demo = db.prepare('select user_id from users where email = ?').get(DEMO.name);
  const customers = Math.ceil(size / LABELS_PER_CUSTOMER) - 1;
  const started = Date.now();
  db.transaction(() => {
    db.prepare(
      `with recursive n(i) as (select 1 union all select i + 1 from n where i < ?)
       insert into users (role_id, status, email, password_hash, box_id, created_at, updated_at)
       select role_id, status, 'scale' || i || '@example.com', password_hash, printf('%07d', 3000000 + i), created_at, updated_at
       from n, (select * from users where user_id = ?)`,
    ).run(customers, demo.user_id);
    db.prepare(
      `with recursive n(i) as (select 0 union all select i + 1 from n where i < ? - 1)
       insert into shipments (user_id, order_no, box_id, state, provider, provider_shipment_id, carrier, service,
         rate_cents, retail_cents, total_cents, tracking_code, tracker_status, comments,
         length_in, width_in, height_in, weight_oz, created_at, updated_at, bought_at,
         from_first_name, from_address1, from_city, from_state, from_zipcode, from_phone,
         to_first_name, to_address1, to_city, to_state, to_zipcode, to_phone)
       select
         case when i < ${LABELS_PER_CUSTOMER} then ? else (select max(user_id) from users) - (i / ${LABELS_PER_CUSTOMER}) + 1 end,
         'SC' || printf('%09d', i), '1234567', 'bought', 'simulator', 'shp_scale_' || i,
         case i % 3 when 0 then 'USPS' when 1 then 'UPS' else 'FedEx' end, 'Priority',
         758, 935, 758, '9400' || printf('%018d', i), case i % 4 when 0 then '' when 1 then 'in_transit' else 'delivered' end,
         case i % 10 when 0 then 'gift for a friend' else '' end,
         10, 8, 4, 32,
         strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (i % 300) || ' minutes'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'),
         'Ada', '500 Grand Ave', 'Oakland', 'CA', '94610', '5105550142',
         'Sam', '1 Market St', 'San Francisco', 'CA', '94105', '4155550100'
       from n`,
    ).run(size, demo.user_id);
  })();
  db.exec('analyze');
  const total = db.prepare('select count(*) as count from shipments').get().count;
  db.close();
  return { total, seconds: (Date.now() - started) / 1000 };
}

async function signIn(base) {
  const response = await fetch(`${base}/app/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  });
  const body = await response.json();
  const session = response.headers.getSetCookie().find((c) => /session=[^;]/.test(c));
  if (!session) throw new Error(`no session cookie: ${response.status}`);
  return { cookie: session.split(';', 1)[0], userId: body.user[0].user_id };
}

const QUERIES = [
  { name: 'first page', query: {} },
  { name: 'comments contain "gift"', query: { comments: 'gift' } },
  { name: 'tracking number', query: { trackingNum: '9400000000000000000050' } },
];

const results = [];
for (const size of args.sizes.split(',').map(Number)) {
  const dir = mkdtempSync(join(tmpdir(), 'airbox-scale-'));
  const databaseFile = join(dir, 'scale.db');
  try {
    await stopServer((await startServer(databaseFile, dir)).child); // migrated and seeded
    const filled = fill(databaseFile, size);
    console.error(`${size}: ${filled.total} labels in the table, filled in ${filled.seconds} s`);
    const { base, child } = await startServer(databaseFile, dir);
    try {
      const { cookie, userId } = await signIn(base);
      for (const { name, query } of QUERIES) {
        const search = new URLSearchParams({ user_id: String(userId), start: '0', num: '10', ...query });
        const url = `${base}/app/v1/userGetShipment?${search}`;
        const check = await fetch(url, { headers: { cookie } }).then((r) => r.json());
        if (check.errorcode !== 0) throw new Error(`${name}: ${JSON.stringify(check).slice(0, 200)}`);
        await autocannon({ url, headers: { cookie }, connections: Number(args.connections), duration: 2 });
        const run = await autocannon({ url, headers: { cookie }, connections: Number(args.connections), duration: Number(args.seconds) });
        results.push({ size, name, total: check.data.total, rps: Math.round(run.requests.average), p50: run.latency.p50, p99: run.latency.p99, non2xx: run.non2xx });
      }
    } finally {
      await stopServer(child);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log(`\nGET /app/v1/userGetShipment, SQLite, ${args.connections} connections, ${args.seconds} s each, the demo customer's ${LABELS_PER_CUSTOMER} labels among the table's\n`);
console.log('| labels in the table | query | matches | req/s | p50 ms | p99 ms | non-2xx |');
console.log('|---|---|---|---|---|---|---|');
for (const r of results) console.log(`| ${r.size} | ${r.name} | ${r.total} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.non2xx} |`);
const sizes = [...new Set(results.map((r) => r.size))];
if (sizes.length === 2) {
  console.log('\n| query | req/s ratio (big/small) | p50 ratio (big/small) |');
  console.log('|---|---|---|');
  for (const { name } of QUERIES) {
    const [small, big] = sizes.map((size) => results.find((r) => r.size === size && r.name === name));
    console.log(`| ${name} | ${(big.rps / small.rps).toFixed(2)} | ${(big.p50 / Math.max(small.p50, 1)).toFixed(2)} |`);
  }
}
