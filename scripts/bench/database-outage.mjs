/**
 * Bench part `database-outage`: PostgreSQL stopping for 10 s under load. Runs its OWN cluster
 * (initdb in a temp folder as the postgres user, a free port; the shared PostgreSQL is never
 * touched), the built portal on it, and signed-in list calls and writes (contact additions and
 * credit purchases on the payment simulator) from 16 clients. Then `pg_ctl stop -m fast`, 10 s,
 * `pg_ctl start`, while the load goes on. Checks: every failure during the outage is the spec's
 * 503 'Service exception' (never a stack trace, never an HTML page, never a dropped connection),
 * /healthz answers 503 meanwhile, the same portal process answers again by itself once the
 * database is back, and nothing is half-written (crash-writes.mjs checkWrites).
 *
 *   node scripts/bench/run.mjs --only database-outage [--outage 10]
 */
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import { ACCOUNT_BUDGETS } from '@airbox/contract';
import { checkWrites, newWrite, openDatabase, performWrite, signedInCustomers, startServer } from './crash-writes.mjs';
import { ensureDebianPackages, freePort, markdownTable, percentile, sleep } from './lib.mjs';

const PG_BIN = ['/usr/lib/postgresql/15/bin', '/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/17/bin'].find((dir) => existsSync(join(dir, 'initdb')));
const CLIENTS = 16;
const SERVICE_EXCEPTION = { errorcode: -503, message: 'Service exception' };
/** What a stack trace or a framework's error page looks like in a body. */
const LEAK = /\bat [\w.<>]+ \(|node:internal|\/src\/|\.js:\d+|<html|"stack"/i;

/** Runs a PostgreSQL binary as the postgres user (initdb and postgres refuse to run as root). */
function asPostgres(binary, args) {
  const run = spawnSync('runuser', ['-u', 'postgres', '--', join(PG_BIN, binary), ...args], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`${binary} ${args.join(' ')} failed: ${run.stderr || run.stdout}`);
  return run.stdout;
}

/** A throwaway cluster: initdb, start on `port`; stop()/start() for the outage, destroy() at the end. */
function ownCluster(port) {
  const root = mkdtempSync(join(tmpdir(), 'bench-outage-pg-'));
  const data = join(root, 'data');
  mkdirSync(data);
  const { uid, gid } = postgresIds();
  chownSync(root, uid, gid);
  chownSync(data, uid, gid);
  asPostgres('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${data} -c listen_addresses=127.0.0.1 -c max_connections=50`;
  const start = () => asPostgres('pg_ctl', ['-D', data, '-o', options, '-l', join(data, 'server.log'), '-w', '-t', '60', 'start']);
  const stop = () => asPostgres('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    destroy() {
      try {
        stop();
      } catch {
        // already stopped
      }
      rmSync(root, { recursive: true, force: true });
    },
    log: () => readFileSync(join(data, 'server.log'), 'utf8'),
  };
}

function postgresIds() {
  const run = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  return { uid: Number(run.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

export async function run(argv = []) {
  const { values } = parseArgs({ args: argv, options: { outage: { type: 'string' } }, strict: false });
  const outageSeconds = Number(values.outage ?? 10);
  if (!PG_BIN) ensureDebianPackages(['postgresql-15']);
  if (process.getuid?.() !== 0) {
    console.log('database-outage needs root (to run its own cluster as the postgres user): skipped.');
    return true;
  }
  const cluster = ownCluster(await freePort());
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-outage-'));
  const settings = { databaseUrl: cluster.url, dataDir, sessionSecret: randomBytes(32).toString('hex') };
  let portal;
  const problems = [];
  const notes = [];
  try {
    cluster.start();
    portal = await startServer(settings);
    const pid = portal.child.pid;
    const tag = randomBytes(3).toString('hex');
    const customers = await signedInCustomers(settings, portal.base, CLIENTS, tag);

    // The timeline: phase of each call by when it was sent.
    let phase = 'before';
    const calls = [];
    const health = [];
    let stopping = false;
    let writeNo = 0;
    const writes = [];
    const record = async (kind, send) => {
      const sentIn = phase;
      const started = performance.now();
      try {
        const answer = await send();
        calls.push({ kind, phase: sentIn, at: Date.now(), ms: performance.now() - started, ...answer });
      } catch (error) {
        calls.push({ kind, phase: sentIn, at: Date.now(), ms: performance.now() - started, status: 0, body: String(error?.cause?.code ?? error) });
      }
    };
    const list = (c) => async () => {
      const response = await fetch(`${portal.base}/app/v1/getUserShipmentAddress?userId=${c.userId}&page=1&num=10`, { headers: { cookie: c.cookie } });
      return { status: response.status, type: response.headers.get('content-type') ?? '', body: await response.text() };
    };
    const messages = (c) => async () => {
      const response = await fetch(`${portal.base}/app/v1/getUserMessage`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: c.cookie },
        body: JSON.stringify({ start: 0, num: 10, user_id: c.userId }),
      });
      return { status: response.status, type: response.headers.get('content-type') ?? '', body: await response.text() };
    };
    // A write is a whole flow (a contact, or a credit purchase through the simulator); its steps'
    // answers are checked like any call, and the flow's result by checkWrites.
    // A credit purchase opens a checkout: past the account's hourly budget (60) it would be
    // refused with 429, which is the bench's overuse, not the outage's (a fast machine sent 290
    // a customer). Each customer buys in turn with every other, whatever the write's kind (newWrite
    // pairs them by index: half the customers would only ever buy), and one whose budget is spent
    // adds contacts instead. Half of each budget is kept for after the outage, whatever the
    // machine's speed, and two are left spare: a purchase sent during the outage is refused before
    // its budget is taken (the session's lookup fails first) and is not counted, except one that
    // reaches the server only once the database is back.
    const checkoutsSent = new Map();
    const checkoutsAllowed = (sentIn) => (sentIn === 'before' ? ACCOUNT_BUDGETS.checkouts / 2 : ACCOUNT_BUDGETS.checkouts - 2);
    const write = () => async () => {
      const sentIn = phase;
      const w = newWrite(writeNo, customers, tag, ['contact', 'credits']);
      w.customer = customers[Math.floor(writeNo / 2) % customers.length];
      if (w.kind === 'credits' && sentIn !== 'outage') {
        const sent = checkoutsSent.get(w.customer) ?? 0;
        if (sent < checkoutsAllowed(sentIn)) checkoutsSent.set(w.customer, sent + 1);
        else w.kind = 'contact';
      }
      writeNo += 1;
      writes.push(w);
      await performWrite(portal.base, w);
      return { status: w.ok ? 200 : -1, type: 'application/json', body: '', writeKind: w.kind };
    };
    const worker = async (n) => {
      for (let i = 0; !stopping; i += 1) {
        const c = customers[(n + i) % customers.length];
        const kind = ['list', 'messages', 'write'][i % 3];
        await record(kind, kind === 'list' ? list(c) : kind === 'messages' ? messages(c) : write());
        await sleep(20); // a client's pace; also keeps fast failures from spinning
      }
    };
    const healthPoller = async () => {
      while (!stopping) {
        const sentIn = phase;
        const status = await fetch(`${portal.base}/healthz`).then((r) => r.status, () => 0);
        health.push({ phase: sentIn, status, at: Date.now() });
        await sleep(250);
      }
    };
    // Every step of every call is a fetch: keep each failed answer (4xx, 5xx, none) but /healthz's.
    const rawAnswers = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = async (input, init) => {
      const sentIn = phase;
      if (String(input).endsWith('/healthz')) return realFetch(input, init);
      try {
        const response = await realFetch(input, init);
        if (response.status >= 400) {
          const copy = response.clone();
          rawAnswers.push({ phase: sentIn, status: response.status, type: response.headers.get('content-type') ?? '', body: await copy.text() });
        }
        return response;
      } catch (error) {
        rawAnswers.push({ phase: sentIn, status: 0, type: '', body: String(error?.cause?.code ?? error) });
        throw error;
      }
    };

    const load = [...Array.from({ length: CLIENTS }, (_, n) => worker(n)), healthPoller()];
    try {
      await sleep(6000);
      phase = 'outage';
      const stoppedAt = Date.now();
      cluster.stop();
      await sleep(Math.max(0, outageSeconds * 1000 - (Date.now() - stoppedAt)));
      cluster.start();
      const startedAt = Date.now();
      phase = 'after';
      // Recovery: the first signed-in call answered 200 after the database is back.
      let recoveredAt;
      while (!recoveredAt && Date.now() - startedAt < 60_000) {
        recoveredAt = calls.find((c) => c.phase === 'after' && c.status === 200 && c.kind !== 'write')?.at;
        if (!recoveredAt) await sleep(50);
      }
      await sleep(6000);
      stopping = true;
      await Promise.all(load);
      globalThis.fetch = realFetch;

      // The checks.
      const afterRecovery = calls.filter((c) => c.phase === 'after' && recoveredAt && c.at > recoveredAt + 1000 && c.kind !== 'write');
      const failures = rawAnswers;
      const isServiceException = (c) => {
        if (c.status !== 503 || !c.type.startsWith('application/json')) return false;
        try {
          const body = JSON.parse(c.body);
          return body.errorcode === SERVICE_EXCEPTION.errorcode && body.message === SERVICE_EXCEPTION.message;
        } catch {
          return false;
        }
      };
      const otherFailures = failures.filter((c) => !isServiceException(c));
      const leaks = failures.filter((c) => LEAK.test(c.body));
      const dropped = failures.filter((c) => c.status === 0);
      const healthOutage = health.filter((h) => h.phase === 'outage');
      const health503 = healthOutage.filter((h) => h.status === 503).length;
      const stillSameProcess = portal.child.exitCode === null && portal.child.pid === pid;
      const afterFailed = afterRecovery.filter((c) => c.status !== 200).length;
      if (otherFailures.length) problems.push(`${otherFailures.length} failures were not 503 'Service exception': ${[...new Set(otherFailures.map((c) => `${c.status} ${c.body.slice(0, 80)}`))].slice(0, 5).join(' | ')}`);
      if (leaks.length) problems.push(`${leaks.length} answers showed a stack trace or an HTML page`);
      if (dropped.length) problems.push(`${dropped.length} calls got no answer at all`);
      if (health503 === 0) problems.push('/healthz never answered 503 during the outage');
      if (!stillSameProcess) problems.push('the portal process did not survive the outage');
      if (!recoveredAt) problems.push('no signed-in call succeeded within 60 s of the database being back');
      if (afterFailed) problems.push(`${afterFailed} calls failed more than 1 s after the recovery`);

      const db = openDatabase(cluster.url);
      const checked = await checkWrites(db, writes, customers);
      await db.close();
      problems.push(...checked.problems);
      notes.push(...checked.notes);

      const byPhase = (name) => {
        const list = calls.filter((c) => c.phase === name && c.kind !== 'write');
        const ok = list.filter((c) => c.status === 200);
        const ms = ok.map((c) => c.ms).sort((x, y) => x - y);
        const se = list.filter(isServiceException).length;
        return [name, list.length, ok.length, se, list.length - ok.length - se, ok.length ? `${percentile(ms, 50).toFixed(0)} / ${percentile(ms, 99).toFixed(0)}` : '–'];
      };
      const writesIn = (name, kind) => calls.filter((c) => c.phase === name && c.kind === 'write' && (!kind || c.writeKind === kind));
      const okOf = (list) => `${list.filter((c) => c.status === 200).length} of ${list.length}`;
      const writeRows = (name) => [okOf(writesIn(name)), okOf(writesIn(name, 'credits'))];
      // The payment flow after the outage is part of what recovers: it must have been tried.
      if (!writesIn('after', 'credits').some((c) => c.status === 200)) problems.push('no credit purchase was answered ok after the outage');
      console.log(`PostgreSQL (its own cluster) stopped with pg_ctl stop -m fast for ${outageSeconds} s under load from ${CLIENTS} clients (signed-in list calls and writes: contacts, credit purchases on the payment simulator); the portal is never restarted.\n`);
      console.log(
        markdownTable(
          ['Phase', 'List calls', '200', "503 'Service exception'", 'Other failures', 'p50 / p99 of 200s (ms)', 'Writes answered ok', 'of them credit purchases'],
          ['before', 'outage', 'after'].map((name) => [...byPhase(name), ...writeRows(name)]),
        ),
      );
      console.log('');
      const recovery = recoveredAt ? `${((recoveredAt - startedAt) / 1000).toFixed(1)} s after pg_ctl start returned` : 'never';
      console.log(
        markdownTable(
          ['Check', 'Result', 'Target', ''],
          [
            ["Failures that were not 503 'Service exception' (any step of any call)", String(otherFailures.length), '0', otherFailures.length ? 'missed' : 'met'],
            ['Stack traces or HTML pages in answers', String(leaks.length), '0', leaks.length ? 'missed' : 'met'],
            ['Calls with no answer (connection dropped)', String(dropped.length), '0', dropped.length ? 'missed' : 'met'],
            ['/healthz during the outage', `${health503} of ${healthOutage.length} answered 503`, '503', health503 ? 'met' : 'missed'],
            ['Recovery without restarting the portal', `${recovery}; same process: ${stillSameProcess ? 'yes' : 'no'}`, 'by itself', recoveredAt && stillSameProcess ? 'met' : 'missed'],
            ['Calls failing after the recovery (+1 s)', `${afterFailed} of ${afterRecovery.length}`, '0', afterFailed ? 'missed' : 'met'],
            ['Writes answered ok found once', `${checked.found} of ${writes.filter((w) => w.ok).length}`, 'all', checked.found === writes.filter((w) => w.ok).length ? 'met' : 'missed'],
            ['Duplicates / paid, not granted (yet) / ledger mismatches', `${checked.duplicates} / ${checked.halfDone} / ${checked.problems.filter((p) => p.includes('ledger')).length}`, '0 / 0 (or left to a job) / 0', checked.problems.length ? 'missed' : 'met'],
          ],
        ),
      );
    } finally {
      stopping = true;
      globalThis.fetch = realFetch;
      await Promise.allSettled(load);
    }
  } catch (error) {
    problems.push(`the run broke: ${error?.stack ?? error}`);
  } finally {
    await portal?.stop();
    cluster.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
  for (const note of notes) console.log(`- note: ${note}`);
  for (const problem of problems) console.log(`- ${problem}`);
  return problems.length === 0;
}
