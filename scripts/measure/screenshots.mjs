#!/usr/bin/env node
/**
 * Screenshots of the portal's screens as the demo customer sees them, at desktop (1366×800) and
 * phone (375×740) width, for looking at a change before and after. Starts the built portal
 * (`npm run build` first) on a temporary SQLite database with the demo data, signs in through
 * the login form in headless Chromium (/usr/bin/chromium), opens each screen, waits until its
 * data is in (no spinner, no skeleton) and saves one full-page PNG per screen and width:
 * <out>/<screen>-<desktop|phone>.png. Two screens are reached as a person reaches them: the label
 * wizard's Rates step (label-rates), walked from Buy Shipment Labels with the demo customer's own
 * address to a typed recipient, and a label's public tracking page as its recipient opens it
 * (tracking-page, signed out).
 *
 *   node scripts/measure/screenshots.mjs --out <dir> [--build <server dir>:<web dist>] [--database <url>]
 *
 * --build (default apps/server:apps/web/dist) may point at another checkout's build, such as a
 * `git worktree` of an older commit: the same screens then show what a change did. --database
 * runs the portal on an empty database of one's own instead (a postgres:// URL, to see the screens
 * on PostgreSQL; the demo data is seeded into it).
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { DEMO, ROOT, startPortal } from '../bench/lib.mjs';

/* global document, window -- the waits run in the page */

const { values: args } = parseArgs({
  options: {
    out: { type: 'string' },
    build: { type: 'string', default: `${join(ROOT, 'apps/server')}:${join(ROOT, 'apps/web/dist')}` },
    database: { type: 'string' },
  },
});
if (!args.out) {
  console.error('Usage: node scripts/measure/screenshots.mjs --out <dir> [--build <server dir>:<web dist>] [--database <url>]');
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

/** The recipient typed on the To step: an address the carriers simulator verifies as typed. */
const RECIPIENT = { 'First Name': 'Rosa', 'Last Name': 'Parcel', 'Address 1': '12 Elm St', City: 'Austin', 'Zip Code': '73301', 'Phone Number': '5125550199' };

/**
 * Until the screen's data is in: the network quiet, and no skeleton or progress bar of a wait
 * showing (a bar with a value, such as the phone wizard's step n of N, is no wait).
 */
async function settle(page) {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !document.querySelector('[role="progressbar"]:not([aria-valuenow]), .MuiSkeleton-root'), undefined, { timeout: 30_000 });
  await page.evaluate(() => document.fonts.ready);
  // From the top: a screen scrolled (a wizard step's heading taking the focus) shows its sticky
  // top bar part-way down a full-page screenshot.
  await page.evaluate(() => window.scrollTo(0, 0));
}

/**
 * The label wizard from Purchased Labels' Buy Shipment Labels to the Rates step, as the demo
 * customer fills it: their own address, a typed recipient, the first package preset, no options;
 * a Verify step (an address to confirm) is passed with its Get rates. Waits for the services.
 */
async function walkToRates(page) {
  await page.goto(SCREENS['purchased-labels']);
  await settle(page);
  await page.getByRole('link', { name: 'Buy Shipment Labels' }).first().click();
  const from = page.getByRole('form', { name: 'From step' });
  await from.getByRole('button', { name: /^My address/ }).click();
  await from.getByRole('button', { name: 'Next' }).click();
  const to = page.getByRole('form', { name: 'To step' });
  for (const [label, value] of Object.entries(RECIPIENT)) await to.getByLabel(label).fill(value);
  await to.getByRole('combobox', { name: 'State' }).click();
  await page.getByRole('option', { name: 'Texas', exact: true }).click();
  await to.getByRole('button', { name: 'Next' }).click();
  const parcel = page.getByRole('form', { name: 'Package step' });
  await parcel.getByRole('group', { name: 'Common packages' }).getByRole('button').first().click();
  await parcel.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('form', { name: 'Options step' }).getByRole('button', { name: 'Check addresses' }).click();
  const rates = page.getByRole('form', { name: 'Rates step' });
  const verify = page.getByRole('form', { name: 'Verify step' });
  await rates.or(verify).first().waitFor();
  if (await verify.isVisible()) await verify.getByRole('button', { name: 'Get rates' }).click();
  await rates.getByRole('radiogroup', { name: 'Services' }).getByRole('radio').first().waitFor();
  await settle(page);
}

/**
 * The public tracking page of one of the demo customer's labels, signed in through the calls: a
 * label whose details carry a recipient's tracking link, else one bought for the purpose (the
 * cheapest rate, the recipient told, the payment approved on the payment simulator).
 */
async function trackingPagePath(base) {
  const login = await fetch(`${base}/app/v1/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify(DEMO) });
  const cookie = login.headers.getSetCookie().map((set) => set.split(';', 1)[0]).join('; ');
  const userId = (await login.json()).user[0].user_id;
  const call = async (path, body) => {
    const response = await fetch(`${base}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { cookie, origin: base, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body && JSON.stringify(body),
      redirect: 'manual',
    });
    return response;
  };
  const detailOf = async (row) => {
    const answer = await (await call(`/app/v1/getShipmentDetail?shipmentID=${encodeURIComponent(row.shipmentID)}&shipmentIndexID=${row.shippingIndexID}`)).json();
    return answer.data?.publicTrackingUrl ?? '';
  };
  const listed = async () => (await (await call(`/app/v1/userGetShipment?user_id=${userId}&start=0&num=50`)).json()).data.list;
  for (const row of await listed()) {
    const url = await detailOf(row);
    if (url) return new URL(url).pathname;
  }
  const address = { company: '', address2: '', residential: true };
  const rated = await (
    await call('/app/v1/labelPurchase/rates', {
      from: { ...address, firstName: 'Demo', lastName: 'Customer', address1: '742 Valencia St', city: 'San Francisco', state: 'CA', zipcode: '94110', phone: '415-555-0142', email: '' },
      to: { ...address, firstName: 'Rosa', lastName: 'Parcel', address1: '12 Elm St', city: 'Austin', state: 'TX', zipcode: '73301', phone: '512-555-0199', email: 'rosa.parcel@example.com' },
      parcel: { length: '8', width: '6', height: '4', weightLb: '1', weightOz: '0' },
      insuredValue: '',
      comments: '',
      saveRecipient: false,
    })
  ).json();
  const rate = rated.data.rates.find((offered) => offered.cheapest) ?? rated.data.rates[0];
  const bought = await (await call('/app/v1/labelPurchase/buy', { draftId: rated.data.draftId, rateId: rate.rateId, notifyRecipient: true })).json();
  const token = new URL(bought.redirectURL, base).searchParams.get('token');
  await fetch(`${base}/app/v1/payments/simulator/approve`, {
    method: 'POST',
    headers: { cookie, origin: base, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token }),
    redirect: 'manual',
  });
  // The payment's return (followed by a browser) captures it and buys the label.
  const approved = await call(`/app/v1/payments/return?token=${encodeURIComponent(token)}`);
  if (approved.status >= 400) throw new Error(`the label for the tracking page was not bought: ${approved.status}`);
  for (const row of await listed()) {
    const url = await detailOf(row);
    if (url) return new URL(url).pathname;
  }
  throw new Error('no label with a tracking page');
}

const dataDir = mkdtempSync(join(tmpdir(), 'airbox-screens-'));
const portal = await startPortal({
  databaseUrl: args.database ?? `sqlite:${join(dataDir, 'portal.db')}`,
  dataDir,
  serverDir,
  env: { SEED_DEMO_DATA: 'true', WEB_DIST_DIR: webDist },
});
// Launched inside the try: a browser that fails to start still stops the portal.
let browser;
try {
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
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
    await walkToRates(page);
    await page.screenshot({ path: join(out, `label-rates-${width}.png`), fullPage: true });
    console.log(`label-rates-${width}.png`);
    await context.close();
  }
  // Taken last: buying a label for it would change the lists above.
  const tracking = await trackingPagePath(portal.base);
  for (const [width, viewport] of Object.entries(WIDTHS)) {
    const context = await browser.newContext({ viewport, baseURL: portal.base });
    const page = await context.newPage();
    await page.goto(tracking);
    await settle(page);
    await page.screenshot({ path: join(out, `tracking-page-${width}.png`), fullPage: true });
    console.log(`tracking-page-${width}.png`);
    await context.close();
  }
} finally {
  await browser?.close();
  await portal.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
