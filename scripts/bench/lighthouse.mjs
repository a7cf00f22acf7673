/**
 * Lighthouse (npm `lighthouse`, mobile profile: its default) with Debian's Chromium on the login
 * page and on the signed-in dashboard of a portal started on a temp SQLite database with the demo
 * data. The dashboard gets the demo customer's session cookie through extraHeaders. Prints the
 * performance and accessibility scores against the targets (0.95 and 1.0).
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { DEMO, ensureDebianPackages, markdownTable, startPortal } from './lib.mjs';

const CHROMIUM = '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const TARGET = { performance: 0.95, accessibility: 1 };

function verdict(score, target) {
  if (score === null || score === undefined) return 'no score';
  return `${score.toFixed(2)} ${score >= target ? 'met' : `missed by ${(target - score).toFixed(2)}`}`;
}

/** Signs in as the web app does: the session cookie, and the login answer's user and version. */
async function signInAsTheWebApp(base) {
  const response = await fetch(`${base}/app/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(DEMO).toString(),
  });
  const answer = await response.json();
  const cookie = response.headers.getSetCookie().map((c) => c.split(';', 1)[0]).filter((c) => !c.endsWith('=')).join('; ');
  if (!cookie.includes('airbox_session=') || !answer.user?.[0]) throw new Error(`login failed: ${response.status} ${JSON.stringify(answer)}`);
  return { cookie, user: answer.user[0], version: answer.version };
}

/**
 * The web app keeps readable hint cookies (user_id, role_id, BOXID, ...) written from the login
 * answer and shows the signed-in pages only when they are there; the session cookie also goes with
 * extraHeaders. Lighthouse's storage reset is off for that page, so they stay.
 */
async function setBrowserCookies(port, base, hints, sessionCookie) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    // Chromium's cookie store wins over an extra Cookie header: the session cookie goes in it too.
    const session = sessionCookie.split('; ').map((pair) => {
      const [name, ...value] = pair.split('=');
      return { name, value: value.join('='), url: base, path: '/', httpOnly: true, sameSite: 'Lax' };
    });
    const readable = Object.entries(hints).map(([name, value]) => ({ name, value: value === null ? '' : String(value), url: base, path: '/', sameSite: 'Lax' }));
    await page.setCookie(...readable, ...session);
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

export async function run() {
  ensureDebianPackages(['chromium'], { command: CHROMIUM });
  const dir = mkdtempSync(join(tmpdir(), 'airbox-bench-lighthouse-'));
  const portal = await startPortal({ databaseUrl: `sqlite:${join(dir, 'portal.db')}`, dataDir: dir, env: { SEED_DEMO_DATA: 'true' } });
  let chrome;
  let ok = true;
  try {
    mkdirSync(join(dir, 'chromium'));
    chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS, userDataDir: join(dir, 'chromium') });
    const { cookie, user, version } = await signInAsTheWebApp(portal.base);
    const pages = [
      { name: 'Login', url: `${portal.base}/app/login`, headers: {}, keepStorage: false },
      { name: 'Dashboard (signed in)', url: `${portal.base}/app/dashboard`, headers: { Cookie: cookie }, keepStorage: true },
    ];
    const rows = [];
    for (const page of pages) {
      // After the login page (signed out): the dashboard's visit is a signed-in customer's.
      if (page.keepStorage) await setBrowserCookies(chrome.port, portal.base, { ...user, version }, cookie);
      const result = await lighthouse(page.url, {
        port: chrome.port,
        output: 'json',
        logLevel: process.env.LIGHTHOUSE_LOG ?? 'error',
        onlyCategories: ['performance', 'accessibility'],
        extraHeaders: page.headers,
        // Keep the hint cookies set above (a reset clears the origin's data, cookies included).
        disableStorageReset: page.keepStorage,
      });
      const { lhr } = result;
      if (lhr.runtimeError) {
        console.error(`${page.name}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        ok = false;
      }
      if (lhr.finalDisplayedUrl && !lhr.finalDisplayedUrl.startsWith(page.url)) console.log(`${page.name} ended at ${lhr.finalDisplayedUrl}`);
      const audits = lhr.audits;
      const failing = Object.values(lhr.categories.accessibility.auditRefs)
        .filter((ref) => ref.weight > 0 && audits[ref.id]?.score === 0)
        .map((ref) => ref.id);
      rows.push([
        page.name,
        verdict(lhr.categories.performance.score, TARGET.performance),
        verdict(lhr.categories.accessibility.score, TARGET.accessibility),
        audits['first-contentful-paint']?.displayValue ?? '',
        audits['largest-contentful-paint']?.displayValue ?? '',
        audits['total-blocking-time']?.displayValue ?? '',
        failing.join(', ') || '—',
      ]);
    }
    console.log(
      markdownTable(
        ['Page', `performance (≥ ${TARGET.performance})`, `accessibility (${TARGET.accessibility.toFixed(1)})`, 'FCP', 'LCP', 'TBT', 'failing accessibility audits'],
        rows,
      ),
    );
    console.log('\nMobile profile (Lighthouse defaults: simulated slow 4G and 4x CPU slowdown), Debian Chromium, headless.');
  } finally {
    chrome?.kill();
    await portal.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  return ok;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const ok = await run();
  process.exit(ok ? 0 : 1);
}
