import { expect, test, type Locator, type Page } from '@playwright/test';
import { alertBox, createAccount, signIn } from '../support/accounts';
import { expectNoSeriousViolations } from '../support/axe';
import { saveOrderThroughApi } from '../support/labels';

/**
 * Carrier packaging and saved packages on the label page's Package step (issue 21 item 12), on
 * the carriers simulator and the payment simulator: a label bought in a USPS Small Flat Rate Box
 * (USPS alone rates it, Review names the box), and a package saved, chosen again and deleted, on
 * a desktop and on a phone.
 */

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

/** An order in progress continued to its Package step: From and To are filled, Next walks them. */
async function continueToPackageStep(page: Page, comments: string): Promise<Locator> {
  await saveOrderThroughApi(page.context().request, { comments });
  await page.goto('/app/ShipmentParent/MyOrder');
  const order = page.getByRole('listitem').or(page.getByRole('row')).filter({ hasText: comments }).first();
  await order.getByRole('link', { name: /^CONTINUE PURCHASE/ }).click();
  const from = page.getByRole('form', { name: 'From step' });
  await expect(from.getByLabel('Address 1')).toHaveValue('742 Valencia St');
  await from.getByRole('button', { name: 'Next' }).click();
  const to = page.getByRole('form', { name: 'To step' });
  await expect(to.getByLabel('Address 1')).toHaveValue('12 Elm St');
  await to.getByRole('button', { name: 'Next' }).click();
  const parcel = page.getByRole('form', { name: 'Package step' });
  await expect(parcel.getByLabel('Weight (lb)')).toHaveValue('3');
  return parcel;
}

/** Chooses an option of a drop-down of the step, and waits for its menu to close. */
async function choose(page: Page, step: Locator, field: RegExp, option: string | RegExp) {
  await step.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option }).click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

/** SAVE THIS PACKAGE, named. */
async function savePackage(page: Page, step: Locator, name: string) {
  await step.getByRole('button', { name: 'Save this package' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save this package' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'CONFIRM' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(step.getByText(`Saved “${name}” to your packages.`)).toBeVisible();
}

test.describe('at 1366 × 800', () => {
  test.use({ viewport: { width: 1366, height: 800 } });

  test('a label bought in a USPS Small Flat Rate Box: no size asked, USPS rates only, the box named on Review; the package saved, chosen again and deleted', async ({
    context,
    page,
    baseURL,
  }) => {
    test.slow();
    const account = await createAccount();
    await signIn(context, baseURL!, account.email, account.password);
    const parcel = await continueToPackageStep(page, 'Flat rate gift');

    // Packaging: the Small Flat Rate Box; its size is not asked, its inside size is said.
    await expect(parcel.getByLabel('Length')).toHaveValue('12');
    await choose(page, parcel, /Packaging/, 'USPS Small Flat Rate Box');
    await expect(parcel.getByLabel('Length')).toHaveCount(0);
    await expect(parcel.getByText(/^Inside 8⅝ × 5⅜ × 1⅝ in\. One USPS Priority Mail price/)).toBeVisible();
    await expect(parcel.getByLabel('Weight (lb)')).toHaveValue('3');
    await expectNoSeriousViolations(page);
    await savePackage(page, parcel, 'Gift box');
    await parcel.getByRole('button', { name: 'Next' }).click();

    await page.getByRole('form', { name: 'Options step' }).getByRole('button', { name: 'Check addresses' }).click();

    // Rates: USPS alone rates a USPS Flat Rate box.
    const services = page.getByRole('radiogroup', { name: 'Services' });
    await expect(services.getByRole('radio').first()).toBeVisible();
    await expect(services).toContainText('USPS Priority Mail');
    await expect(services).not.toContainText(/\bUPS\b|FedEx/);
    await services.getByRole('radio').first().check();
    await page.getByRole('form', { name: 'Rates step' }).getByRole('button', { name: 'Next' }).click();

    // Review names the box, not a size; then paid on the payment simulator.
    const review = page.getByRole('form', { name: 'Review and pay step' });
    await expect(review.getByRole('definition').filter({ hasText: 'USPS Small Flat Rate Box, 3 lb 0 oz' })).toBeVisible();
    await expect(review).not.toContainText('8.625');
    await review.getByRole('button', { name: /^Pay \$/ }).click();
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText('Pay Success!')).toBeVisible();
    await expect(page).toHaveURL(/\/app\/ShipmentParent\/shipment\?labelOrder=/);
    const orderNo = new URL(page.url()).searchParams.get('labelOrder')!;
    await expect(page.getByText(`Your label for order ${orderNo} is ready.`)).toBeVisible();

    // The next label: the saved package fills the step and says so; then it is deleted.
    const next = await continueToPackageStep(page, 'Second parcel');
    await choose(page, next, /Your saved packages/, /^Gift box · USPS Small Flat Rate Box, 3 lb/);
    await expect(next.getByText('Filled in “Gift box”: USPS Small Flat Rate Box, 3 lb. Change anything that differs for this parcel.')).toBeVisible();
    await expect(next.getByRole('combobox', { name: /Packaging/ })).toHaveText('USPS Small Flat Rate Box');
    await expect(next.getByLabel('Length')).toHaveCount(0);
    await expectNoSeriousViolations(page);
    await next.getByRole('button', { name: 'Delete “Gift box”' }).click();
    await alertBox(page).getByRole('button', { name: 'CONFIRM' }).click();
    await expect(next.getByText('Deleted “Gift box” from your packages.')).toBeVisible();
    await expect(next.getByRole('combobox', { name: /Your saved packages/ })).toHaveCount(0);
  });
});

test.describe('at 375 × 740', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('on a phone, the customer’s own box is saved, a Flat Rate envelope chosen, the saved box chosen again and deleted, nothing wider than the screen', async ({
    context,
    page,
    baseURL,
  }) => {
    test.slow();
    const account = await createAccount();
    await signIn(context, baseURL!, account.email, account.password);
    const parcel = await continueToPackageStep(page, 'Phone parcel');
    await expectNoSidewaysScroll(page);

    await savePackage(page, parcel, 'Shoe box');
    await expectNoSidewaysScroll(page);

    await choose(page, parcel, /Packaging/, 'USPS Padded Flat Rate Envelope');
    await expect(parcel.getByLabel('Length')).toHaveCount(0);
    await expect(parcel.getByText(/^Inside 12½ × 9½ in\./)).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousViolations(page);

    await choose(page, parcel, /Your saved packages/, /^Shoe box · 12 × 10 × 6 in, 3 lb/);
    await expect(parcel.getByText('Filled in “Shoe box”: 12 × 10 × 6 in, 3 lb. Change anything that differs for this parcel.')).toBeVisible();
    await expect(parcel.getByLabel('Length')).toHaveValue('12');
    await expectNoSidewaysScroll(page);
    await expectNoSeriousViolations(page);

    await parcel.getByRole('button', { name: 'Delete “Shoe box”' }).click();
    await alertBox(page).getByRole('button', { name: 'CONFIRM' }).click();
    await expect(parcel.getByText('Deleted “Shoe box” from your packages.')).toBeVisible();
    await expect(parcel.getByRole('combobox', { name: /Your saved packages/ })).toHaveCount(0);
    await expectNoSidewaysScroll(page);
  });
});
