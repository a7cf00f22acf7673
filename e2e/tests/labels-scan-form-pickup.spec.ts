import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { alertBox, createAccount, signIn, toast } from '../support/accounts';
import { expectNoSeriousViolations } from '../support/axe';
import { SENDER, buyLabelThroughApi, fitsTheScreen, labelOf } from '../support/labels';

/*
 * Issue 25 item 2, at 1366 and 375 px, on the simulators: three USPS labels chosen in Purchased
 * Labels (CHOOSE USPS LABELS, then their boxes); CREATE SCAN FORM makes one end-of-day scan form for them, listed under Scan forms and
 * downloaded as a real PDF; then two of them chosen again and SCHEDULE ONE PICKUP books one USPS
 * pickup for both through the pickup wizard (the packages confirmed together, the ship-from
 * address, the USPS calendar and the package location), the summary saying both labels and their
 * weight. Nothing wider than the screen; axe clean on each screen. SCANFORM_SHOTS=<dir> keeps screenshots.
 */

const FIRST_LOAD = { timeout: 25_000 };
test.describe.configure({ timeout: 150_000 });
const shots = process.env.SCANFORM_SHOTS;

async function shot(page: Page, name: string) {
  if (shots) await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
}

async function choose(page: Page, step: Locator, field: string, option: string | 'last') {
  await step.getByRole('combobox', { name: field }).click();
  await (option === 'last' ? page.getByRole('option').last() : page.getByRole('option', { name: option, exact: true })).click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

for (const viewport of [
  { width: 1366, height: 800 },
  { width: 375, height: 740 },
]) {
  const narrow = viewport.width < 900;

  test(`at ${viewport.width} px: USPS labels chosen in Purchased Labels get one scan form, then one pickup`, async ({ context, page, baseURL }) => {
    await page.setViewportSize(viewport);
    const account = await createAccount({ firstName: 'Sam' });
    await signIn(context, baseURL!, account.email, account.password);
    const orders: string[] = [];
    for (let index = 0; index < 3; index += 1) orders.push((await buyLabelThroughApi(context.request, { carrier: 'USPS' })).orderNo);

    await page.goto('/app/ShipmentParent/shipment');
    for (const orderNo of orders) await expect(labelOf(page, narrow, orderNo)).toContainText('label created', FIRST_LOAD);
    await expect(page.getByRole('heading', { name: 'Scan forms' })).toBeVisible();
    await page.getByRole('button', { name: 'CHOOSE USPS LABELS' }).click();
    for (const orderNo of orders) await page.getByRole('checkbox', { name: `Choose order ${orderNo}` }).check();
    const chosen = page.getByRole('region', { name: 'Chosen labels' });
    await expect(chosen).toContainText('3 USPS labels chosen');
    expect(await fitsTheScreen(page)).toBe(true);
    await expectNoSeriousViolations(page);
    await shot(page, `scanform-${viewport.width}-1-chosen`);

    // One scan form for the three, after a question.
    const made = page.waitForResponse((response) => response.url().endsWith('/app/v1/scanForms/create'));
    await chosen.getByRole('button', { name: 'CREATE SCAN FORM' }).click();
    const question = alertBox(page);
    await expect(question).toContainText('Make one USPS scan form for these 3 labels?');
    await expectNoSeriousViolations(page);
    await question.getByRole('button', { name: 'CONFIRM' }).click();
    const answer = (await (await made).json()) as { errorcode: number; data: { id: number; labels: { orderNo: string }[] } };
    expect(answer.errorcode).toBe(0);
    expect(answer.data.labels.map((label) => label.orderNo)).toEqual(orders);
    await expect(toast(page, 'Scan form made for 3 labels')).toBeVisible();
    await expect(chosen).toBeHidden();
    const forms = page.getByRole('list', { name: 'Scan forms' });
    const form = forms.getByRole('listitem').filter({ hasText: `Scan form #${answer.data.id}` });
    await expect(form).toContainText('Ready');
    await expect(form).toContainText('3 labels');
    for (const orderNo of orders) await expect(form).toContainText(orderNo);
    await form.scrollIntoViewIfNeeded();
    expect(await fitsTheScreen(page)).toBe(true);
    await expectNoSeriousViolations(page);
    await shot(page, `scanform-${viewport.width}-2-listed`);

    // Its PDF, saved as the browser saves a file.
    const downloading = page.waitForEvent('download');
    await form.getByRole('button', { name: `DOWNLOAD Scan form #${answer.data.id}` }).click();
    const file = await downloading;
    expect(file.suggestedFilename()).toBe(`scan-form-${answer.data.id}.pdf`);
    expect(readFileSync((await file.path())!).subarray(0, 5).toString()).toBe('%PDF-');

    // The first two again: one USPS pickup for both.
    await page.getByRole('button', { name: 'CHOOSE USPS LABELS' }).click();
    for (const orderNo of orders.slice(0, 2)) await page.getByRole('checkbox', { name: `Choose order ${orderNo}` }).check();
    await expect(chosen).toContainText('2 USPS labels chosen');
    await chosen.getByRole('button', { name: 'SCHEDULE ONE PICKUP' }).click();
    const wizard = page.getByRole('dialog', { name: 'Schedule a pickup' });
    const confirm = wizard.getByRole('form', { name: 'Confirm Packages step' });
    await expect(confirm).toContainText('2 USPS labels, one pickup', FIRST_LOAD);
    for (const orderNo of orders.slice(0, 2)) await expect(confirm).toContainText(`Order ${orderNo}`);
    expect(await fitsTheScreen(page)).toBe(true);
    await expectNoSeriousViolations(page);
    await shot(page, `scanform-${viewport.width}-3-pickup-packages`);
    await confirm.getByRole('button', { name: 'Next' }).click();

    const address = wizard.getByRole('form', { name: 'Pickup Address step' });
    await expect(address.getByLabel('Address 1')).toHaveValue(SENDER.address1);
    // Each label keeps its own service: none is asked.
    await expect(address.getByRole('combobox', { name: 'Carrier Service' })).toHaveCount(0);
    await address.getByRole('button', { name: 'Next' }).click();

    const date = wizard.getByRole('form', { name: 'Select Pickup Date and Time step' });
    await choose(page, date, 'Pickup Date', 'last');
    await choose(page, date, 'Package location', 'Front Door');
    await expectNoSeriousViolations(page);
    await shot(page, `scanform-${viewport.width}-4-pickup-date`);
    const scheduled = page.waitForRequest((request) => request.url().endsWith('/openapi/USPS/CarrierPickupScheduleLabels'));
    await date.getByRole('button', { name: 'Schedule pickup' }).click();
    const sent = (await scheduled).postDataJSON() as { shipmentIds: number[]; address1: string };
    expect(sent.shipmentIds).toHaveLength(2);
    expect(sent.address1).toBe(SENDER.address1);

    await expect(wizard.getByText('Your carrier pickup has been scheduled')).toBeVisible();
    await expect(wizard).toContainText(/WTC\d{8}/);
    await expect(wizard).toContainText(`Order ${orders[0]}, Order ${orders[1]}`);
    await expect(wizard).toContainText('Total weight');
    expect(await fitsTheScreen(page)).toBe(true);
    await expectNoSeriousViolations(page);
    await shot(page, `scanform-${viewport.width}-5-pickup-scheduled`);
    await wizard.getByRole('button', { name: 'Done' }).click();
    await expect(wizard).toBeHidden();
    await expect(chosen).toBeHidden();
  });
}
