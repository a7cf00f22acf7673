import { expect, test } from '@playwright/test';
import { createAccount, signIn } from '../support/accounts';
import { expectNoSeriousViolations } from '../support/axe';
import { deliverAsController, LOCKER_API_KEY } from '../support/locker';

/*
 * Issue 22 item 1, share a pickup: the owner shares a waiting package from the dashboard and copies
 * the link; someone signed out opens it and sees the owner's first name, the code and the hub; the
 * locker controller reports the pickup with the shared code through the locker events API; the
 * owner's dashboard no longer lists the package and the link says it was picked up. At a laptop's
 * width and a phone's. SHARE_SHOTS=<dir> keeps screenshots of the dialog and the page.
 */

const FIRST_LOAD = { timeout: 25_000 };
test.describe.configure({ timeout: 90_000 });
const tracking = (suffix: string) => `9400${Date.now()}${suffix}`.slice(0, 22);
const shots = process.env.SHARE_SHOTS;

for (const viewport of [
  { width: 1366, height: 800 },
  { width: 375, height: 740 },
]) {
  test(`at ${viewport.width} px: a pickup shared from the dashboard, opened signed out, collected with the shared code`, async ({ browser, context, page, baseURL }) => {
    await page.setViewportSize(viewport);
    const account = await createAccount({ firstName: 'Robin' });
    await signIn(context, baseURL!, account.email, account.password);
    const hubs = await context.request.get(`/app/v1/getLockerInfoByUser?user_id=${account.userId}`);
    const hub = ((await hubs.json()) as { locker_info: { id: string; business_name: string }[] }).locker_info.find((h) => h.business_name === 'AirBox Union Square')!;
    const delivered = await deliverAsController(page.request, { boxId: account.boxId, hubId: hub.id, trackingNo: tracking('7') });

    await page.goto('/app/dashboard');
    const item = page.getByRole('list', { name: 'Waiting packages' }).getByRole('listitem').filter({ hasText: delivered.pickupCode });
    await item.getByRole('button', { name: /Share pickup of the USPS package/ }).click(FIRST_LOAD);
    const dialog = page.getByRole('dialog', { name: 'Share pickup' });
    await expect(dialog.getByRole('radio', { name: 'Copy a link' })).toBeChecked();
    if (shots) await dialog.screenshot({ path: `${shots}/share-dialog-${viewport.width}.png` });
    await dialog.getByRole('button', { name: 'Share pickup' }).click();
    const link = dialog.getByRole('textbox', { name: 'Pickup link' });
    await expect(link).toHaveValue(/\/pickup\/[A-Za-z0-9_-]{43}$/);
    const url = await link.inputValue();
    const sharedCode = (await dialog.locator('strong').first().textContent())!.trim();
    expect(sharedCode).toMatch(/^\d{6}$/);
    expect(sharedCode).not.toBe(delivered.pickupCode);
    await expectNoSeriousViolations(page);
    if (shots) await page.screenshot({ path: `${shots}/share-dialog-done-${viewport.width}.png` });
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
    await expect(item).toContainText('Pickup shared by link');

    // Someone signed out opens the link.
    const stranger = await browser.newContext({ viewport });
    const shared = await stranger.newPage();
    await shared.goto(new URL(url).pathname);
    await expect(shared.getByRole('heading', { level: 1, name: 'Package pickup' })).toBeVisible(FIRST_LOAD);
    await expect(shared.getByText('Shared by Robin')).toBeVisible();
    await expect(shared.getByText(sharedCode, { exact: true })).toBeVisible();
    await expect(shared.getByRole('img', { name: `QR code of pickup code ${sharedCode}` })).toBeVisible();
    await expect(shared.getByRole('heading', { name: hub.business_name })).toBeVisible();
    await expect(shared.getByRole('link', { name: /Get directions/ })).toHaveAttribute('href', /google\.com\/maps/);
    await expect(shared.getByText(account.email)).toHaveCount(0);
    await expectNoSeriousViolations(shared);
    const scrollWidth = await shared.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(viewport.width);
    if (shots) await shared.screenshot({ path: `${shots}/share-page-${viewport.width}.png`, fullPage: true });

    // The locker controller reports the pickup with the shared code; the owner's code is then dead.
    const picked = await page.request.post('/app/v1/locker/events', { headers: { 'x-api-key': LOCKER_API_KEY }, data: { type: 'picked_up', hubId: hub.id, pickupCode: sharedCode } });
    expect(picked.status()).toBe(200);
    const again = await page.request.post('/app/v1/locker/events', { headers: { 'x-api-key': LOCKER_API_KEY }, data: { type: 'picked_up', hubId: hub.id, pickupCode: delivered.pickupCode } });
    expect(again.status()).toBe(409);

    await page.reload();
    await expect(page.getByText('No packages are waiting for you.')).toBeVisible(FIRST_LOAD);
    await shared.reload();
    await expect(shared.getByText('This package has been picked up, so this link no longer works. Nothing more to do here.')).toBeVisible(FIRST_LOAD);
    await expectNoSeriousViolations(shared);
    if (shots) await shared.screenshot({ path: `${shots}/share-page-used-${viewport.width}.png` });
    await stranger.close();
  });
}
