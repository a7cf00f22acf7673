import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createAccount, signIn } from '../support/accounts';
import { expectNoSeriousViolations } from '../support/axe';
import { saveOrderThroughApi } from '../support/labels';
import { LOCKER_API_KEY } from '../support/locker';
import { serverCommand } from '../support/test-server';

/**
 * Drop it off at your hub (issue 23 item 1), at 1366 and 375 px: a label bought with "I'll drop it
 * off at my AirBox hub" at Review and pay, its drop-off code and QR code after the payment and on
 * its row, the parcel dropped off through the locker events API as a hub's controller does, the
 * label 'Dropped off at <hub>', then the hub's daily pickup booked (npm run locker -- hub-pickups)
 * and the carrier's first scan (npm run carrier -- advance): in transit. DROP_OFF_SHOTS=<dir>
 * keeps screenshots.
 */

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

async function shot(page: Page, name: string) {
  const dir = process.env.DROP_OFF_SHOTS;
  if (dir) await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

for (const viewport of [
  { name: 'desktop', width: 1366, height: 800 },
  { name: 'phone', width: 375, height: 740 },
]) {
  test(`${viewport.name}: a label dropped off at the customer's hub, its code shown, dropped off through the locker API, then scanned after the hub's pickup`, async ({
    context,
    page,
    baseURL,
  }) => {
    test.slow();
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const account = await createAccount();
    await signIn(context, baseURL!, account.email, account.password);
    await saveOrderThroughApi(context.request, { comments: `Drop-off ${viewport.name}` });

    // The order in progress, continued to Review and pay.
    await page.goto('/app/ShipmentParent/MyOrder');
    const order = page.getByRole('listitem').or(page.getByRole('row')).filter({ hasText: `Drop-off ${viewport.name}` }).first();
    await order.getByRole('link', { name: /^CONTINUE PURCHASE/ }).click();
    for (const step of ['From step', 'To step', 'Package step']) {
      const form = page.getByRole('form', { name: step });
      await expect(form.getByRole('button', { name: 'Next' })).toBeEnabled();
      await form.getByRole('button', { name: 'Next' }).click();
    }
    await page.getByRole('form', { name: 'Options step' }).getByRole('button', { name: 'Check addresses' }).click();
    const usps = page.getByRole('radiogroup', { name: 'Services' }).locator('label').filter({ hasText: 'USPS' }).first();
    await usps.getByRole('radio').check();
    await page.getByRole('form', { name: 'Rates step' }).getByRole('button', { name: 'Next' }).click();

    // Review and pay: a carrier pickup until "I'll drop it off at my AirBox hub" is chosen, by keyboard.
    const review = page.getByRole('form', { name: 'Review and pay step' });
    const how = review.getByRole('radiogroup', { name: 'How the parcel reaches the carrier' });
    await expect(how.getByRole('radio', { name: /^The carrier picks it up/ })).toBeChecked();
    const hubChoice = how.getByRole('radio', { name: "I'll drop it off at my AirBox hub" });
    await expect(hubChoice).toBeEnabled();
    await hubChoice.focus();
    await page.keyboard.press('Space');
    await expect(hubChoice).toBeChecked();
    const hubField = review.getByRole('combobox', { name: 'AirBox hub' });
    const hubName = ((await hubField.textContent()) ?? '').replace(' (your hub)', '').trim();
    expect(hubName).not.toBe('');
    await expect(review).toContainText('After you pay you get a drop-off code and its QR code.');
    await expectNoSidewaysScroll(page);
    await expectNoSeriousViolations(page);
    await shot(page, `${viewport.name}-1-review`);
    await review.getByRole('button', { name: /^Pay \$/ }).click();

    // Paid on the simulator: the note after the payment shows the code and its QR code.
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page).toHaveURL(/\/app\/ShipmentParent\/shipment\?labelOrder=/);
    const orderNo = new URL(page.url()).searchParams.get('labelOrder')!;
    const ready = page.getByRole('alert').filter({ hasText: `Your label for order ${orderNo} is ready: drop the parcel off at ${hubName}` });
    await expect(ready).toBeVisible();
    const code = (await ready.getByText(/^[2-9A-HJ-NP-Z]{5}-[2-9A-HJ-NP-Z]{5}$/).textContent())!;
    await expect(ready.getByRole('img', { name: `QR code of drop-off code ${code}` })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousViolations(page);
    await shot(page, `${viewport.name}-2-code-after-payment`);

    // The label's row: where to drop it off, and the code on demand.
    await ready.getByRole('button', { name: 'Close' }).click();
    const label = page.getByRole('row').or(page.getByRole('listitem')).filter({ hasText: orderNo }).first();
    await expect(label).toContainText(`Drop off at ${hubName}`);
    await label.getByRole('button', { name: 'SHOW DROP-OFF CODE' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your drop-off code' });
    await expect(dialog.getByText(code)).toBeVisible();
    await expect(dialog.getByRole('img', { name: `QR code of drop-off code ${code}` })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousViolations(page);
    await shot(page, `${viewport.name}-3-code-dialog`);
    await dialog.getByRole('button', { name: 'CLOSE' }).click();

    // At the hub: the controller asks for a compartment for the code (answered once, with the label's ZPL), then reports the parcel in.
    const hubs = await (await context.request.get(`/app/v1/getLockerInfoByUser?user_id=${account.userId}`)).json();
    const hubId = (hubs.locker_info as { id: string; business_name: string }[]).find((hub) => hub.business_name === hubName)!.id;
    const headers = { 'x-api-key': LOCKER_API_KEY };
    const opened = await context.request.post('/app/v1/locker/dropOffs/open', { headers, data: { hubId, code } });
    expect(opened.status()).toBe(200);
    const compartment = await opened.json();
    expect(compartment).toMatchObject({ errorcode: 0, orderNo, carrier: 'USPS' });
    expect(compartment.labelZpl).toMatch(/^\^XA[\s\S]*\^XZ\s*$/);
    // The same code again opens nothing.
    expect((await context.request.post('/app/v1/locker/dropOffs/open', { headers, data: { hubId, code } })).status()).toBe(409);
    const dropped = await context.request.post('/app/v1/locker/dropOffs/in', { headers, data: { hubId, code, door: { column: 'C', row: 2, low: true } } });
    expect(dropped.status()).toBe(200);

    await page.reload();
    const inLocker = page.getByRole('row').or(page.getByRole('listitem')).filter({ hasText: orderNo }).first();
    await expect(inLocker.getByText(`Dropped off at ${hubName}`)).toBeVisible();
    await expect(inLocker.getByRole('button', { name: 'SHOW DROP-OFF CODE' })).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await expectNoSeriousViolations(page);
    await shot(page, `${viewport.name}-4-dropped-off`);

    // The hub's daily pickup, then the carrier's first scan.
    const booked = JSON.parse(await serverCommand('locker', 'hub-pickups')) as { hubId: string; carrier: string; confirmation: string }[];
    expect(booked.find((pickup) => pickup.hubId === hubId && pickup.carrier === 'USPS')?.confirmation).toBeTruthy();
    const trackingCode = (await inLocker.getByText(/^9\d{21}$/).first().textContent())!;
    expect(await serverCommand('carrier', 'advance', trackingCode)).toContain('in transit');
    await page.reload();
    const scanned = page.getByRole('row').or(page.getByRole('listitem')).filter({ hasText: orderNo }).first();
    await expect(scanned.getByText('in transit')).toBeVisible();
    await expect(scanned).not.toContainText('Dropped off at');
    await shot(page, `${viewport.name}-5-in-transit`);
  });
}
