/**
 * `npm run bench -- --scale`: two portals on one PostgreSQL and one Redis behind HAProxy (from
 * Debian, round robin, health-checked on /healthz), and what that must keep true:
 *
 *   - a session made through one instance is honoured by the other (and ended on both);
 *   - per-address rate limits are counted across both instances (Redis);
 *   - login failures lock an address out at the same count whichever instance gets each try;
 *   - each tick of every recurring job is enqueued once and run once;
 *   - throughput of the signed-in message list through the balancer, one instance vs two.
 *
 * It creates its own database (bench_scale_<pid>, dropped at the end) and uses its own Redis
 * database (REDIS_DB, default 5; only the portal's `airbox:` keys in it are deleted, before and
 * after). Options: --duration <s> (autocannon, default 10), --connections <n> (default 50).
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import pg from 'pg';
import { DEMO, SERVER_DIR, ensureDebianPackages, freePort, markdownTable, sleep, startPortal } from './lib.mjs';

const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_DB = Number(process.env.BENCH_REDIS_DB ?? 5);
/** Low limits, so that exceeding them takes a few calls. */
const RATE_LIMIT_PER_MINUTE = 30;
const LOGIN_FAILURES_PER_HOUR = 5;
/** Every recurring job, as the built server's one list of jobs names them (npm run bench builds first). */
const { RECURRING_JOBS } = await import(pathToFileURL(join(SERVER_DIR, 'dist/jobs/registry.js')).href);
const RECURRING = RECURRING_JOBS.map((job) => job.name);

/** The HAProxy configuration: `portals` balances both instances, `one` sends everything to the first. */
export function haproxyConfig({ port, onePort, servers }) {
  const backend = (name, list) => [
    `backend ${name}`,
    '  balance roundrobin',
    '  option httpchk GET /healthz',
    '  http-check expect status 200',
    '  # Which instance answered (for the bench; leave it out in production).',
    '  http-response set-header X-Served-By %s',
    ...list.map(([server, address]) => `  server ${server} ${address} check inter 2s fall 2 rise 1`),
  ];
  return [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  option http-keep-alive',
    '  timeout connect 5s',
    '  timeout client 60s',
    '  timeout server 60s',
    'frontend portal',
    `  bind 127.0.0.1:${port}`,
    "  # The client's address as HAProxy saw it, replacing any X-Forwarded-For the client sent:",
    '  # with TRUST_PROXY=true the portals take the client address from this header.',
    '  http-request set-header X-Forwarded-For %[src]',
    '  default_backend portals',
    'frontend one',
    `  bind 127.0.0.1:${onePort}`,
    '  http-request set-header X-Forwarded-For %[src]',
    '  default_backend one',
    ...backend('portals', servers),
    ...backend('one', servers.slice(0, 1)),
    '',
  ].join('\n');
}

async function deleteOurRedisKeys(redis) {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', 'airbox:*', 'COUNT', 1000);
    if (keys.length) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
}

/** POSTs a form (or JSON) body and returns status, served-by and the parsed answer. */
async function post(base, path, body, { cookie, json = false } = {}) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': json ? 'application/json' : 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
    body: json ? JSON.stringify(body) : new URLSearchParams(body).toString(),
  });
  const text = await response.text();
  let answer;
  try {
    answer = JSON.parse(text);
  } catch {
    answer = text;
  }
  return { status: response.status, servedBy: response.headers.get('x-served-by'), answer, response };
}

async function login(base, credentials) {
  const result = await post(base, '/app/v1/login', credentials);
  const cookie = result.response.headers
    .getSetCookie()
    .map((c) => c.split(';', 1)[0])
    .filter((c) => !c.endsWith('='))
    .join('; ');
  return { ...result, cookie, userId: result.answer?.user?.[0]?.user_id };
}

async function waitFor(what, condition, seconds = 30) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (await condition().catch(() => false)) return;
    await sleep(200);
  }
  throw new Error(`${what}: not within ${seconds} s`);
}

function load(url, { cookie, userId, duration, connections }) {
  return autocannon({
    url: `${url}/app/v1/getUserMessage`,
    method: 'POST',
    connections,
    duration,
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ user_id: userId, start: 0, num: 10 }),
  });
}

export async function run(argv = []) {
  const { values: args } = parseArgs({
    args: argv,
    options: { duration: { type: 'string', default: '10' }, connections: { type: 'string', default: '50' } },
    strict: false,
  });
  const duration = Number(args.duration);
  const connections = Number(args.connections);
  ensureDebianPackages(['haproxy'], { command: '/usr/sbin/haproxy' });
  const haproxyVersion = spawnSync('/usr/sbin/haproxy', ['-v'], { encoding: 'utf8' }).stdout.split('\n')[0];

  const dir = mkdtempSync(join(tmpdir(), 'airbox-scale-'));
  const dbName = `bench_scale_${process.pid}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const databaseUrl = `${PG_ADMIN_URL.replace(/\/[^/]*$/, '')}/${dbName}`;
  const redisUrl = `redis://127.0.0.1:6379/${REDIS_DB}`;
  const redis = new Redis(redisUrl);
  await deleteOurRedisKeys(redis);

  const checks = [];
  const check = (name, ok, detail) => {
    checks.push([name, ok ? 'ok' : 'FAILED', detail]);
    console.log(`${ok ? 'ok' : 'FAILED'}: ${name}: ${detail}`);
  };
  const portals = [];
  let haproxy;
  let db;
  try {
    const lbPort = await freePort();
    const onePort = await freePort();
    const lb = `http://127.0.0.1:${lbPort}`;
    const sessionSecret = randomBytes(32).toString('hex');
    const env = {
      REDIS_URL: redisUrl,
      TRUST_PROXY: 'true',
      PUBLIC_URL: lb,
      SEED_DEMO_DATA: 'true',
      AUTH_RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT_PER_MINUTE),
      LOGIN_FAILURES_PER_HOUR: String(LOGIN_FAILURES_PER_HOUR),
    };
    // One after the other: the first migrates and seeds the empty database.
    for (const name of ['a', 'b']) {
      portals.push(await startPortal({ databaseUrl, dataDir: join(dir, name), sessionSecret, env }));
    }
    const [a, b] = portals;
    const configFile = join(dir, 'haproxy.cfg');
    writeFileSync(configFile, haproxyConfig({ port: lbPort, onePort, servers: [['a', `127.0.0.1:${a.port}`], ['b', `127.0.0.1:${b.port}`]] }));
    haproxy = spawn('/usr/sbin/haproxy', ['-db', '-f', configFile], { stdio: ['ignore', 'ignore', 'inherit'] });
    // Both instances up in the balancer: consecutive calls are answered by each.
    await waitFor('both instances in the balancer', async () => {
      const servedBy = new Set();
      for (let i = 0; i < 4; i++) servedBy.add((await fetch(`${lb}/healthz`)).headers.get('x-served-by'));
      return servedBy.has('a') && servedBy.has('b');
    });

    // 1. Sessions live in the database: made through one instance, honoured (and ended) by both.
    const signedIn = await login(a.base, DEMO);
    const profileOn = async (portal, cookie, userId) => post(portal.base, '/app/v1/getUserByUser_id', { user_id: String(userId) }, { cookie });
    const onA = await profileOn(a, signedIn.cookie, signedIn.userId);
    const onB = await profileOn(b, signedIn.cookie, signedIn.userId);
    check(
      'a session made on instance a is honoured by instance b',
      onA.status === 200 && onB.status === 200 && onB.answer?.users?.[0]?.Email === DEMO.name,
      `getUserByUser_id with a's cookie: a ${onA.status}, b ${onB.status} (${onB.answer?.users?.[0]?.Email ?? 'no user'})`,
    );
    const loggedOut = await post(b.base, '/app/v1/logout', { user_id: String(signedIn.userId) }, { cookie: signedIn.cookie });
    const afterOnA = await profileOn(a, signedIn.cookie, signedIn.userId);
    check(
      'a logout on instance b ends the session on instance a',
      loggedOut.status === 200 && afterOnA.status === 401,
      `logout on b: ${loggedOut.status}; then getUserByUser_id on a: ${afterOnA.status}`,
    );

    // 2. Rate limits in Redis: checkUser (AUTH_RATE_LIMIT_PER_MINUTE per address) through the balancer.
    const answered = { a: 0, b: 0 };
    let firstRefused;
    const tries = RATE_LIMIT_PER_MINUTE + 4;
    for (let i = 1; i <= tries; i++) {
      const result = await post(lb, '/app/v1/checkUser', { email: `nobody-${i}@example.com` });
      if (result.status === 429) firstRefused ??= { call: i, servedBy: result.servedBy };
      else if (!firstRefused) answered[result.servedBy] = (answered[result.servedBy] ?? 0) + 1;
    }
    check(
      'the rate limit is counted across both instances',
      firstRefused?.call === RATE_LIMIT_PER_MINUTE + 1 && answered.a > 0 && answered.b > 0,
      `limit ${RATE_LIMIT_PER_MINUTE}/min per address; through the balancer ${answered.a} answered by a and ${answered.b} by b, ` +
        `then 429 from call ${firstRefused?.call ?? 'never'} (by ${firstRefused?.servedBy ?? '-'}); unshared counts would allow ${2 * RATE_LIMIT_PER_MINUTE}`,
    );

    // 3. Login failures in Redis: alternating instances locks out at the same count as one instance.
    const suffix = randomBytes(4).toString('hex');
    async function lockedAfter(instances, email) {
      for (let i = 1; i <= LOGIN_FAILURES_PER_HOUR + 3; i++) {
        const result = await post(instances[(i - 1) % instances.length].base, '/app/v1/login', { name: email, password: 'WrongPass1' });
        if (result.status === 429) return i - 1;
      }
      return undefined;
    }
    const oneInstance = await lockedAfter([a], `scale-one-${suffix}@example.com`);
    const alternating = await lockedAfter([a, b], `scale-alt-${suffix}@example.com`);
    check(
      'login failures alternating instances lock out at the same count as on one',
      oneInstance === LOGIN_FAILURES_PER_HOUR && alternating === LOGIN_FAILURES_PER_HOUR,
      `LOGIN_FAILURES_PER_HOUR ${LOGIN_FAILURES_PER_HOUR}: refused (429) after ${oneInstance ?? 'none'} failures on a alone, after ${alternating ?? 'none'} alternating a, b`,
    );

    // 4. Recurring jobs: every tick enqueued once (unique key) and run once, with two workers polling each second.
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    await sleep(3000); // both workers have polled at least twice since b started
    const { rows } = await db.query(
      `SELECT name, unique_key, status, attempts FROM jobs WHERE name = ANY($1) ORDER BY name, unique_key`,
      [RECURRING],
    );
    const byName = RECURRING.map((name) => {
      const jobs = rows.filter((row) => row.name === name);
      const ticks = new Set(jobs.map((row) => row.unique_key));
      const runs = jobs.reduce((sum, row) => sum + Number(row.attempts), 0);
      return { name, ticks: ticks.size, rows: jobs.length, runs, done: jobs.filter((row) => row.status === 'done').length };
    });
    check(
      'each tick of every recurring job is enqueued once and run once',
      byName.every((job) => job.ticks >= 1 && job.rows === job.ticks && job.runs === job.ticks && job.done === job.ticks),
      byName.map((job) => `${job.name}: ${job.ticks} tick(s), ${job.rows} row(s), ${job.runs} run(s)`).join('; '),
    );

    console.log(`\n### Scale-out checks (two instances, PostgreSQL, Redis db ${REDIS_DB}, ${haproxyVersion})\n`);
    console.log(markdownTable(['Check', 'Result', 'What was seen'], checks));

    // 5. Throughput: the signed-in message list through the balancer, to one instance and to two.
    const user = await login(lb, DEMO);
    const results = [];
    for (const [label, url] of [['one instance', `http://127.0.0.1:${onePort}`], ['two instances', lb], ['one instance', `http://127.0.0.1:${onePort}`], ['two instances', lb]]) {
      const result = await load(url, { cookie: user.cookie, userId: user.userId, duration, connections });
      results.push({ label, result });
    }
    const summary = ['one instance', 'two instances'].map((label) => {
      const runs = results.filter((r) => r.label === label).map((r) => r.result);
      const mean = (pick) => runs.reduce((sum, r) => sum + pick(r), 0) / runs.length;
      return {
        label,
        rps: mean((r) => r.requests.average),
        p50: mean((r) => r.latency.p50),
        p99: mean((r) => r.latency.p99),
        errors: runs.reduce((sum, r) => sum + r.errors + r.timeouts + r.non2xx, 0),
      };
    });
    const [one, two] = summary;
    console.log(`\n### Throughput through HAProxy: signed-in getUserMessage (page of 10), ${connections} connections, 2 × ${duration} s each, ${availableParallelism()} cores\n`);
    console.log(
      markdownTable(
        ['Behind the balancer', 'req/s', 'p50 ms', 'p99 ms', 'errors/non-2xx', 'vs one'],
        summary.map((s) => [s.label, Math.round(s.rps), s.p50.toFixed(1), s.p99.toFixed(1), s.errors, (s.rps / one.rps).toFixed(2)]),
      ),
    );
    console.log(
      `\nOn ${availableParallelism()} cores the two instances, PostgreSQL, Redis, HAProxy and autocannon all share the same CPUs, ` +
        `so the second instance can only add what the first leaves idle (${(two.rps / one.rps).toFixed(2)}× here): ` +
        'this shows that the balancer spreads the load and that nothing breaks or is lost with two instances, ' +
        'not how far throughput grows with servers; that needs each instance (and the database) on cores of its own.',
    );
    if (two.errors + one.errors > 0) check('no errors under load', false, `${one.errors + two.errors} errors or non-2xx answers`);
  } finally {
    await db?.end();
    if (haproxy && haproxy.exitCode === null) {
      haproxy.kill('SIGTERM');
      await new Promise((done) => haproxy.once('exit', done));
    }
    for (const portal of portals) await portal.stop();
    await deleteOurRedisKeys(redis).catch(() => undefined);
    redis.disconnect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
    rmSync(dir, { recursive: true, force: true });
  }
  return checks.every(([, result]) => result === 'ok');
}
