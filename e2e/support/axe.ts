import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import axe from 'axe-core';

/**
 * Waits until every finite animation and CSS transition on the page has ended: a menu that is
 * still fading out after its choice (MUI keeps it in the page, hidden from the accessibility
 * tree, until its exit ends) has half-transparent text that axe reads as low colour contrast, as
 * seen on a busy machine. Endless ones (a spinner) are not waited for.
 */
async function transitionsFinished(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * What a screen shows while its data is on its way: an indeterminate progress bar (the calls'
 * bar at the top, a spinner) or a skeleton. Wait for none before axe on a screen that loads data,
 * so that axe reads the screen as drawn rather than one replaced while it runs.
 */
export const STILL_LOADING = '[role="progressbar"]:not([aria-valuenow]), .MuiSkeleton-root';

/**
 * Puts axe-core (570 KB of script) in the page once a document: AxeBuilder's legacy run sends and
 * evaluates it twice a check, about 40 % of what the checks cost the browser and the test worker
 * (120 checks: 90 s of CPU in all, 38 s less once a document; 2026-11-29). The page keeps it
 * while the app changes screens in place; a page loaded anew gets it again.
 */
async function withAxe(page: Page): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
}

/** What AxeBuilder evaluates before each check instead of axe-core's source: the page has it (withAxe). */
const AXE_ALREADY_IN_PAGE = 'void 0';

/**
 * axe on the whole page once nothing is moving, every rule: no serious or critical violation.
 *
 * Configured once for every journey, and for speed only where nothing is lost:
 * - legacy mode runs `axe.run` in the page itself instead of partial runs in each frame finished
 *   in a new blank page (about a second a check on a busy machine); its one limit, cross-origin
 *   frames left out, does not apply: the app has no frames;
 * - `resultTypes: ['violations']` still finds every violation, and keeps one example node of
 *   each passed or inapplicable rule instead of all of them.
 */
export async function expectNoSeriousViolations(page: Page): Promise<void> {
  await transitionsFinished(page);
  await withAxe(page);
  const results = await new AxeBuilder({ page, axeSource: AXE_ALREADY_IN_PAGE }).setLegacyMode().options({ resultTypes: ['violations'] }).analyze();
  const serious = results.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''));
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(' ')}`)).toEqual([]);
}
