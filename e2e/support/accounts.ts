import { randomUUID } from 'node:crypto';
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { testServerFiles } from './test-server';

export interface Account {
  email: string;
  password: string;
  userId: number;
  boxId: string;
}

/** The user fields the server's createUser takes here (apps/server/src/modules/users/users.service.ts). */
interface NewAccount {
  role_id: number;
  status: number;
  email: string;
  password: string;
  first_name: string;
  last_name: string;
}
type MakeAccount = (fields: NewAccount) => Promise<{ userId: number; boxId: string }>;

let accountMaker: Promise<MakeAccount> | undefined;

/**
 * What the operators' `user:create` command runs (createUser in a write transaction), from the
 * server's build, on the test server's database: loaded once in each worker. The command itself
 * started a process for each account, about 0.8 s of CPU to load the server's modules, 56 times a
 * run (issue 24); it is run as an operator runs it by the server's crash test (crash-writes.mjs).
 */
function makeAccount(fields: NewAccount) {
  accountMaker ??= (async () => {
    const built = (path: string) => import(new URL(`../../apps/server/dist/${path}`, import.meta.url).href);
    const [database, users] = (await Promise.all([built('db/database.js'), built('modules/users/users.service.js')])) as [
      { createDatabase: (url: string) => object; writeTransaction: <T>(db: object, work: (trx: object) => Promise<T>) => Promise<T> },
      { createUser: (db: object, fields: NewAccount, now: Date) => Promise<{ userId: number; boxId: string }> },
    ];
    const db = database.createDatabase(testServerFiles().databaseUrl);
    return (account) => database.writeTransaction(db, (trx) => users.createUser(trx, account, new Date()));
  })();
  return accountMaker.then((make) => make(fields));
}

/**
 * A fresh account of its own for each test that changes one (activation, password reset), so
 * that no journey depends on another's data.
 */
export async function createAccount(options: { status?: number; role?: number; firstName?: string } = {}): Promise<Account> {
  const email = `e2e-${randomUUID().slice(0, 8)}@example.com`;
  const password = 'JourneyPass1';
  const { userId, boxId } = await makeAccount({
    role_id: options.role ?? 5,
    status: options.status ?? 1,
    email,
    password,
    first_name: options.firstName ?? 'Jordan',
    last_name: 'Journey',
  });
  return { email, password, userId, boxId };
}

export const DEMO = { email: 'demo@example.com', password: 'DemoPass1' } as const;

/** Fills the login form and submits it, as a person does. */
export async function logInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/**
 * Signs in through the login call instead of the form (for journeys about other screens): the
 * server sets its session cookie in the context; the web app's display cookies are set from the
 * answer as the login screen would.
 */
export async function signIn(context: BrowserContext, baseURL: string, email: string, password: string): Promise<void> {
  const answer = await context.request.post('/app/v1/login', { form: { name: email, password } });
  expect(answer.ok()).toBe(true);
  const body = (await answer.json()) as { errorcode: number; version: string; user: Record<string, unknown>[] };
  expect(body.errorcode).toBe(1);
  const hints = { ...body.user[0], version: body.version };
  await context.addCookies(
    Object.entries(hints).map(([name, value]) => ({
      name,
      value: value === null || value === undefined ? '' : String(value),
      url: baseURL,
    })),
  );
}

/** The open alert: a plain message is a dialog, one that asks a question an alertdialog. */
export function alertBox(page: Page): Locator {
  return page.getByRole('dialog').or(page.getByRole('alertdialog'));
}

/**
 * The toast that tells of a success needing no answer ('Add success', 'Cancel deletion'): its
 * polite live region, once it holds `text`.
 */
export function toast(page: Page, text: string): Locator {
  return page.locator('[role="status"][aria-live="polite"]').filter({ hasText: text });
}
