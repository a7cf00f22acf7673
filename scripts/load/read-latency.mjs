#!/usr/bin/env node
/**
 * How a signed-in customer's reads fare while others push the server. Starts the built server
 * (apps/server/dist, `npm run build` first) on a temporary SQLite database with the demo data,
 * signs in the demo customer and measures GET /app/v1/getMemberships with autocannon:
 *   alone;
 *   while one client asks for 30 barcodes a second, every code new, 80 or 32 characters long;
 *   while 30 barcodes a second are asked for, each from a new address;
 *   while 25, then 100, sign-ins a second arrive, each from its own address.
 * The other clients' addresses are sent as X-Forwarded-For (the server runs with TRUST_PROXY).
 * Prints one Markdown table: the read's req/s, p50 and p99, and what the other traffic was answered.
 *
 *   node scripts/load/read-latency.mjs [--server-dir apps/server] [--seconds 10] [--connections 10]
 *
 * --server-dir may point at another checkout's apps/server (a `git worktree` of an older commit)
 * to measure before and after a change with the same load. Loopback only; every phase ends after
 * --seconds.
 */
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { DEMO, signIn, startPortal } from '../bench/lib.mjs';

const { values: args } = parseArgs({
  options: {
    'server-dir': { type: 'string', default: resolve(import.meta.dirname, '../../apps/server') },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
  },
});
const seconds = Number(args.seconds);
const serverDir = resolve(args['server-dir']);
const READ_PATH = '/app/v1/getMemberships';

const CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const newCode = (length) => Array.from({ length }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
const newAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** 30 barcodes a second, every code new; from one address of its own, or each from a new one. */
const barcodes = (length, address) => ({
  rate: 30,
  request: () => ({
    method: 'GET',
    path: `/app/v1/genCode128?pcode=${newCode(length)}`,
    headers: { 'x-forwarded-for': address ?? newAddress() },
  }),
});

/** Sign-ins of the demo customer, each from a new address. */
const signIns = (rate) => ({
  rate,
  request: () => ({
    method: 'POST',
    path: '/app/v1/login',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': newAddress() },
    body: JSON.stringify(DEMO),
  }),
});

/** The other traffic of each phase, sent at a fixed rate, or none. */
const PHASES = [
  { name: 'reads alone', other: undefined },
  { name: '+ 30 barcodes/s, 80-char codes, one client', other: barcodes(80, '192.0.2.1') },
  { name: '+ 30 barcodes/s, 32-char codes, one client', other: barcodes(32, '192.0.2.2') },
  { name: '+ 30 barcodes/s, 32-char codes, each from a new address', other: barcodes(32) },
  { name: '+ 25 sign-ins/s', other: signIns(25) },
  { name: '+ 100 sign-ins/s', other: signIns(100) },
];

function run(options) {
  return autocannon({ duration: seconds, timeout: 30, ...options });
}

function answers(result) {
  return Object.entries(result.statusCodeStats)
    .map(([status, { count }]) => `${count}×${status}`)
    .concat(result.errors ? [`${result.errors} errors`] : [])
    .join(', ');
}

const dir = mkdtempSync(join(tmpdir(), 'airbox-load-'));
const portal = await startPortal({
  databaseUrl: `sqlite:${join(dir, 'load.db')}`,
  dataDir: dir,
  serverDir,
  env: { SEED_DEMO_DATA: 'true', TRUST_PROXY: 'true' },
});
const { base } = portal;
try {
  const cookie = await signIn(base);
  const reads = { url: `${base}${READ_PATH}`, connections: Number(args.connections), headers: { cookie } };
  await autocannon({ ...reads, duration: 2 }); // warm-up
  const rows = [];
  for (const phase of PHASES) {
    const [read, other] = await Promise.all([
      run(reads),
      phase.other &&
        run({
          url: base,
          connections: phase.other.rate,
          overallRate: phase.other.rate,
          requests: [{ setupRequest: (request) => ({ ...request, ...phase.other.request() }) }],
        }),
    ]);
    rows.push(
      `| ${phase.name} | ${Math.round(read.requests.average)} | ${read.latency.p50} | ${read.latency.p99} | ${answers(read)} | ${other ? answers(other) : ''} |`,
    );
  }
  console.log(`\nServer: ${serverDir}; ${seconds} s a phase; reads: GET ${READ_PATH}, ${reads.connections} connections\n`);
  console.log('| phase | read req/s | read p50 ms | read p99 ms | read answers | other traffic answers |');
  console.log('|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
} finally {
  await portal.stop();
  rmSync(dir, { recursive: true, force: true });
}
