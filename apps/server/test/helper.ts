import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { type AppConfig, loadConfig } from '../src/config/env.js';
import { createDatabase, type Db } from '../src/db/database.js';
import { noConnectionsTo } from './global-setup.js';

export const DIALECT = process.env.TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite';
export const DEMO_PASSWORD = 'DemoPass1';

/**
 * A describe block whose outcome the database's dialect cannot change (a provider's adapter
 * against its fake, the CPU pool's threads, throttles kept in memory or Redis): it runs once, in
 * the SQLite project, instead of once on each dialect (issue 24: these were a fifth of the
 * PostgreSQL project's CPU).
 */
export const describeOnce = describe.runIf(DIALECT === 'sqlite');

/**
 * A fresh database for this test file, dropped after it: a copy of the run's template, migrated to
 * the latest version (a SQLite file in a temp folder, or a PostgreSQL database cloned from the
 * template on TEST_DATABASE_URL's server); `{ migrated: false }` for an empty one.
 */
export function useTestDatabase(options: { migrated?: boolean } = {}): { url: () => string; dir: () => string } {
  let url = '';
  let dir = '';
  let dropDatabase: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const template = inject('templateDatabaseUrl');
    const migrated = options.migrated ?? true;
    dir = mkdtempSync(join(tmpdir(), 'airbox-test-'));
    if (DIALECT === 'sqlite') {
      const file = join(dir, 'airbox.db');
      if (migrated) copyFileSync(template.slice('sqlite:'.length), file);
      url = `sqlite:${file}`;
      return;
    }
    const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
    const name = `airbox_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}${migrated ? ` template ${new URL(template).pathname.slice(1)}` : ''}`);
    await admin.end();
    const parsed = new URL(adminUrl);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      // The forced drop must not kill a connection that is still saying goodbye (an uncaught 57P01).
      await noConnectionsTo(client, name);
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  });
  afterAll(async () => {
    await dropDatabase?.();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  return { url: () => url, dir: () => dir };
}

/**
 * The file's own database (useTestDatabase) opened as the app opens it, before the file's tests,
 * and closed after them: for the tests of what runs on the database without the app.
 */
export function useTestDb(options: { migrated?: boolean } = {}): { readonly db: Db } {
  const database = useTestDatabase(options);
  let db: Db | undefined;
  beforeAll(() => {
    db = createDatabase(database.url());
  });
  afterAll(async () => {
    await db?.destroy();
  });
  return {
    get db() {
      if (!db) throw new Error('the test database is opened in beforeAll');
      return db;
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  /** Every log line written while the app ran. */
  logs: string[];
  /** Moves the app's clock forward. */
  advance(ms: number): void;
  /** Closes the app and removes its temp folder. */
  close(): Promise<void>;
}

/**
 * The environment of every test app, read by the app's own loadConfig(): a setting the app gains
 * reaches the tests with its default. Nothing comes from the developer's environment.
 */
function testEnvironment(databaseUrl: string, dir: string): NodeJS.ProcessEnv {
  return {
    DATABASE_URL: databaseUrl,
    HOST: '127.0.0.1',
    MAIL_OUTBOX_DIR: join(dir, 'outbox'),
    SESSION_SECRET: randomBytes(32).toString('hex'),
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    WEB_DIST_DIR: join(dir, 'no-web-build'),
    // The demo data is seeded only for the files that read it (useTestApp(database, { seedDemoData: true })).
    SEED_DEMO_DATA: 'false',
    // Tests run the queue with drain(), so nothing runs behind their back.
    JOB_WORKER: 'false',
    WALLET_PASS_TYPE_ID: 'pass.com.airbox.test',
    WALLET_TEAM_ID: 'AIRBOXTEST',
    WALLET_DEV_CERT_DIR: join(dir, 'wallet-dev'),
  };
}

/**
 * Builds the app on a test database with test-sized limits; closed by the caller. Its config is
 * loadConfig()'s, with a port the system picks, its own Redis keys and a clock the test moves.
 */
export async function buildTestApp(databaseUrl: string, overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'airbox-app-'));
  let now = Date.now();
  const logs: string[] = [];
  const config: AppConfig = {
    ...loadConfig(testEnvironment(databaseUrl, dir)),
    port: 0,
    redisKeyPrefix: `airbox-test:${randomBytes(6).toString('hex')}:`,
    clock: () => new Date(now),
    ...overrides,
  };
  const app = await buildApp(config, { logStream: { write: (line: string) => void logs.push(line) } }).catch((error: unknown) => {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  });
  const close = async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  };
  return { app, config, logs, advance: (ms) => void (now += ms), close };
}

/**
 * The usual header of a test file: one app on the file's test database, built before its tests
 * (after the database) and closed after them. The handle reads through to that app. A file
 * that reads the demo accounts, hubs or packages asks for them: `{ seedDemoData: true }`.
 */
export function useTestApp(database: { url: () => string }, overrides: Partial<AppConfig> = {}): TestApp {
  let built: TestApp | undefined;
  const current = (): TestApp => {
    if (!built) throw new Error('the test app is built in beforeAll');
    return built;
  };
  beforeAll(async () => {
    built = await buildTestApp(database.url(), overrides);
  });
  afterAll(async () => {
    await current().close();
  });
  return {
    get app() {
      return current().app;
    },
    get config() {
      return current().config;
    },
    get logs() {
      return current().logs;
    },
    advance: (ms) => current().advance(ms),
    close: () => current().close(),
  };
}

/** The session cookie (`name=value`) a response sets, if any. */
export function sessionCookieOf(response: LightMyRequestResponse): string | undefined {
  const cookie = response.cookies.find((c) => c.name.endsWith('airbox_session') && c.value !== '');
  return cookie ? `${cookie.name}=${cookie.value}` : undefined;
}

/** The cookies a response sets, as a browser sends them back in its next request's Cookie header. */
export function cookiesOf(response: LightMyRequestResponse): string {
  return response.cookies.filter((c) => c.value !== '').map((c) => `${c.name}=${c.value}`).join('; ');
}

export async function login(app: FastifyInstance, email: string, password = DEMO_PASSWORD) {
  const response = await app.inject({ method: 'POST', url: '/app/v1/login', payload: { name: email, password } });
  const cookie = sessionCookieOf(response);
  return { response, body: response.json(), cookie };
}

export async function signIn(app: FastifyInstance, email: string, password = DEMO_PASSWORD) {
  const { cookie, body } = await login(app, email, password);
  if (!cookie) throw new Error(`no session for ${email}: ${JSON.stringify(body)}`);
  return { cookie, userId: body.user[0].user_id as number };
}

/** A form-encoded POST, as the web app sends. */
export function postForm(app: FastifyInstance, url: string, fields: Record<string, string | number>, cookie?: string) {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
    payload: new URLSearchParams(Object.entries(fields).map(([k, v]): [string, string] => [k, String(v)])).toString(),
  });
}

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

function decodePart(body: string, encoding: string | undefined): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => `%${hex}`);
    return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
  }
  return body;
}

function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_m, kind: string, text: string) =>
    kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodePart(text.replace(/_/g, ' '), 'quoted-printable'),
  );
}

/** Parses the .eml files of an outbox, oldest first: headers, text part and HTML part. */
export function readOutbox(dir: string): OutboxMail[] {
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return files.map((file) => {
    const raw = readFileSync(join(dir, file), 'utf8');
    const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
    const headers = head.replace(/\r?\n[ \t]+/g, ' ');
    const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(headers)?.[1] ?? '';
    const boundary = /boundary="?([^";]+)"?/i.exec(headers)?.[1];
    const body = rest.join('\n\n');
    const parts = boundary ? body.split(`--${boundary}`) : [body];
    const part = (type: string) => {
      const found = parts.find((p) => new RegExp(`content-type: ${type}`, 'i').test(p));
      if (!found) return '';
      const [partHead = '', ...partBody] = found.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
      const encoding = /content-transfer-encoding: ([\w-]+)/i.exec(partHead)?.[1]?.toLowerCase();
      return decodePart(partBody.join('\n\n').trim(), encoding);
    };
    return { to: header('To'), subject: decodeHeader(header('Subject')), text: part('text/plain'), html: part('text/html') };
  });
}

/** Runs the queued jobs (the mails a call queued), then reads the outbox. */
export async function mailsOf(test: TestApp): Promise<OutboxMail[]> {
  await test.app.jobs.drain();
  return readOutbox(test.config.mailOutboxDir);
}

/** The raw .eml files (headers, parts and attachments) of the mails sent to an address, oldest first. */
export async function rawMailsTo(test: TestApp, to: string): Promise<string[]> {
  await test.app.jobs.drain();
  const dir = test.config.mailOutboxDir;
  return readdirSync(dir)
    .filter((file) => file.endsWith('.eml'))
    .sort()
    .map((file) => readFileSync(join(dir, file), 'utf8'))
    .filter((raw) => new RegExp(`^To: .*${to.replace(/[.+]/g, '\\$&')}`, 'im').test(raw));
}

/** The first link in a mail's text that starts with the given URL prefix. */
export function linkIn(mail: OutboxMail | undefined, prefix: string): string {
  const link = mail?.text.split(/\s+/).find((word) => word.startsWith(prefix));
  if (!link) throw new Error(`no ${prefix} link in mail: ${mail?.text}`);
  return link;
}
