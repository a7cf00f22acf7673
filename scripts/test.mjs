#!/usr/bin/env node
// Runs every check of the project in order: typecheck, lint, unit tests, server integration
// tests on SQLite and PostgreSQL, the production build with its budget, and the browser
// end-to-end tests in Chromium's headless shell. Prints one closing line: "N passed, N failed".
import { spawn } from 'node:child_process';
import { ensureDebianPackages } from './bench/lib.mjs';

/**
 * The journeys' browser (e2e/playwright.config.ts): Debian's chromium-headless-shell, Chromium's
 * headless shell (the browser without its windows and their user interface, which Playwright's own
 * headless runs use too). The full /usr/bin/chromium runs headless with all of it: the same
 * journeys took a third longer in it (issue 24).
 */
const BROWSER_PACKAGES = ['chromium-headless-shell', 'fonts-dejavu-core'];
const BROWSER = '/usr/bin/chromium-headless-shell';
const results = [];
let passed = 0;
let failed = 0;

// eslint-disable-next-line no-control-regex
const stripAnsi = (text) => text.replace(/\u001b\[[0-9;]*m/g, '');

/** Counts what vitest ("Tests  3 failed | 70 passed (73)") and Playwright ("12 passed (30s)") report. */
function countTests(output) {
  const counts = { passed: 0, failed: 0 };
  for (const line of stripAnsi(output).split('\n')) {
    const vitest = line.match(/^\s*Tests\s+(.*)\(\d+\)\s*$/);
    const playwright = line.match(/^\s+(\d+) (passed|failed|flaky)(?: \(|$)/);
    if (vitest) {
      for (const [, n, kind] of vitest[1].matchAll(/(\d+) (passed|failed)/g)) counts[kind] += Number(n);
    } else if (playwright) {
      counts[playwright[2] === 'passed' ? 'passed' : 'failed'] += Number(playwright[1]);
    }
  }
  return counts;
}

/** The lines naming a failed test: vitest's "FAIL  file > test" and "×", Playwright's numbered "1) [chromium] › …". */
function failedTests(output) {
  const lines = stripAnsi(output).split('\n');
  const named = lines.filter((line) => /^\s*(FAIL\s|×\s|✘\s|\d+\) \[)/.test(line)).map((line) => line.trim());
  return [...new Set(named)].slice(0, 20);
}

/**
 * Runs one check and counts its tests. Its output is relayed as it comes, or, when `buffered`
 * (a check run beside another), printed whole once it ends so the two never interleave.
 */
function step(name, command, args, { buffered = false } = {}) {
  return new Promise((resolve) => {
    const heading = `\n=== ${name}: ${command} ${args.join(' ')}`;
    if (!buffered) console.log(heading);
    const started = Date.now();
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '1' } });
    let output = '';
    const relay = (stream, target) =>
      stream.on('data', (chunk) => {
        output += chunk;
        if (!buffered) target.write(chunk);
      });
    relay(child.stdout, process.stdout);
    relay(child.stderr, process.stderr);
    child.on('close', (code) => {
      if (buffered) process.stdout.write(`${heading}\n${output}`);
      const counts = countTests(output);
      passed += counts.passed;
      failed += counts.failed;
      const ok = code === 0;
      if (!ok && counts.failed === 0) failed += 1; // a failed check that is not a test still counts
      results.push({ name, ok, seconds: (Date.now() - started) / 1000, failures: ok ? [] : failedTests(output), ...counts });
      resolve(ok);
    });
  });
}

ensureDebianPackages(BROWSER_PACKAGES, { command: BROWSER });
const npm = 'npm';
const CONTRACT_BUILD = 'build contract';
const PRODUCTION_BUILD = 'production build and login-route budget';
const JOURNEYS = 'browser end-to-end tests';
// Each entry runs after the one before; the checks of one entry run side by side. Beside each
// other go checks that need nothing from each other and leave a core idle alone (issue 24):
// typecheck and lint each keep one core busy at most, and the contract's tests run beside them;
// the server tests leave a fifth of the machine idle (not waiting on the disk), and the production
// build and the web unit tests run beside them. The journeys keep both cores busy and run alone.
const steps = [
  [[CONTRACT_BUILD, npm, ['run', 'build', '-w', '@airbox/contract']]],
  [
    // The workspaces' own typechecks: the root script's contract build is the step above, and
    // doing it again would rewrite packages/contract/dist while lint reads it.
    ['typecheck', npm, ['run', 'typecheck', '--workspaces', '--if-present']],
    ['lint', npm, ['run', 'lint']],
    ['contract unit tests', npm, ['test', '-w', '@airbox/contract']],
  ],
  [
    ['server integration tests (SQLite and PostgreSQL)', npm, ['test', '-w', '@airbox/server']],
    // The web app and the server, for the journeys; not the contract again (the first step built
    // it), whose dist the server tests read meanwhile. The server tests read neither build.
    [PRODUCTION_BUILD, npm, ['run', 'build', '-w', '@airbox/web', '-w', '@airbox/server']],
    ['web unit tests', npm, ['test', '-w', '@airbox/web']],
  ],
  [[JOURNEYS, npm, ['test', '-w', '@airbox/e2e']]],
];
const failedChecks = new Set();
for (const checks of steps) {
  // Without the contract's build nothing after it can run; without the production build, the journeys.
  if (failedChecks.has(CONTRACT_BUILD)) break;
  const runnable = checks.filter(([name]) => !(name === JOURNEYS && failedChecks.has(PRODUCTION_BUILD)));
  // The first check of an entry is relayed as it runs; those beside it are printed once they end.
  const oks = await Promise.all(runnable.map(([name, command, args], index) => step(name, command, args, { buffered: index > 0 })));
  for (const [index, [name]] of runnable.entries()) if (!oks[index]) failedChecks.add(name);
}

console.log('\n=== summary');
for (const r of results) {
  const tests = r.passed || r.failed ? ` (${r.passed} passed, ${r.failed} failed)` : '';
  console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name}${tests} in ${r.seconds.toFixed(1)} s`);
  // Repeated here so that the end of a long log says which tests failed, not only how many.
  for (const line of r.failures) console.log(`       ${line}`);
}
const allOk = results.length === steps.flat().length && results.every((r) => r.ok);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(allOk ? 0 : 1);
