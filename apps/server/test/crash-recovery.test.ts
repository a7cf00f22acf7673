import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { crashDuringWrites } from '../../../scripts/bench/crash-writes.mjs';
import { DIALECT } from './helper.js';

/**
 * The small version of the bench's kill -9 (scripts/bench/resilience.mjs, same code): the server
 * from source in a child process, 100 writes (contacts, credit purchases and label purchases on
 * the simulators) on SQLite, SIGKILL once 40 were answered ok, a restart on the same file. What a
 * client was told succeeded is there once, the file is intact and the jobs left run.
 */
describe.runIf(DIALECT === 'sqlite')('a server killed with SIGKILL during concurrent writes', () => {
  const dir = mkdtempSync(join(tmpdir(), 'airbox-crash-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps every write it answered ok, once, with an intact database, and runs the jobs left pending after a restart', { timeout: 600_000 }, async () => {
    const result = await crashDuringWrites({ databaseUrl: `sqlite:${join(dir, 'airbox.db')}`, dataDir: dir, writes: 100, customers: 4, concurrency: 20, fromSource: true });
    expect(result.problems).toEqual([]);
    expect(result.answeredOk).toBeGreaterThanOrEqual(40);
    expect(result.found).toBe(result.answeredOk);
    expect(result.duplicates).toBe(0);
    expect(result.integrity).toBe('ok');
    expect(result.pendingRun).toBe(result.pendingAtKill);
  });
});
