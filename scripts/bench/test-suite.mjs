/**
 * Issue 24's target 4: the web app's unit tests (apps/web, `vitest run`) take at most 90 s on
 * this 2-core machine. Runs them as `npm test` does, times the whole run, and prints the figure
 * met or missed with the machine's load beside it (a busy machine makes any run slower: compare
 * runs made side by side). The whole `npm install && npm test` from a fresh clone (under 12
 * minutes with other work running) is timed by hand: README, "Checks".
 *
 *   --test-suite-runs N   runs in a row (default 1); each is printed, and their median.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs, stripVTControlCharacters } from 'node:util';
import { markdownTable } from './lib.mjs';

const WEB_DIR = join(import.meta.dirname, '../../apps/web');
const TARGET_SECONDS = 90;
/** vitest's command, as the web app's `npm test` finds it. */
const VITEST = join(dirname(createRequire(join(WEB_DIR, 'package.json')).resolve('vitest/package.json')), 'vitest.mjs');

/** One `vitest run` of the web app: its wall time, and whether every test passed. */
function runOnce() {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const load = loadavg()[0];
    const child = spawn(process.execPath, [VITEST, 'run'], { cwd: WEB_DIR, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const tests = /Tests\s+(.*)/.exec(stripVTControlCharacters(output))?.[1]?.trim() ?? 'no summary';
      resolve({ seconds, passed: code === 0, tests, load });
    });
  });
}

export async function run(argv = []) {
  const { values } = parseArgs({ args: argv, options: { 'test-suite-runs': { type: 'string' } }, strict: false });
  const runs = Math.max(1, Number(values['test-suite-runs'] ?? 1));
  const results = [];
  for (let i = 0; i < runs; i += 1) results.push(await runOnce());
  const seconds = results.map((r) => r.seconds).sort((a, b) => a - b);
  const median = seconds[Math.floor((seconds.length - 1) / 2)];
  const verdict = (s) => (s <= TARGET_SECONDS ? `met (<= ${TARGET_SECONDS} s)` : `missed by ${Math.round(s - TARGET_SECONDS)} s`);
  console.log(
    markdownTable(
      ['Run', 'web unit tests', 'tests', 'load average (1 min) at start', `target (<= ${TARGET_SECONDS} s)`],
      results.map((r, i) => [String(i + 1), `${r.seconds.toFixed(0)} s`, r.passed ? r.tests : `FAILED: ${r.tests}`, r.load.toFixed(2), verdict(r.seconds)]),
    ),
  );
  if (runs > 1) console.log(`\nMedian of ${runs}: ${median.toFixed(0)} s, ${verdict(median)}.`);
  return results.every((r) => r.passed);
}
