import { expect, test } from '@playwright/test';
import { DEMO, signIn } from '../support/accounts';
import { STILL_LOADING, expectNoSeriousViolations } from '../support/axe';

// With the transitions customers see by default (playwright.config.ts runs the others without).
test.use({ reducedMotion: 'no-preference' });

/** axe on every screen of spec 01: no serious or critical violation. */
const PUBLIC_SCREENS = [
  ['login', '/app/login', 'button:has-text("Login")'],
  ['forgot password', '/app/lock', 'form'],
  ['reset password', '/app/reset?Email=demo%40example.com&generatedId=abc', 'form'],
  ['barcode', '/app/barcode/RT123456/', 'img'],
  ['payment success', '/app/payment?amount=25.00', '[role="dialog"]'],
  ['locker pickup code', '/app/ShowQRcode?o=DEMO-1001&m=DEMO', 'text=/^Pickup code: \\d+/'],
  ['expired link', '/app/loseefficacy', '[role="dialog"]'],
  ['activation', '/app/active/unknown-code/', '[role="dialog"]'],
] as const;

/** Public screens whose content waits for a call: axe also checks what shows meanwhile. */
const LOADING_SCREENS = [
  ['locker pickup code', '/app/ShowQRcode?o=DEMO-1001&m=DEMO', '**/app/v1/getThirdPartyOrders?*', 'Loading the pickup code'],
  ['barcode', '/app/barcode/RT123456/', '**/app/v1/genCode128?*', 'Loading the barcode'],
] as const;

const SIGNED_IN_SCREENS = [
  ['dashboard', '/app/dashboard', 'section[aria-label="Packages Not Picked Up"] >> text=/^\\d+$/'],
  ['pay success', '/app/paySuccess', 'text=Pay Success!'],
  ['pay cancel', '/app/payCancel', 'text=Pay Cancel!'],
] as const;

for (const [name, path, ready] of PUBLIC_SCREENS) {
  test(`${name} screen has no serious accessibility violation`, async ({ page }) => {
    await page.goto(path);
    await page.locator(ready).first().waitFor();
    // An alert screen may replace one alert by another (activation → expired link): check the one
    // that stays, named, not one fading out.
    if (ready.includes('dialog')) await expect(page.getByRole('dialog', { name: /\S/ })).toHaveCount(1);
    await expectNoSeriousViolations(page);
  });
}

for (const [name, path, call, placeholder] of LOADING_SCREENS) {
  test(`${name} screen has no serious accessibility violation while it loads`, async ({ page }) => {
    // The call is held (never answered) until axe is done.
    await page.route(call, () => undefined);
    await page.goto(path);
    await page.getByRole('progressbar', { name: placeholder }).waitFor();
    await expectNoSeriousViolations(page);
  });
}

for (const [name, path, ready] of SIGNED_IN_SCREENS) {
  test(`${name} screen has no serious accessibility violation`, async ({ context, page, baseURL }) => {
    await signIn(context, baseURL!, DEMO.email, DEMO.password);
    await page.goto(path);
    await page.locator(ready).first().waitFor();
    // An alert screen may replace one alert by another (activation → expired link): check the one
    // that stays, named, not one fading out.
    if (ready.includes('dialog')) await expect(page.getByRole('dialog', { name: /\S/ })).toHaveCount(1);
    await expect(page.locator(STILL_LOADING)).toHaveCount(0);
    await expectNoSeriousViolations(page);
  });
}

test('the dashboard has no serious accessibility violation on a phone', async ({ context, page, baseURL }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(context, baseURL!, DEMO.email, DEMO.password);
  await page.goto('/app/dashboard');
  await page.getByRole('region', { name: 'Packages Not Picked Up' }).getByText('3', { exact: true }).waitFor();
  await expect(page.locator(STILL_LOADING)).toHaveCount(0);
  await expectNoSeriousViolations(page);
});
