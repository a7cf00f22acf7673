import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';

const run = promisify(execFile);

export interface Account {
  email: string;
  password: string;
  userId: number;
  boxId: string;
}

/**
 * A fresh account of its own for each test that changes one (activation, password reset), made
 * with the operators' `user:create` command against the test server's database, so that no
 * journey depends on another's data.
 */
export async function createAccount(options: { status?: number; role?: number; firstName?: string } = {}): Promise<Account> {
  const workDir = process.env.E2E_WORK_DIR;
  if (!workDir) throw new Error('E2E_WORK_DIR is not set: run the tests through playwright.config.ts');
  const email = `e2e-${randomUUID().slice(0, 8)}@example.com`;
  const password = 'JourneyPass1';
  const { stdout } = await run(
    'node',
    [
      '../apps/server/dist/cli/create-user.js',
      '--email', email,
      '--password', password,
      '--role', String(options.role ?? 5),
      '--status', String(options.status ?? 1),
      '--first-name', options.firstName ?? 'Jordan',
      '--last-name', 'Journey',
    ],
    { env: { ...process.env, DATABASE_URL: `sqlite:${join(workDir, 'e2e.db')}`, SEED_DEMO_DATA: 'false' } },
  );
  const created = JSON.parse(stdout) as { user_id: number; BOXID: string };
  return { email, password, userId: created.user_id, boxId: created.BOXID };
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
