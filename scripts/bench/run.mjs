#!/usr/bin/env node
/**
 * `npm run bench`: the project's measurements, never part of `npm test`. Builds nothing: run
 * `npm run build` first (the npm script does). Each part prints its own Markdown table.
 *
 *   npm run bench                 throughput, Lighthouse, resilience, steady load, test suite
 *   npm run bench -- --scale      two portals behind a load balancer vs one
 *   npm run bench -- --only <part>[,<part>]   some parts only (names below)
 *   npm run bench -- --fresh-clone   the test-suite part also times `npm install && npm test`
 *                                    from a fresh clone, one core kept busy (10-15 minutes)
 */
import { parseArgs } from 'node:util';

const PARTS = {
  // name: [module, what it measures]
  throughput: ['./throughput.mjs', 'Throughput: signed-in list calls and login vs a bare Fastify server, SQLite and PostgreSQL, 10k and 1M rows'],
  lighthouse: ['./lighthouse.mjs', 'Lighthouse: login and dashboard, mobile profile'],
  resilience: ['./resilience.mjs', 'Resilience: kill -9 during 500 concurrent writes, SQLite and PostgreSQL'],
  'database-outage': ['./database-outage.mjs', 'Resilience: PostgreSQL stopped for 10 s under load'],
  'steady-load': ['./steady-load.mjs', 'Resilience: 60 s of steady load at a fixed rate (login, lists, purchases), SQLite'],
  'test-suite': ['./test-suite.mjs', "Test suite: the web app's unit tests, and with --fresh-clone the whole suite from a fresh clone"],
  scale: ['./scale.mjs', 'Scale-out: two portals behind HAProxy on one PostgreSQL and one Redis'],
};
const SCALE_PARTS = ['scale'];

const { values: args } = parseArgs({
  options: { scale: { type: 'boolean', default: false }, only: { type: 'string' } },
  strict: false,
});
const names = args.only ? args.only.split(',') : args.scale ? SCALE_PARTS : Object.keys(PARTS).filter((n) => !SCALE_PARTS.includes(n));
const unknown = names.filter((n) => !PARTS[n]);
if (unknown.length) {
  console.error(`Unknown part(s): ${unknown.join(', ')}. Parts: ${Object.keys(PARTS).join(', ')}`);
  process.exit(2);
}
const started = Date.now();
console.log(`# AirBox bench, ${new Date().toISOString().slice(0, 10)}, ${(await import('node:os')).availableParallelism()} cores\n`);
let failed = false;
for (const name of names) {
  const [module, title] = PARTS[name];
  console.log(`\n## ${title}\n`);
  try {
    const { run } = await import(module);
    const ok = await run(process.argv.slice(2));
    if (ok === false) failed = true;
  } catch (error) {
    failed = true;
    console.error(`${name} failed:`, error);
  }
}
console.log(`\nBench finished in ${Math.round((Date.now() - started) / 1000)} s.`);
process.exit(failed ? 1 : 0);
