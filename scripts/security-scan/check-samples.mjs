#!/usr/bin/env node
// Part of `npm run lint`: every request the security scan sends can be built, i.e. every field of
// every call it scans has a sample value in samples.mjs. Without this a call added to the contract
// stops `npm run security-scan` at its start, which nobody sees until the scan is next run.
import { ALL_CALLS } from '@airbox/contract';
import { requestObjects, sampleRequest, sampleValues, sqlmapTargets } from './samples.mjs';

const samples = sampleValues(1);
const problems = [];
for (const [name, call] of Object.entries(ALL_CALLS)) {
  try {
    sqlmapTargets(samples, [name]);
    // wapiti starts from every GET call, signed in or not, with its first shape's query.
    if (call.method === 'GET') sampleRequest(call, requestObjects(call.request)[0], samples);
  } catch (error) {
    problems.push(`${name}: ${error.message}`);
  }
}
if (problems.length > 0) {
  console.error(`The security scan cannot build ${problems.length} call(s):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
