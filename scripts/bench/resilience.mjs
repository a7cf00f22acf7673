/**
 * Bench part `resilience`: kill -9 during 500 concurrent writes (contact additions, credit
 * purchases and label purchases on the simulators), on SQLite and on PostgreSQL at the same time,
 * then a restart on the same database (see crash-writes.mjs for what is written and checked).
 * The restart waits for the jobs the kill left due within 25 s: besides the mails, the
 * label-purchase job that finishes a label whose answer was cut off, which the servers here run
 * 15 s after the payment (LABEL_RETRY_DELAY_SECONDS; 2 minutes by default).
 *
 *   node scripts/bench/run.mjs --only resilience [--writes 500] [--sqlite-only]
 *   PG_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres) creates bench_resilience.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { crashDuringWrites } from './crash-writes.mjs';
import { markdownTable } from './lib.mjs';

const PG_ADMIN_URL = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PG_DATABASE = 'bench_resilience';

async function admin(statement) {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function onDatabase(name, writes) {
  const dir = mkdtempSync(join(tmpdir(), `bench-resilience-${name}-`));
  let databaseUrl = `sqlite:${join(dir, 'airbox.db')}`;
  if (name === 'PostgreSQL') {
    await admin(`drop database if exists ${PG_DATABASE} with (force)`);
    await admin(`create database ${PG_DATABASE}`);
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${PG_DATABASE}`;
    databaseUrl = url.toString();
  }
  try {
    return await crashDuringWrites({ databaseUrl, dataDir: dir, writes, customers: 10, concurrency: 50, killAfter: 0.4, labelRetryDelaySeconds: 15, laterJobsSeconds: 25 });
  } finally {
    if (name === 'PostgreSQL') await admin(`drop database if exists ${PG_DATABASE} with (force)`);
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function run(argv = []) {
  const { values } = parseArgs({ args: argv, options: { writes: { type: 'string' }, 'sqlite-only': { type: 'boolean' } }, strict: false });
  const writes = Number(values.writes ?? 500);
  const databases = values['sqlite-only'] ? ['SQLite'] : ['SQLite', 'PostgreSQL'];
  console.log(`${writes} writes (contacts, credit purchases, label purchases in turn; 50 at a time, 10 customers), SIGKILL once 40% were answered ok, restart on the same database; both databases at once.\n`);
  const results = await Promise.allSettled(databases.map((name) => onDatabase(name, writes)));
  let ok = true;
  for (const [index, name] of databases.entries()) {
    const settled = results[index];
    console.log(`\n### ${name}\n`);
    if (settled.status === 'rejected') {
      ok = false;
      console.log(`The run broke: ${settled.reason?.stack ?? settled.reason}`);
      continue;
    }
    const r = settled.value;
    const verdict = r.problems.length === 0 ? 'met' : 'MISSED';
    console.log(
      markdownTable(
        ['Writes sent', 'Answered ok (contact / credits / label)', 'In flight at the kill', 'Found after restart', 'Duplicates', 'Paid, not delivered (yet)', 'integrity_check', 'Jobs pending at kill → run after restart', 'Target: nothing lost, nothing twice'],
        [[
          `${r.sent} of ${writes}`,
          `${r.answeredOk} (${r.byKind.contact} / ${r.byKind.credits} / ${r.byKind.label})`,
          r.inFlightAtKill,
          `${r.found} of ${r.answeredOk}`,
          r.duplicates,
          r.halfDone,
          r.integrity,
          `${r.pendingAtKill} → ${r.pendingRun}${r.runningAtKill ? ` (+${r.runningAtKill} running at the kill: taken again when its 5-min lease ends)` : ''}`,
          verdict,
        ]],
      ),
    );
    for (const note of r.notes) console.log(`- note: ${note}`);
    for (const problem of r.problems.slice(0, 20)) console.log(`- ${problem}`);
    if (r.problems.length > 20) console.log(`- … and ${r.problems.length - 20} more`);
    if (r.problems.length > 0) ok = false;
  }
  return ok;
}
