import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { LOCKER_API_KEY } from './support/locker';

/**
 * The journeys run against the production build served by the real server, on a fresh SQLite
 * database seeded with the demo data, with mail written to a fresh outbox the tests read.
 */
const PORT = Number(process.env.E2E_PORT ?? 8181);
const workDir = process.env.E2E_WORK_DIR ?? mkdtempSync(join(tmpdir(), 'airbox-e2e-'));
process.env.E2E_WORK_DIR = workDir;
export const baseURL = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: './tests',
  // The longest journeys (registration, a label bought through every step) took 15-20 s on this
  // 2-core machine when the other worker ran a journey too; since the pickup screens, the fuller
  // dashboard and the login screen's idle preloading, a screen's first data can take 8-15 s to
  // show while both workers load pages (2026-11-23). 60 s per journey and 20 s per expectation
  // leave room for that without hiding a journey that hangs; the longest mark themselves slow.
  timeout: 60_000,
  expect: { timeout: 20_000 },
  fullyParallel: true,
  // Three journeys at once on this 2-core machine: in Chromium's headless shell a journey leaves a
  // core idle while it waits on the server or the next frame, and a third fills it (141 journeys,
  // 2026-11-29, alternating: 294 and 269 s on 2 workers, 267 and 250 s on 3). With the full
  // browser a third worker gained nothing (2026-11-28): it kept both cores busy at 2.
  workers: 3,
  // A journey that fails runs once more, traced (below); should it pass then, it was flaky, and a
  // flaky journey fails the run as a failed one does (failOnFlakyTests): a flaky test is a defect.
  retries: 1,
  failOnFlakyTests: true,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  use: {
    baseURL,
    // The browser asks for less motion (prefers-reduced-motion), as some customers' devices do:
    // dialogs, menus and drawers appear at once instead of fading and sliding. That is the app's
    // own reduced-motion theme under test, and the journeys took 4-14 % less time (141 journeys,
    // 2 workers, 2026-11-28: 490 s against 569 s, and 613 s against 638 s an hour later, the
    // machine slower): the browser no longer paints each frame of every transition. The journeys
    // that check the page with axe and through the keyboard (accessibility, phone-and-keyboard,
    // pickups) keep the motion ('no-preference'): they cover what moves, where a check can catch
    // a menu mid-animation.
    reducedMotion: 'reduce',
    // A failed journey's second run keeps its trace: every action with the page's DOM before and
    // after it. Recorded in every journey and thrown away when it passed (retain-on-failure), the
    // DOM snapshots and their files took 8 % of the journeys' CPU (2026-11-29: 538 s against 493
    // s). Without the screencast (a JPEG of every frame drawn).
    trace: { mode: 'on-first-retry', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's headless shell of Chromium (scripts/test.mjs installs it): Chromium's engine
      // without the full browser's windows and their interface, which /usr/bin/chromium also runs
      // when headless; the journeys took a third less time in it (2026-11-29).
      executablePath: '/usr/bin/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // V8 runs the pages' scripts in its interpreter and baseline compiler only: a journey's
        // page lives seconds, and its optimizing compilers (Maglev, TurboFan) spent CPU compiling
        // hot functions that the page was gone before it paid back. What a script does is the same
        // in every tier. Five journey files, three runs each (2026-11-29, issue 24): the browser's
        // CPU 71-76 s against 58-64 s with them off, and 63-68 s against 56-62 s of wall time.
        '--js-flags=--no-opt --no-maglev',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: 'node ../apps/server/dist/server.js',
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATABASE_URL: `sqlite:${join(workDir, 'e2e.db')}`,
      MAIL_OUTBOX_DIR: join(workDir, 'outbox'),
      SESSION_SECRET: 'e2e-session-secret-that-is-long-enough-0123456789',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      // Journeys deliver through the locker events API as a controller does (support/locker.ts).
      LOCKER_API_KEYS: LOCKER_API_KEY,
      LOG_LEVEL: 'warn',
    },
  },
});
