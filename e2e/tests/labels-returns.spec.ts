import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createAccount, signIn, toast } from '../support/accounts';
import { expectNoSeriousViolations } from '../support/axe';
import { RECIPIENT, SENDER, buyLabelThroughApi, fitsTheScreen, labelOf, openLabelMenu } from '../support/labels';
import { serverCommand } from '../support/test-server';

/*
 * Issue 23 items 2 and 3, at 1366 and 375 px: a USPS label delivered (the carriers simulator moved
 * by npm run carrier -- advance, as an operator does); CREATE RETURN LABEL in its menu opens the
 * label page with the addresses swapped and today's rates; at Review and pay "QR code to show at
 * the counter" is chosen by keyboard; paid through the payment simulator; the return label's row
 * says which order it returns and shows its QR code (a real PNG); SEND RETURN LABEL mails it.
 * RETURNS_SHOTS=<dir> keeps screenshots.
 */

const FIRST_LOAD = { timeout: 25_000 };
test.describe.configure({ timeout: 150_000 });
const shots = process.env.RETURNS_SHOTS;
async function shot(page: Page, name: string) {
  if (shots) await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
}

for (const viewport of [
  { width: 1366, height: 800 },
  { width: 375, height: 740 },
]) {
  const narrow = viewport.width < 900;

  test(`at ${viewport.width} px: a return label of a delivered label, with its QR code to show at the counter, bought, shown and sent`, async ({ context, page, baseURL }) => {
    await page.setViewportSize(viewport);
    const account = await createAccount({ firstName: 'Robin' });
    await signIn(context, baseURL!, account.email, account.password);
    const { orderNo } = await buyLabelThroughApi(context.request, { carrier: 'USPS' });
    const list = await context.request.get('/app/v1/userGetShipment', { params: { user_id: account.userId, start: 0, num: 10 } });
    const outbound = ((await list.json()) as { data: { list: { orderNo: string; trackingNum: string }[] } }).data.list.find((row) => row.orderNo === orderNo)!;
    // Delivered: the carrier's scans, one step at a time.
    for (const status of ['in transit', 'out for delivery', 'delivered']) expect(await serverCommand('carrier', 'advance', outbound.trackingNum)).toContain(status);

    // Purchased Labels: the delivered label's menu offers its return.
    await page.goto('/app/ShipmentParent/shipment');
    const delivered = labelOf(page, narrow, orderNo);
    await expect(delivered).toContainText('delivered', FIRST_LOAD);
    const menu = await openLabelMenu(page, delivered);
    await expect(menu.getByRole('menuitem', { name: 'CREATE RETURN LABEL' })).toBeVisible();
    await expect(page.locator('.MuiMenu-paper')).toHaveCSS('opacity', '1');
    await expectNoSeriousViolations(page);
    await shot(page, `returns-${viewport.width}-1-menu`);
    const rated = page.waitForResponse((response) => response.url().endsWith('/app/v1/labelPurchase/rates') && response.request().method() === 'POST');
    await menu.getByRole('menuitem', { name: 'CREATE RETURN LABEL' }).click();

    // The label page: the addresses swapped, rated as a return at once.
    const ratedAnswer = await rated;
    expect(ratedAnswer.request().postDataJSON()).toMatchObject({ from: { address1: RECIPIENT.address1 }, to: { address1: SENDER.address1 } });
    expect((await ratedAnswer.json()).errorcode).toBe(0);
    await expect(page.getByText(new RegExp(`^A return label for order ${orderNo}: the addresses are swapped`))).toBeVisible(FIRST_LOAD);
    await expect(page.getByRole('heading', { level: 2, name: 'Rates' })).toBeVisible();
    const usps = page.getByRole('radiogroup', { name: 'Services' }).locator('label').filter({ hasText: 'USPS' }).first();
    await usps.getByRole('radio').check();
    expect(await fitsTheScreen(page)).toBe(true);
    await expectNoSeriousViolations(page);
    await shot(page, `returns-${viewport.width}-2-rates`);
    await page.getByRole('form', { name: 'Rates step' }).getByRole('button', { name: 'Next' }).click();

    // Review and pay: the return's sender is the outbound recipient; a QR code chosen by keyboard.
    const review = page.getByRole('form', { name: 'Review and pay step' });
    await expect(review).toContainText(`Return label for order ${orderNo}.`);
    await expect(review.getByLabel('Your label')).toContainText(`${RECIPIENT.address1}, ${RECIPIENT.city}`);
    const labelChoice = review.getByRole('radiogroup', { name: 'Printed label or QR code' });
    await expect(labelChoice.getByRole('radio', { name: 'Printed label' })).toBeChecked();
    await labelChoice.getByRole('radio', { name: 'Printed label' }).focus();
    await page.keyboard.press('ArrowDown');
    await expect(labelChoice.getByRole('radio', { name: 'QR code to show at the counter' })).toBeChecked();
    await expect(review).toContainText('No printer needed: show the QR code at a Post Office counter');
    expect(await fitsTheScreen(page)).toBe(true);
    await expectNoSeriousViolations(page);
    await shot(page, `returns-${viewport.width}-3-review`);
    const bought = page.waitForRequest((request) => request.url().endsWith('/app/v1/labelPurchase/buy'));
    await review.getByRole('button', { name: /^Pay \$/ }).click();
    expect((await bought).postDataJSON()).toMatchObject({ qrCode: true });
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page).toHaveURL(/\/app\/ShipmentParent\/shipment\?labelOrder=/, FIRST_LOAD);
    const returnOrderNo = new URL(page.url()).searchParams.get('labelOrder')!;

    // Its row: which order it returns, and its QR code on demand (a real image).
    const returned = labelOf(page, narrow, returnOrderNo);
    await expect(returned).toContainText(`Return of ${orderNo}`, FIRST_LOAD);
    await returned.getByRole('button', { name: `SHOW QR CODE of order ${returnOrderNo}` }).click();
    const qrDialog = page.getByRole('dialog', { name: 'QR code to show at the counter' });
    await expect(qrDialog).toContainText('No printer needed: QR code for the Post Office counter');
    const image = qrDialog.getByRole('img', { name: new RegExp(`^QR code of the label of order ${returnOrderNo}`) });
    await expect(image).toBeVisible();
    // Decoded (a data URL's image is drawn as an empty box first): a real square image.
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBeGreaterThan(100);
    expect(await image.evaluate((element: HTMLImageElement) => element.naturalWidth === element.naturalHeight)).toBe(true);
    expect(await fitsTheScreen(page)).toBe(true);
    await expectNoSeriousViolations(page);
    await shot(page, `returns-${viewport.width}-4-qr-code`);
    await qrDialog.getByRole('button', { name: 'CLOSE' }).click();
    await expect(qrDialog).toBeHidden();
    await returned.scrollIntoViewIfNeeded();
    if (shots) await returned.screenshot({ path: join(shots, `returns-${viewport.width}-4b-row.png`) });

    // SEND RETURN LABEL: mailed to whoever sends the parcel back.
    const returnMenu = await openLabelMenu(page, returned);
    await expect(returnMenu.getByRole('menuitem', { name: 'CREATE RETURN LABEL' })).toHaveCount(0);
    await returnMenu.getByRole('menuitem', { name: 'SEND RETURN LABEL' }).click();
    const send = page.getByRole('dialog', { name: 'Send return label' });
    await expect(send.getByLabel(/Their e-mail address/)).toBeFocused();
    await send.getByLabel(/Their e-mail address/).fill('robin.sender@example.com');
    await send.getByRole('checkbox', { name: 'Send me a copy' }).check();
    expect(await fitsTheScreen(page)).toBe(true);
    await expectNoSeriousViolations(page);
    await shot(page, `returns-${viewport.width}-5-send`);
    await send.getByRole('button', { name: 'CONFIRM' }).click();
    await expect(toast(page, 'The return label was e-mailed to robin.sender@example.com.')).toBeVisible();
    await expect(send).toBeHidden();
  });
}
