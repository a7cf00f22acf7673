import pg from 'pg';
import { defineConfig } from 'vitest/config';

const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The same integration tests run on SQLite and, when it answers, on PostgreSQL. */
export default defineConfig(async () => {
  const withPostgres = await postgresAnswers();
  if (!withPostgres) {
    console.warn(
      `\n\u26a0  WARNING: no PostgreSQL answers at ${postgresUrl.replace(/\/\/[^@]*@/, '//…@')}: ` +
        'the PostgreSQL run of the server tests is SKIPPED. Only SQLite was tested.\n',
    );
  }
  const base = {
    include: ['test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Migrates a template database once; each file's database is a copy of it (test/helper.ts).
    globalSetup: ['test/global-setup.ts'],
    // Each worker keeps the CPU pool's thread from one file to the next (test/worker-setup.ts).
    setupFiles: ['test/worker-setup.ts'],
    // A worker evaluates the app's modules once for all the files it runs, not once a file (about
    // 2 s of CPU each). Files share no state through them: each builds its own app on its own
    // database; a file that mocks a module evaluates the modules afresh (password-hashing.test.ts).
    isolate: false,
  };
  return {
    test: {
      // Every core: vitest's default leaves one for itself, half of this 2-core machine, while
      // the main process is mostly idle (the suite took 123 s on SQLite alone instead of 78 s).
      maxWorkers: '100%',
      projects: [
        // The unit tests beside the code (src/) use no database: they run once, here.
        { test: { ...base, include: ['src/**/*.test.ts', ...base.include], name: 'sqlite', env: { TEST_DIALECT: 'sqlite' } } },
        ...(withPostgres
          ? [{ test: { ...base, name: 'postgres', env: { TEST_DIALECT: 'postgres', TEST_DATABASE_URL: postgresUrl } } }]
          : []),
      ],
    },
  };
});
