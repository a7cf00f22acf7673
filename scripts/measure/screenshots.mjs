#!/usr/bin/env node
/**
 * Screenshots of the portal's screens as the demo customer sees them, at desktop (1366×800) and
 * phone (375×740) width, for looking at a change before and after. Starts the built portal
 * (`npm run build` first) on a temporary SQLite database with the demo data, signs in through
 * the login form in headless Chromium (/usr/bin/chromium), opens each screen, waits until its
 * data is in (no spinner, no skeleton) and saves one full-page PNG per screen and width:
 * <out>/<screen>-<desktop|phone>.png.
 *
 *   node scripts/measure/screenshots.mjs --out <dir> [--build <server dir>:<web dist>]
 *
 * --build (default apps/server:apps/web/dist) may point at another checkout's build, such as a
 * `git worktree` of an older commit: the same screens then show what a change did.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { DEMO, ROOT, startPortal } from '../bench/lib.mjs';

/* global document -- the waits run in the page */

const { values: args } = parseArgs({
  options: {
    out: { type: 'string' },
    build: { type: 'string', default: `${join(ROOT, 'apps/server')}:${join(ROOT, 'apps/web/dist')}` },
  },
});
if (!args.out) {
  console.error('Usage: node scripts/measure/screenshots.mjs --out <dir> [--build <server dir>:<web dist>]');
  process.exit(2);
}
const [serverDir, webDist] = args.build.split(':').map((path) => resolve(path));
const out = resolve(args.out);
mkdirSync(out, { recursive: true });

const WIDTHS = { desktop: { width: 1366, height: 800 }, phone: { width: 375, height: 740 } };
/** The signed-in screens, by the name their files take, and their paths. */
const SCREENS = {
  dashboard: '/app/dashboard',
  messages: '/app/message',
  transactions: '/app/transaction',
  membership: '/app/membership',
  'buy-credits': '/app/buymembership/1',
  profile: '/app/parent/profile',
  'airbox-id': '/app/parent/boxid',
  contacts: '/app/MyContacts',
  'purchased-labels': '/app/ShipmentParent/shipment',
  'orders-in-progress': '/app/ShipmentParent/MyOrder',
};

/** Until the screen's data is in: the network quiet, and no progress bar or skeleton showing. */
async function settle(page) {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !document.querySelector('[role="progressbar"], .MuiSkeleton-root'), undefined, { timeout: 30_000 });
  await page.evaluate(() => document.fonts.ready);
}

const dataDir = mkdtempSync(join(tmpdir(), 'airbox-screens-'));
const portal = await startPortal({
  databaseUrl: `sqlite:${join(dataDir, 'portal.db')}`,
  dataDir,
  serverDir,
  env: { SEED_DEMO_DATA: 'true', WEB_DIST_DIR: webDist },
});
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
try {
  for (const [width, viewport] of Object.entries(WIDTHS)) {
    const context = await browser.newContext({ viewport, baseURL: portal.base });
    const page = await context.newPage();
    await page.goto('/app/login');
    await settle(page);
    await page.screenshot({ path: join(out, `login-${width}.png`), fullPage: true });
    await page.getByLabel('Email').fill(DEMO.name);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: /log ?in/i }).click();
    await page.waitForURL(/\/app\/dashboard/);
    for (const [name, path] of Object.entries(SCREENS)) {
      await page.goto(path);
      await settle(page);
      await page.screenshot({ path: join(out, `${name}-${width}.png`), fullPage: true });
      console.log(`${name}-${width}.png`);
    }
    await context.close();
  }
} finally {
  await browser.close();
  await portal.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
