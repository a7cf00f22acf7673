#!/usr/bin/env node
/**
 * The speed a customer feels from LOGIN to the dashboard. Starts the built server
 * (apps/server/dist and apps/web/dist, `npm run build` first) on a temporary SQLite database with
 * the demo data, then, --runs times, in a fresh browser context (nothing cached, as on a first
 * visit) of headless Chromium (/usr/bin/chromium):
 *   opens /app/login, fills the form and waits --think-ms (the time a person takes to type; what
 *   the page does meanwhile, such as preloading, is part of what is measured);
 *   clicks LOGIN and waits until the dashboard's count of packages not picked up is on screen.
 * The time is taken in the page (performance.now() at the click's pointerdown, then at the first
 * animation frame where the count is shown). Prints one Markdown table: median and p90 in ms,
 * and how many JavaScript files the page requested in all and after the click.
 *
 *   node scripts/measure/login-to-dashboard.mjs [--runs 15] [--think-ms 1500]
 *     [--build <server dir>:<web dist>]...
 *
 * --build (default apps/server:apps/web/dist) may point at another checkout's build (e.g. a
 * `git archive` of an older commit). Given several times, each build gets its own server and the
 * runs alternate between them, so that a busy machine slows every build alike: a fair before and
 * after. Loopback only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { DEMO, percentile, startPortal } from '../bench/lib.mjs';

/* global window, document, Element, requestAnimationFrame -- watchInPage and the waits run in the page */

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '15' },
    'think-ms': { type: 'string', default: '1500' },
    build: { type: 'string', multiple: true, default: [`${resolve(import.meta.dirname, '../../apps/server')}:${resolve(import.meta.dirname, '../../apps/web/dist')}`] },
  },
});
const runs = Number(args.runs);
const thinkMs = Number(args['think-ms']);
const builds = args.build.map((build) => {
  const [serverDir, webDist] = build.split(':');
  if (!serverDir || !webDist) throw new Error(`--build ${build}: give <server dir>:<web dist>`);
  return { serverDir: resolve(serverDir), webDist: resolve(webDist) };
});
const COUNT_REGION = 'Packages Not Picked Up';

/** A portal of `build` on its own SQLite file with the demo data. */
function startServer(dir, { serverDir, webDist }) {
  const name = `measure-${servers.length}`;
  return startPortal({
    databaseUrl: `sqlite:${join(dir, `${name}.db`)}`,
    dataDir: join(dir, name),
    serverDir,
    env: { WEB_DIST_DIR: webDist, SEED_DEMO_DATA: 'true', AUTH_RATE_LIMIT_PER_MINUTE: '1000' },
  });
}

/** Watches, in the page, for the click on LOGIN and for the dashboard's count on screen. */
function watchInPage(region) {
  const state = { clickedAt: undefined, shownAt: undefined };
  window.__loginToDashboard = state;
  document.addEventListener(
    'pointerdown',
    (event) => {
      if (state.clickedAt === undefined && event.target instanceof Element && event.target.closest('button[type="submit"]')) {
        state.clickedAt = performance.now();
      }
    },
    true,
  );
  const countShown = () =>
    [...document.querySelectorAll(`section[aria-label="${region}"] *`)].some(
      (element) => element.children.length === 0 && /^\d+$/.test(element.textContent.trim()) && element.getClientRects().length > 0,
    );
  const frame = () => {
    if (state.clickedAt !== undefined && countShown()) {
      state.shownAt = performance.now();
      return;
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

/** One run: a fresh context, the login form filled in, LOGIN clicked, the count waited for. */
async function measureOnce(browser, base) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 800 } });
  try {
    const page = await context.newPage();
    let clicked = false;
    let inAll = 0;
    let afterClick = 0;
    page.on('request', (request) => {
      if (request.resourceType() !== 'script') return;
      inAll += 1;
      if (clicked) afterClick += 1;
    });
    await page.addInitScript(watchInPage, COUNT_REGION);
    await page.goto(`${base}/app/login`);
    await page.getByLabel('Email').fill(DEMO.name);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
    await page.waitForTimeout(thinkMs);
    clicked = true;
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForFunction(() => window.__loginToDashboard.shownAt !== undefined, undefined, { timeout: 30_000 });
    const { clickedAt, shownAt } = await page.evaluate(() => window.__loginToDashboard);
    return { ms: shownAt - clickedAt, inAll, afterClick };
  } finally {
    await context.close();
  }
}

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

const dir = mkdtempSync(join(tmpdir(), 'airbox-measure-'));
const servers = [];
let browser;
try {
  for (const build of builds) servers.push({ ...build, ...(await startServer(dir, build)), results: [] });
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  for (let run = 0; run < runs; run += 1) {
    for (const server of servers) server.results.push(await measureOnce(browser, server.base));
  }
  console.log(`| build (web dist) | runs | median ms | p90 ms | min ms | max ms | JS files in all | JS files after LOGIN |`);
  console.log(`|---|---|---|---|---|---|---|---|`);
  for (const server of servers) {
    const times = server.results.map((result) => result.ms).sort((a, b) => a - b);
    console.log(
      `| ${server.webDist} | ${runs} | ${median(times).toFixed(0)} | ${percentile(times, 90).toFixed(0)} | ${times[0].toFixed(0)} | ${times.at(-1).toFixed(0)} | ` +
        `${median(server.results.map((result) => result.inAll))} | ${median(server.results.map((result) => result.afterClick))} |`,
    );
  }
} finally {
  await browser?.close();
  for (const server of servers) await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
