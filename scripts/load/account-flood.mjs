#!/usr/bin/env node
/**
 * Issue 18, item 3: can one account slow every customer? Starts the built server
 * (apps/server/dist, `npm run build` first) on a temporary SQLite database with the demo data,
 * makes a second customer (the flooder) with the create-user CLI, and then:
 *
 *   1. baseline: the demo customer reads Purchased Labels (GET /app/v1/userGetShipment) alone;
 *   2. flood: the flooder saves orders in progress of the largest allowed size
 *      (POST /openapi/easyPost/saveOrderForLater) from --flood-connections connections, until
 *      --flood-seconds have passed or --max-saves were accepted;
 *   3. reads under the flood: the flooder reads all its orders in progress
 *      (GET /openapi/easyPost/getOrderForLater) --readers at once, again and again, while the
 *      demo customer reads Purchased Labels and /healthz is asked every 100 ms, for --read-seconds.
 *
 * The flooder runs in a worker thread, so its large answers do not delay the demo customer's
 * timings in this process. The server's resident memory is read from /proc every 50 ms.
 * Prints one Markdown table: the demo customer's p50/p90/p99, /healthz, the flooder's answers,
 * and the server's RSS peak.
 *
 *   node scripts/load/account-flood.mjs [--server-dir apps/server] [--flood-seconds 25]
 *     [--max-saves 30000] [--flood-connections 8] [--readers 12] [--read-seconds 15]
 *
 * --server-dir may point at another checkout's apps/server (a `git worktree` of an older commit)
 * to measure before and after a change with the same load. Loopback only; every phase is bounded
 * in time and the flood in count.
 */
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { DEMO, markdownTable, percentile, PRODUCTION_ON_SIMULATORS, sleep, startPortal } from '../bench/lib.mjs';

const FLOODER = { name: 'flooder@example.com', password: 'FloodPass1' };

/** Signs in as a client would: the Cookie header to send afterwards and the user's id. */
async function signIn(base, credentials) {
  const response = await fetch(`${base}/app/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(credentials),
  });
  const body = await response.json();
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';', 1)[0])
    .filter((c) => !c.endsWith('='))
    .join('; ');
  const userId = body.user?.[0]?.user_id;
  if (!cookie.includes('session') || !userId) throw new Error(`${credentials.name} could not sign in: ${response.status} ${JSON.stringify(body)}`);
  return { cookie, userId };
}

const ms = (value) => (Number.isNaN(value) ? '–' : value.toFixed(value < 10 ? 1 : 0));

/** Runs `loops` requests at once, each again as soon as it is answered, until `until` (or `more()` is false); each answer's time and status. */
async function keepAsking(loops, until, ask, more = () => true) {
  const samples = [];
  await Promise.all(
    Array.from({ length: loops }, async () => {
      while (Date.now() < until && more()) {
        const started = performance.now();
        let status;
        let bytes = 0;
        let code;
        try {
          const answer = await ask();
          status = answer.status;
          bytes = answer.bytes ?? 0;
          code = answer.code;
        } catch (error) {
          status = `error ${error.cause?.code ?? error.message}`;
        }
        samples.push({ ms: performance.now() - started, status, bytes, code });
      }
    }),
  );
  return samples;
}

function summary(samples) {
  const times = samples.map((s) => s.ms).sort((a, b) => a - b);
  const statuses = {};
  for (const { status, code } of samples) {
    const key = code === undefined ? String(status) : `${status}/code ${code}`;
    statuses[key] = (statuses[key] ?? 0) + 1;
  }
  return {
    count: samples.length,
    p50: percentile(times, 50),
    p90: percentile(times, 90),
    p99: percentile(times, 99),
    max: times.at(-1) ?? NaN,
    answers: Object.entries(statuses)
      .map(([status, count]) => `${count}×${status}`)
      .join(', '),
    bytes: samples.reduce((total, s) => total + s.bytes, 0),
  };
}

/** A field of the largest length the contract allows (as the reproduction: 30,300 of these made 69 MB). */
const longest = (length) => 'x'.repeat(length);
const side = () => ({
  firstName: longest(50),
  lastName: longest(50),
  company: longest(50),
  address1: longest(255),
  address2: longest(255),
  city: longest(255),
  state: longest(64),
  zipcode: longest(10),
  phone: longest(32),
  email: longest(50),
  residential: 1,
});
const LARGEST_ORDER = JSON.stringify({
  from: side(),
  to: side(),
  parcel: { length: 108, width: 108, height: 108, weightLb: 150, weightOz: 15.9 },
  insuredValue: 500,
  comments: 'x'.repeat(200),
});

/** The flooder, in a worker thread: the flood of saves, then the reads of everything saved. */
async function flooder({ base, cookie, userId, phase, connections, until, maxSaves }) {
  const headers = { cookie, origin: base };
  if (phase === 'flood') {
    let accepted = 0;
    let refusal;
    const samples = await keepAsking(
      connections,
      until,
      async () => {
        const response = await fetch(`${base}/openapi/easyPost/saveOrderForLater`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: LARGEST_ORDER,
        });
        const body = await response.json().catch(() => ({}));
        if (response.ok && body.code === 0) accepted += 1;
        else if (!refusal) refusal = body.message;
        return { status: response.status, code: body.code ?? body.errorcode };
      },
      () => accepted < maxSaves,
    );
    return { accepted, refusal, summary: summary(samples) };
  }
  const samples = await keepAsking(connections, until, async () => {
    const response = await fetch(`${base}/openapi/easyPost/getOrderForLater?userId=${userId}`, { headers });
    const bytes = (await response.arrayBuffer()).byteLength;
    return { status: response.status, bytes };
  });
  return { summary: summary(samples) };
}

if (!isMainThread) {
  parentPort.postMessage(await flooder(workerData));
} else {
  await main();
}

function runFlooder(data) {
  return new Promise((done, fail) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: data });
    worker.once('message', done);
    worker.once('error', fail);
  });
}

/** The server's resident memory (VmRSS) every 50 ms while `work` runs: the largest seen, in MB. */
async function watchMemory(pid, work) {
  let peak = 0;
  const read = () => {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      peak = Math.max(peak, kb / 1024);
    } catch {
      // The server ended: the peak stays what it was.
    }
  };
  read();
  const timer = setInterval(read, 50);
  try {
    const result = await work();
    read();
    return { result, peakMb: peak };
  } finally {
    clearInterval(timer);
  }
}

async function main() {
  const { values: args } = parseArgs({
    options: {
      'server-dir': { type: 'string', default: resolve(import.meta.dirname, '../../apps/server') },
      'flood-seconds': { type: 'string', default: '25' },
      'max-saves': { type: 'string', default: '30000' },
      'flood-connections': { type: 'string', default: '8' },
      readers: { type: 'string', default: '12' },
      'read-seconds': { type: 'string', default: '15' },
      'baseline-seconds': { type: 'string', default: '5' },
      'customer-connections': { type: 'string', default: '2' },
    },
  });
  const serverDir = resolve(args['server-dir']);
  const seconds = (name) => Number(args[name]) * 1000;
  const customerLoops = Number(args['customer-connections']);

  const dir = mkdtempSync(join(tmpdir(), 'airbox-flood-'));
  const sessionSecret = randomBytes(32).toString('hex');
  const databaseUrl = `sqlite:${join(dir, 'flood.db')}`;
  const env = { SEED_DEMO_DATA: 'true' };
  const portal = await startPortal({ databaseUrl, dataDir: dir, serverDir, sessionSecret, env });
  const { base, child } = portal;
  try {
    // The flooder is an ordinary customer, made as an operator would (the sign-up flow needs mail).
    const created = spawnSync(
      process.execPath,
      ['dist/cli/create-user.js', '--email', FLOODER.name, '--password', FLOODER.password, '--role', '5', '--first-name', 'Flo', '--last-name', 'Oder'],
      {
        cwd: serverDir,
        encoding: 'utf8',
        env: {
          ...process.env,
          ...PRODUCTION_ON_SIMULATORS,
          DATABASE_URL: databaseUrl,
          SESSION_SECRET: sessionSecret,
          PUBLIC_URL: base,
          MAIL_OUTBOX_DIR: join(dir, 'outbox'),
          LOG_LEVEL: 'warn',
          ...env,
        },
      },
    );
    if (created.status !== 0) throw new Error(`create-user failed: ${created.stderr}`);

    const customer = await signIn(base, DEMO);
    const flood = await signIn(base, FLOODER);
    const readLabels = async () => {
      const response = await fetch(`${base}/app/v1/userGetShipment?user_id=${customer.userId}&start=0&num=10`, { headers: { cookie: customer.cookie } });
      const body = await response.json();
      return { status: response.status, code: body.errorcode };
    };
    const health = async () => {
      const response = await fetch(`${base}/healthz`);
      await response.arrayBuffer();
      return { status: response.status };
    };

    await keepAsking(customerLoops, Date.now() + 1000, readLabels); // warm-up
    const baseline = await watchMemory(child.pid, async () => summary(await keepAsking(customerLoops, Date.now() + seconds('baseline-seconds'), readLabels)));

    const flooding = await watchMemory(child.pid, () =>
      runFlooder({
        ...flood,
        base,
        phase: 'flood',
        connections: Number(args['flood-connections']),
        until: Date.now() + seconds('flood-seconds'),
        maxSaves: Number(args['max-saves']),
      }),
    );

    const until = Date.now() + seconds('read-seconds');
    const reading = await watchMemory(child.pid, () =>
      Promise.all([
        runFlooder({ ...flood, base, phase: 'read', connections: Number(args.readers), until }),
        keepAsking(customerLoops, until, readLabels).then(summary),
        keepAsking(1, until, async () => {
          const answer = await health();
          await sleep(100);
          return answer;
        }).then(summary),
      ]),
    );
    const [flooderReads, customerReads, healthz] = reading.result;
    const hwm = Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

    const saves = flooding.result;
    console.log(`\nServer: ${serverDir}`);
    console.log(
      `Flood: ${saves.accepted} orders in progress saved in ${args['flood-seconds']} s at most (${saves.summary.count} saves asked from ${args['flood-connections']} connections: ${saves.summary.answers}; p50 ${ms(saves.summary.p50)} ms)`,
    );
    if (saves.refusal) console.log(`The first refusal said: ${saves.refusal}`);
    console.log(
      `Flooder's reads: ${args.readers} at once for ${args['read-seconds']} s: ${flooderReads.summary.count} getOrderForLater answered (${flooderReads.summary.answers}), ` +
        `${(flooderReads.summary.bytes / Math.max(1, flooderReads.summary.count) / 1e6).toFixed(2)} MB each, p50 ${ms(flooderReads.summary.p50)} ms, max ${ms(flooderReads.summary.max)} ms\n`,
    );
    console.log(
      markdownTable(
        ['phase', "other customer's userGetShipment: reads", 'p50 ms', 'p90 ms', 'p99 ms', 'max ms', '/healthz p50 / max ms', 'server RSS peak MB'],
        [
          ['alone', baseline.result.count, ms(baseline.result.p50), ms(baseline.result.p90), ms(baseline.result.p99), ms(baseline.result.max), '', baseline.peakMb.toFixed(0)],
          ['during the flood of saves', '', '', '', '', '', '', flooding.peakMb.toFixed(0)],
          [
            `while the flooder reads its orders, ${args.readers} at once`,
            customerReads.count,
            ms(customerReads.p50),
            ms(customerReads.p90),
            ms(customerReads.p99),
            ms(customerReads.max),
            `${ms(healthz.p50)} / ${ms(healthz.max)}`,
            reading.peakMb.toFixed(0),
          ],
        ],
      ),
    );
    console.log(`\nServer's peak RSS over the whole run (VmHWM): ${hwm.toFixed(0)} MB. Other customer's answers under the reads: ${customerReads.answers}`);
  } finally {
    await portal.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
