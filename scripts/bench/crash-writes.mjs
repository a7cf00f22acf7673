/**
 * Kill -9 during concurrent writes, shared by the bench part (scripts/bench/resilience.mjs, the
 * built server, 500 writes on SQLite and PostgreSQL) and the server test
 * (apps/server/test/crash-recovery.test.ts, the server from source, 100 writes on SQLite).
 *
 * Customers are made with the server's own CLI (user:create) and sign in as a client would. The
 * writes are what a client sends: contact additions (a unique name each), credit purchases
 * (buyMembership, Approve on the payment simulator's page, the portal's return URL) and label
 * purchases (rates, buy, Approve, return) on the carriers simulator. The server is SIGKILLed once
 * a share of the writes were answered, restarted on the same database, and the database is read:
 * every write answered with success is there, none twice, the ledger adds up, SQLite's
 * integrity_check is ok, and the jobs pending at the kill run after the restart.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pLimit from 'p-limit';
import pg from 'pg';
import { PRODUCTION_ON_SIMULATORS, SERVER_DIR, freePort, signIn, sleep, startPortal, waitForHealthy } from './lib.mjs';

export const CUSTOMER_PASSWORD = 'CrashPass1';
/**
 * How to run a server script: the built one (`dist/<name>.js`) or its source with tsx's loader in
 * the same process (`--import tsx`, resolved from apps/server, whose devDependency it is). tsx's
 * command line would run it in a child of its own: a process more to start (about 0.7 s of CPU
 * each), and one that a SIGKILL does not reach.
 */
function scriptCommand(name, fromSource) {
  return [process.execPath, fromSource ? ['--import', 'tsx', `src/${name}.ts`] : [`dist/${name}.js`]];
}

function serverEnv(options, port) {
  return {
    DATABASE_URL: options.databaseUrl,
    MAIL_OUTBOX_DIR: join(options.dataDir, 'outbox'),
    SESSION_SECRET: options.sessionSecret,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // Trackers move only on command: the jobs counted are the writes' own.
    CARRIER_SIMULATOR_STEP_MINUTES: '0',
    ...(options.labelRetryDelaySeconds ? { LABEL_RETRY_DELAY_SECONDS: String(options.labelRetryDelaySeconds) } : {}),
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    LOG_LEVEL: 'error',
    ...options.env,
  };
}

/**
 * Starts the portal, built (lib's startPortal) or from source (tsx src/server.ts), and waits for
 * /healthz. Options: databaseUrl, dataDir, sessionSecret, fromSource.
 */
export async function startServer(options) {
  const port = await freePort();
  const env = serverEnv(options, port);
  if (!options.fromSource) {
    return startPortal({ databaseUrl: options.databaseUrl, dataDir: options.dataDir, sessionSecret: options.sessionSecret, logLevel: 'error', env, port });
  }
  const [command, args] = scriptCommand('server', true);
  const child = spawn(command, args, {
    cwd: SERVER_DIR,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...PRODUCTION_ON_SIMULATORS, PORT: String(port), HOST: '127.0.0.1', ...env },
  });
  const exited = new Promise((done) => child.once('exit', done));
  const ended = (signal) => async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForHealthy(`${base}/healthz`, { child, seconds: 120 });
  } catch (error) {
    await ended('SIGKILL')();
    throw error;
  }
  return { base, port, child, stop: ended('SIGTERM'), kill: ended('SIGKILL') };
}

/** Runs the server's user:create CLI (options as startServer's); answers {user_id, BOXID}. */
export function createCustomer(options, email) {
  const [command, args] = scriptCommand('cli/create-user', options.fromSource);
  return new Promise((done, fail) => {
    const child = spawn(command, [...args, '--email', email, '--password', CUSTOMER_PASSWORD, '--role', '5', '--first-name', 'Crash', '--last-name', 'Test'], {
      cwd: SERVER_DIR,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...PRODUCTION_ON_SIMULATORS, ...serverEnv(options, 8080) },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.on('close', (code) => (code === 0 ? done(JSON.parse(out.trim().split('\n').at(-1))) : fail(new Error(`user:create ${email} exited ${code}: ${err}`))));
  });
}

/** Reads the portal's database directly: `?` placeholders on both. */
export function openDatabase(databaseUrl) {
  if (databaseUrl.startsWith('postgres')) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    return {
      all: async (text, params = []) => {
        let n = 0;
        return (await pool.query(text.replace(/\?/g, () => `$${(n += 1)}`), params)).rows;
      },
      integrity: async () => 'n/a',
      close: () => pool.end(),
    };
  }
  const db = new SqliteDatabase(databaseUrl.slice('sqlite:'.length));
  db.pragma('busy_timeout = 5000');
  return {
    all: async (text, params = []) => db.prepare(text).all(...params),
    integrity: async () => db.pragma('integrity_check', { simple: true }),
    close: async () => db.close(),
  };
}

const FROM = { firstName: 'Casey', lastName: 'Customer', company: '', address1: '1 Main St', address2: '', city: 'San Francisco', state: 'CA', zipcode: '94105', phone: '415-555-0101', email: '', residential: false };
const TO = { firstName: 'Maria', lastName: 'Lopez', company: '', address1: '55 Elm St', address2: '', city: 'Portland', state: 'OR', zipcode: '97201', phone: '503-555-0199', email: '', residential: true };
const PARCEL = { length: 12, width: 10, height: 6, weightLb: 2, weightOz: 8 };
const CONTACT = { firstName: 'Maria', lastName: 'Lopez', company: '', address1: '55 Elm St', address2: '', city: 'Portland', state: 'OR', country: 'USA', zipcode: '97201', email: '', phone: '503-555-0199', residential: true };

/** A client of one portal; every call throws on a connection failure (the server was killed). */
function client(base) {
  const json = async (path, body, cookie) => {
    const response = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });
    return { status: response.status, body: await response.json().catch(() => undefined) };
  };
  const redirect = async (path, init) => {
    const response = await fetch(new URL(path, base), { ...init, redirect: 'manual' });
    await response.arrayBuffer();
    return { status: response.status, location: response.headers.get('location') ?? '' };
  };
  /** Approve on the payment simulator's page, then follow the provider's redirect to the portal's return. */
  const payAndReturn = async (redirectURL, cookie) => {
    const token = new URL(redirectURL).searchParams.get('token');
    const approved = await redirect('/app/v1/payments/simulator/approve', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token }).toString(),
    });
    if (approved.status !== 303) return { token, ok: false };
    const returned = await redirect(approved.location, { headers: { cookie } });
    return { token, ok: returned.status === 303 && new URL(returned.location, base).pathname === '/app/paySuccess' };
  };
  return { json, payAndReturn };
}

/** `count` customers made with the CLI and signed in on `base`: {email, userId, cookie}. */
export async function signedInCustomers(options, base, count, tag) {
  const customers = [];
  for (let i = 0; i < count; i += 1) {
    const email = `crash-${tag}-${i}@example.com`;
    const { user_id: userId } = await createCustomer(options, email);
    customers.push({ email, userId, cookie: await signIn(base, { name: email, password: CUSTOMER_PASSWORD }) });
  }
  return customers;
}

export const WRITE_KINDS = ['contact', 'credits', 'label'];

/** Write number `i` of `kinds` in turn over the customers: what performWrite sends and checkWrites looks for. */
export function newWrite(i, customers, tag, kinds = WRITE_KINDS) {
  return {
    i,
    kind: kinds[i % kinds.length],
    customer: customers[i % customers.length],
    marker: `crash${tag}n${i}`, // letters and digits: a contact name keeps only those
    quantity: 1 + (i % 4),
    ok: false,
    sent: false,
  };
}

const clients = new Map();
/**
 * Sends one write to the portal at `base` as a client would; sets write.ok when it was answered
 * with success (for a purchase: the payment return led to paySuccess). Throws when the server
 * does not answer at all.
 */
export async function performWrite(base, write) {
  if (!clients.has(base)) clients.set(base, client(base));
  write.sent = true;
  return perform(clients.get(base), write);
}

/** One write of `kind` for customer `c`; fills `write` with what it sent and whether it was answered with success. */
async function perform(api, write) {
  const { customer: c } = write;
  if (write.kind === 'contact') {
    const answer = await api.json('/app/v1/addUserShipmentAddress', { ...CONTACT, name: write.marker, user_id: c.userId }, c.cookie);
    write.ok = answer.status === 200 && answer.body?.errorcode === 1;
    return;
  }
  if (write.kind === 'credits') {
    const answer = await api.json('/app/v1/buyMembership', { userID: c.userId, number: write.quantity, plan: 1 }, c.cookie);
    if (answer.body?.errorcode !== 1) return;
    const paid = await api.payAndReturn(answer.body.redirectURL, c.cookie);
    write.token = paid.token;
    write.ok = paid.ok;
    return;
  }
  const rated = await api.json('/app/v1/labelPurchase/rates', { from: FROM, to: TO, parcel: PARCEL, insuredValue: 0, comments: write.marker }, c.cookie);
  const rate = rated.body?.data?.rates?.find((r) => r.carrier === 'USPS');
  if (rated.body?.errorcode !== 0 || !rate) return;
  write.draftId = rated.body.data.draftId;
  const bought = await api.json('/app/v1/labelPurchase/buy', { draftId: write.draftId, rateId: rate.rateId }, c.cookie);
  if (bought.body?.errorcode !== 1) return;
  const paid = await api.payAndReturn(bought.body.redirectURL, c.cookie);
  write.token = paid.token;
  write.ok = paid.ok;
}

/**
 * What the database holds of one write: `copies` (0 lost, 2+ twice), `captured` payment orders,
 * and `halfDone` when its payment was captured but what it paid for is not (fully) there.
 */
async function copiesOf(db, write) {
  const c = write.customer;
  if (write.kind === 'contact') {
    const [row] = await db.all('select count(*) as n from contacts where user_id = ? and name = ?', [c.userId, write.marker]);
    return { copies: Number(row.n) };
  }
  if (!write.token) return { copies: 0 };
  const orders = await db.all('select id, status from payment_orders where provider_order_id = ?', [write.token]);
  const captured = orders.filter((o) => o.status === 'captured');
  const [simulated] = await db.all('select status from payment_simulator_orders where id = ?', [write.token]);
  // Money the payment simulator took that the portal never recorded: taken for nothing.
  if (simulated?.status === 'COMPLETED' && !orders.some((o) => o.status === 'captured' || o.status === 'refunded')) {
    return { copies: 0, captured: 0, halfDone: true, state: orders[0]?.status, why: `captured by the provider, ${orders[0]?.status ?? 'no order'} in the portal` };
  }
  if (captured.length !== 1) return { copies: captured.length, captured: captured.length, why: `${captured.length} captured payment orders` };
  const [ledger] = await db.all('select count(*) as n from operations where payment_order_id = ?', [captured[0].id]);
  if (write.kind === 'credits') return { copies: Number(ledger.n), captured: 1, halfDone: Number(ledger.n) !== 1, why: `${ledger.n} ledger rows` };
  const [shipment] = await db.all('select state, provider_shipment_id from shipments where id = ? and user_id = ?', [write.draftId, c.userId]);
  if (!shipment || shipment.state !== 'bought') {
    // Paid, then the carrier's purchase or its recording was cut off: the label-purchase job finishes it later.
    return { copies: 0, captured: 1, halfDone: shipment?.state !== 'failed', state: shipment?.state, why: `shipment ${shipment?.state ?? 'missing'}` };
  }
  const [labels] = await db.all('select count(*) as n from shipment_labels where shipment_id = ?', [write.draftId]);
  const [invoices] = await db.all('select count(*) as n from invoices where shipment_id = ?', [write.draftId]);
  const [trackers] = await db.all("select count(*) as n from carrier_simulator_objects where kind = 'tracker' and data like ?", [`%"shipmentId":"${shipment.provider_shipment_id}"%`]);
  const counts = [Number(ledger.n), Number(invoices.n), Number(trackers.n), Number(labels.n) / 2];
  const whole = counts.every((n) => n === counts[0]);
  const copies = whole ? counts[0] : Math.max(...counts) > 1 ? Math.max(...counts) : 0;
  return { copies, captured: 1, halfDone: !whole, why: `ledger ${ledger.n}, invoices ${invoices.n}, carrier purchases ${trackers.n}, label files ${labels.n}` };
}

/**
 * Reads back `writes` (after performWrite) from the portal's database: every write answered ok
 * is there (found), none twice, nothing paid for and not delivered, and each customer's credits
 * are the sum of their ledger. A label paid whose purchase is still 'buying' counts as
 * half-written only with `buyingIsDone` (its label-purchase job had time to run).
 */
export async function checkWrites(db, writes, customers, { buyingIsDone = true } = {}) {
  const problems = [];
  const notes = [];
  let found = 0;
  let duplicates = 0;
  let halfDone = 0;
  for (const write of writes) {
    const { copies, why, ...held } = await copiesOf(db, write);
    if (held.halfDone) {
      halfDone += 1;
      // A job finishes these later: the label-purchase job (2 min), the interrupted-captures job (every 5 min, orders 2 min old).
      const jobWillFinish = held.state === 'capturing' || (!buyingIsDone && held.state === 'buying');
      (jobWillFinish ? notes : problems).push(`${jobWillFinish ? 'paid, its job not run yet' : 'half-written'}: ${write.kind} #${write.i} (${why})`);
    }
    if (write.ok && copies >= 1) found += 1;
    if (write.ok && copies === 0) problems.push(`lost: ${write.kind} #${write.i} was answered ok (${why ?? 'not found'})`);
    if (copies > 1) {
      duplicates += 1;
      problems.push(`twice: ${write.kind} #${write.i} (${why ?? `${copies} copies`})`);
    }
  }
  for (const c of customers) {
    const [user] = await db.all('select credits from users where user_id = ?', [c.userId]);
    const [sum] = await db.all('select coalesce(sum(credits_delta), 0) as n from operations where user_id = ?', [c.userId]);
    if (Number(user.credits) !== Number(sum.n)) problems.push(`${c.email}: credits ${user.credits}, ledger says ${sum.n}`);
  }
  return { found, duplicates, halfDone, problems, notes };
}

/**
 * The whole run. Options: databaseUrl, dataDir (outbox), writes (500), customers (8),
 * concurrency (50), killAfter (share of writes answered before the kill, 0.4), fromSource (the
 * server from TypeScript source through tsx instead of dist), jobsSeconds (how long to wait for
 * the pending jobs after the restart, 120), laterJobsSeconds (also wait for the jobs due that
 * much later, 0), labelRetryDelaySeconds (the server's LABEL_RETRY_DELAY_SECONDS, when given).
 * Answers the figures and a list of problems (empty
 * when nothing was lost, doubled or left undone).
 */
export async function crashDuringWrites(options) {
  const { writes: total = 500, customers: customerCount = 8, concurrency = 50, killAfter = 0.4, jobsSeconds = 120, laterJobsSeconds = 0 } = options;
  const settings = { ...options, sessionSecret: randomBytes(32).toString('hex') };
  const problems = [];
  let portal = await startServer(settings);
  const customers = [];
  try {
    const tag = randomBytes(3).toString('hex');
    customers.push(...(await signedInCustomers(settings, portal.base, customerCount, tag)));
    const kinds = WRITE_KINDS;
    const writes = Array.from({ length: total }, (_, i) => newWrite(i, customers, tag));

    // Fire them all, at most `concurrency` at a time, and kill the server once enough succeeded.
    let answeredOk = 0;
    const okByKind = { contact: 0, credits: 0, label: 0 };
    let killed;
    let markKilled;
    const killedNow = new Promise((done) => (markKilled = done));
    const killAt = Math.max(1, Math.floor(total * killAfter));
    const limit = pLimit(concurrency);
    const runs = writes.map((write) =>
      limit(async () => {
        if (killed) return;
        try {
          await performWrite(portal.base, write);
        } catch {
          write.ok = false; // no answer: the server was killed under it
        }
        if (write.ok) {
          answeredOk += 1;
          okByKind[write.kind] += 1;
        }
        // In the middle: once killAfter of the writes and a tenth of that of each kind were answered ok.
        if (write.ok && !killed && answeredOk >= killAt && kinds.every((kind) => okByKind[kind] >= Math.ceil(killAt / 10))) {
          killed = { inFlight: limit.activeCount, at: new Date() };
          await portal.kill();
          markKilled();
        }
      }),
    );
    await Promise.race([Promise.all(runs), killedNow]);
    if (!killed) {
      problems.push(`the server was not killed: only ${answeredOk} writes were answered ok`);
      killed = { inFlight: 0, at: new Date() };
      await portal.kill();
    }
    await Promise.all(runs);
    const sent = writes.filter((w) => w.sent).length;

    // The database as the killed server left it: integrity, and the jobs it had not run.
    const db = openDatabase(settings.databaseUrl);
    const integrity = await db.integrity();
    if (integrity !== 'ok' && integrity !== 'n/a') problems.push(`integrity_check: ${integrity}`);
    const dueBy = new Date(Date.now() + 5000 + laterJobsSeconds * 1000).toISOString();
    const pendingRows = await db.all("select id, status, run_at, locked_until from jobs where status in ('queued', 'running')");
    const isDue = (row) => new Date(row.run_at).toISOString() <= dueBy;
    const pending = pendingRows.filter((row) => row.status === 'queued' && isDue(row)).map((row) => row.id);
    const runningAtKill = pendingRows.filter((row) => row.status === 'running').length;
    const laterAtKill = pendingRows.filter((row) => row.status === 'queued' && !isDue(row)).length;

    // Restart on the same database; the jobs pending at the kill run by themselves.
    portal = await startServer(settings);
    const jobsDeadline = Date.now() + (jobsSeconds + laterJobsSeconds) * 1000;
    let left = pending;
    let failedJobs = [];
    while (left.length > 0 && Date.now() < jobsDeadline) {
      const rows = await db.all(`select id, status from jobs where id in (${left.map(() => '?').join(',') || 'null'})`, left);
      failedJobs = rows.filter((row) => row.status === 'failed').map((row) => row.id);
      left = rows.filter((row) => row.status === 'queued' || row.status === 'running').map((row) => row.id);
      if (left.length > 0) await sleep(250);
    }
    if (left.length > 0) problems.push(`${left.length} of the ${pending.length} jobs pending at the kill had not run ${jobsSeconds + laterJobsSeconds} s after the restart`);
    if (failedJobs.length > 0) problems.push(`${failedJobs.length} jobs pending at the kill failed after the restart`);

    const checked = await checkWrites(db, writes, customers, { buyingIsDone: laterJobsSeconds > 0 });
    problems.push(...checked.problems);
    const notes = checked.notes;
    // Still a working server: a signed-in read answers.
    const read = await fetch(`${portal.base}/app/v1/getUserShipmentAddress?userId=${customers[0].userId}&page=1&num=10`, { headers: { cookie: customers[0].cookie } });
    if (read.status !== 200) problems.push(`after the restart a signed-in read answered ${read.status}`);
    await db.close();
    return {
      sent,
      answeredOk: writes.filter((w) => w.ok).length,
      byKind: Object.fromEntries(kinds.map((k) => [k, writes.filter((w) => w.kind === k && w.ok).length])),
      inFlightAtKill: killed.inFlight,
      found: checked.found,
      duplicates: checked.duplicates,
      halfDone: checked.halfDone,
      integrity,
      pendingAtKill: pending.length,
      pendingRun: pending.length - left.length - failedJobs.length,
      runningAtKill,
      laterAtKill,
      problems,
      notes,
    };
  } finally {
    await portal.stop();
  }
}
