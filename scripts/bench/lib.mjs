/**
 * What every bench part shares: free ports, the built portal started as a child process on a
 * database of the caller's choice, signing in as a client would, Debian packages installed on
 * demand, and Markdown tables. The portal must be built first (`npm run build`).
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');
export const SERVER_DIR = join(ROOT, 'apps/server');
export const DEMO = { name: 'demo@example.com', password: 'DemoPass1' };

/** A TCP port nobody listens on now. */
export function freePort() {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });
}

/** The p-th percentile (0–100) of numbers sorted ascending, by nearest rank (a value measured); NaN for none. */
export function percentile(sorted, p) {
  return sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/** Waits until `url` answers 200, or throws after `seconds`; `child` exiting first throws at once. */
export async function waitForHealthy(url, { seconds = 60, child } = {}) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (await fetch(url).then((r) => r.ok, () => false)) return;
    await sleep(100);
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

/**
 * A production start on the local simulators, outbox and demo data, as the bench and the measure
 * scripts run it: production refuses each stand-in unless it is named and opted into.
 */
export const PRODUCTION_ON_SIMULATORS = {
  NODE_ENV: 'production',
  PAYMENTS_PROVIDER: 'simulator',
  CARRIERS_PROVIDER: 'simulator',
  USPS_PICKUPS_PROVIDER: 'simulator',
  SMS_PROVIDER: 'simulator',
  MAIL_PROVIDER: 'outbox',
  WALLET_PROVIDER: 'development',
  PASS_PUSH_PROVIDER: 'simulator',
  ALLOW_SIMULATORS_IN_PRODUCTION: 'true',
  ALLOW_DEMO_DATA_IN_PRODUCTION: 'true',
};

/**
 * Starts the built portal (apps/server/dist) on `databaseUrl` and waits for /healthz.
 * `env` adds or overrides variables (REDIS_URL, SEED_DEMO_DATA, ...). Returns its base URL,
 * the child process, stop() (SIGTERM, waits) and kill() (SIGKILL, waits).
 * BENCH_PORTAL_NODE_ARGS adds Node options to the portal's command line, for those NODE_OPTIONS
 * refuses: `BENCH_PORTAL_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' npm run bench -- --only
 * throughput` writes a CPU profile of each portal the part starts when it stops.
 */
export async function startPortal({ databaseUrl, dataDir, env = {}, port, serverDir = SERVER_DIR, sessionSecret, logLevel = 'warn' }) {
  port ??= await freePort();
  const nodeArgs = process.env.BENCH_PORTAL_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, 'dist/server.js'], {
    cwd: serverDir,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      ...PRODUCTION_ON_SIMULATORS,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: databaseUrl,
      MAIL_OUTBOX_DIR: join(dataDir, 'outbox'),
      SESSION_SECRET: sessionSecret ?? randomBytes(32).toString('hex'),
      LOG_LEVEL: logLevel,
      ...env,
    },
  });
  const base = `http://127.0.0.1:${port}`;
  const exited = new Promise((done) => child.once('exit', done));
  const ended = (signal) => async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  try {
    await waitForHealthy(`${base}/healthz`, { child });
  } catch (error) {
    await ended('SIGKILL')();
    throw error;
  }
  return { base, port, child, stop: ended('SIGTERM'), kill: ended('SIGKILL') };
}

/** Signs in as a client would and returns the Cookie header value to send afterwards. */
export async function signIn(base, credentials = DEMO, headers = {}) {
  const response = await fetch(`${base}/app/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(credentials),
  });
  const cookies = response.headers.getSetCookie().map((c) => c.split(';', 1)[0]).filter((c) => !c.endsWith('='));
  if (!cookies.some((c) => c.startsWith('airbox_session='))) throw new Error(`no session cookie: ${response.status} ${await response.text()}`);
  return cookies.join('; ');
}

/** Makes sure Debian's `packages` are installed (apt-get when root), or exits saying how. */
export function ensureDebianPackages(packages, { command } = {}) {
  const missing = packages.filter((name) => spawnSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8' }).stdout !== 'install ok installed');
  if (missing.length === 0 && (!command || existsSync(command))) return;
  if (process.getuid?.() !== 0) {
    console.error(`Missing Debian packages: install them with 'sudo apt-get install ${missing.join(' ')}' and run again.`);
    process.exit(1);
  }
  console.log(`Installing Debian packages: ${missing.join(' ')} (apt-get)...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update', '-qq'], ['install', '-y', '-qq', ...missing]]) {
    const run = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (run.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed`);
  }
}

/** A Markdown table from a header row and rows of cells. */
export function markdownTable(header, rows) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}
