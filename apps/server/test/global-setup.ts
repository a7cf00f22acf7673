import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The database every test file's own database is copied from: migrated to the latest version, empty. */
    templateDatabaseUrl: string;
  }
}

/** Waits until nobody is connected to the PostgreSQL database `name` (pg's pool.end() resolves before its sockets close). */
export async function noConnectionsTo(admin: pg.Client, name: string): Promise<void> {
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const { rows } = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
    if (rows[0].n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Runs the migrations once for the project's dialect, into a template database that each test
 * file copies (useTestDatabase): a SQLite file, or a PostgreSQL database that no one may connect
 * to, cloned with CREATE DATABASE … TEMPLATE. Migrating in every file cost about a second each.
 * The template is removed when the run ends.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (project.config.env.TEST_DIALECT !== 'postgres') {
    const dir = mkdtempSync(join(tmpdir(), 'airbox-template-'));
    const url = `sqlite:${join(dir, 'template.db')}`;
    const db = createDatabase(url);
    await migrateToLatest(db);
    // Closing the only connection checkpoints the WAL into the file, so the file alone is the database.
    await db.destroy();
    project.provide('templateDatabaseUrl', url);
    return async () => rmSync(dir, { recursive: true, force: true });
  }
  const adminUrl = project.config.env.TEST_DATABASE_URL!;
  const name = `airbox_template_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = createDatabase(url.toString());
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
  // CREATE DATABASE … TEMPLATE refuses a template someone is connected to: no one may, from now on.
  await noConnectionsTo(admin, name);
  await admin.query(`alter database ${name} with allow_connections false`);
  await admin.end();
  project.provide('templateDatabaseUrl', url.toString());
  return async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`drop database if exists ${name}`);
    await client.end();
  };
}
