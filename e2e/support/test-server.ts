import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The test server's files (playwright.config.ts puts them in E2E_WORK_DIR): its SQLite database and its mail outbox. */
export function testServerFiles(): { databaseUrl: string; outboxDir: string } {
  const workDir = process.env.E2E_WORK_DIR;
  if (!workDir) throw new Error('E2E_WORK_DIR is not set: run the tests through playwright.config.ts');
  return { databaseUrl: `sqlite:${join(workDir, 'e2e.db')}`, outboxDir: join(workDir, 'outbox') };
}

/**
 * One of the operators' commands (`npm run locker`, `npm run carrier`), from the server's build,
 * against the test server's database and outbox, as an operator runs it; answers what it printed.
 * The journeys that call them are the commands' tests.
 */
export async function serverCommand(script: 'locker' | 'carrier', ...args: string[]): Promise<string> {
  const { databaseUrl, outboxDir } = testServerFiles();
  const { stdout } = await run('node', [`../apps/server/dist/cli/${script}.js`, ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl, MAIL_OUTBOX_DIR: outboxDir, SEED_DEMO_DATA: 'false' },
  });
  return stdout;
}
