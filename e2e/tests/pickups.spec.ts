import { expect, test, type Locator, type Page } from '@playwright/test';
import { alertBox, createAccount, signIn, toast } from '../support/accounts';
import { expectNoSeriousViolations } from '../support/axe';
import { SENDER, buyLabelThroughApi, chooseLabelAction, openLabelMenu } from '../support/labels';

// With the transitions customers see by default (playwright.config.ts runs the others without).
test.use({ reducedMotion: 'no-preference' });

/**
 * Carrier pickups from Purchased Labels (issue 10, spec 03 §2, §4, §5; issue 21 items 4, 6, 7, 14)
 * on the simulators: a free USPS pickup scheduled through every step from the label's ship-from
 * address, its place changed on its own day, then cancelled; the date step's carrier calendar; a
 * FedEx pickup paid on the payment simulator and read back in its details; a UPS label's drop-off
 * choices; two labels in one USPS pickup on the Pickups tab; the address step's messages on a phone.
 */

const labelsTable = (page: Page) => page.getByRole('table', { name: 'Purchased Labels' });
const rowOf = (page: Page, orderNo: string) => labelsTable(page).getByRole('row').filter({ hasText: orderNo });
const wizard = (page: Page) => page.getByRole('dialog', { name: 'Schedule a pickup' });

const PICKUP_ADDRESS = { firstName: 'Rosa', lastName: 'Parcel', phone: '5125550199', address1: '12 Elm St', city: 'Austin', state: 'Texas', zip: '73301' };

/** Types the pickup address as a person does. */
async function typePickupAddress(page: Page, step: Locator) {
  await step.getByLabel('First Name').fill(PICKUP_ADDRESS.firstName);
  await step.getByLabel('Last Name').fill(PICKUP_ADDRESS.lastName);
  await step.getByLabel('Cell Phone Number').fill(PICKUP_ADDRESS.phone);
  await step.getByLabel('Address 1').fill(PICKUP_ADDRESS.address1);
  await step.getByLabel('City').fill(PICKUP_ADDRESS.city);
  await step.getByRole('combobox', { name: 'State' }).click();
  await page.getByRole('option', { name: PICKUP_ADDRESS.state, exact: true }).click();
  await step.getByLabel('Zip Code').fill(PICKUP_ADDRESS.zip);
}

/** Picks the last day the date step offers (always a weekday ahead, so never already past). */
async function chooseLastDay(page: Page, step: Locator) {
  await step.getByRole('combobox', { name: 'Pickup Date' }).click();
  await page.getByRole('option').last().click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

/** The days a select offers, as they read. */
async function optionsOf(page: Page, step: Locator, field: string): Promise<string[]> {
  await step.getByRole('combobox', { name: field }).click();
  await expect(page.getByRole('option').first()).toBeVisible();
  const options = await page.getByRole('option').allTextContents();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  return options;
}

/** Chooses an option of a select, and waits for its menu to have gone (axe must not catch it mid-animation). */
async function choose(page: Page, step: Locator, field: string, option: string) {
  await step.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

/** Opens Purchased Labels at the label's row and its wizard from SCHEDULE PICKUP. */
async function openWizard(page: Page, orderNo: string) {
  await page.goto('/app/ShipmentParent/shipment');
  const row = rowOf(page, orderNo);
  await expect(row).toContainText('label created');
  await chooseLabelAction(page, row, 'SCHEDULE PICKUP');
}

test('a USPS pickup is scheduled through every step, shown in its details, then cancelled', async ({ context, page, baseURL }) => {
  test.slow();
  const account = await createAccount();
  await signIn(context, baseURL!, account.email, account.password);
  const { orderNo } = await buyLabelThroughApi(context.request, { carrier: 'USPS' });
  await openWizard(page, orderNo);

  // Confirm Package: the label as bought.
  const confirm = wizard(page).getByRole('form', { name: 'Confirm Package step' });
  await expect(confirm).toContainText('USPS');
  await expectNoSeriousViolations(page);
  await confirm.getByRole('button', { name: 'Next' }).click();

  // Pickup Address: it starts at the label's ship-from address with the label's own service
  // (Ground Advantage, the cheapest USPS rate); typed over here, with another service.
  const address = wizard(page).getByRole('form', { name: 'Pickup Address step' });
  await expect(address.getByLabel('Address 1')).toHaveValue(SENDER.address1);
  await expect(address.getByLabel('First Name')).toHaveValue(SENDER.firstName);
  await expect(address.getByLabel('Zip Code')).toHaveValue(SENDER.zipcode);
  await expect(address.getByRole('combobox', { name: 'Carrier Service' })).toContainText('USPS Ground Advantage');
  await expect(address.getByRole('button', { name: /^The label's ship-from address/ })).toContainText(SENDER.address1);
  await typePickupAddress(page, address);
  await choose(page, address, 'Carrier Service', 'Priority Mail');
  await expectNoSeriousViolations(page);
  await address.getByRole('button', { name: 'Next' }).click();

  // Date: USPS needs the package location; no time window.
  const date = wizard(page).getByRole('form', { name: 'Select Pickup Date and Time step' });
  await chooseLastDay(page, date);
  await date.getByRole('button', { name: 'Schedule pickup' }).click();
  await expect(date.getByText('Please select packaging location!')).toBeVisible();
  await choose(page, date, 'Package location', 'Side Door');
  await date.getByLabel('Special instructions').fill('Gate code 4521');
  await expectNoSeriousViolations(page);
  await date.getByRole('button', { name: 'Schedule pickup' }).click();

  // Scheduled without a payment step, with USPS's confirmation number.
  await expect(wizard(page).getByText('Your carrier pickup has been scheduled')).toBeVisible();
  await expect(wizard(page)).toContainText(/WTC\d{8}/);
  await expect(wizard(page)).toContainText('Side Door');
  await expectNoSeriousViolations(page);
  await wizard(page).getByRole('button', { name: 'Done' }).click();
  await expect(wizard(page)).toBeHidden();

  // The row now offers PICKUP DETAILS: USPS's record, then cancel it.
  const row = rowOf(page, orderNo);
  await chooseLabelAction(page, row, 'PICKUP DETAILS');
  const details = page.getByRole('dialog', { name: 'Carrier Pickup Details' });
  await expect(details.getByText('Your carrier pickup has been scheduled')).toBeVisible();
  await expect(details).toContainText('Gate code 4521');
  await expectNoSeriousViolations(page);

  // CHANGE DATE keeps the day (listed and chosen) when only where the package waits changes,
  // and says so at the top of the details, with no dialog over them.
  await details.getByRole('button', { name: 'CHANGE DATE' }).click();
  const change = details.getByRole('form', { name: 'Change the pickup' });
  await expect(change.getByRole('combobox', { name: 'Pickup Date' })).toContainText('(current)');
  await choose(page, change, 'Package location', 'Back Door');
  await expectNoSeriousViolations(page);
  await change.getByRole('button', { name: 'SAVE CHANGES' }).click();
  await expect(details.getByText('SUCCESS Successfully Modified')).toBeVisible();
  await expect(details).toContainText('Back Door');
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await details.getByRole('button', { name: /cancel pickup/i }).click();
  const question = page.getByRole('alertdialog');
  await expect(question).toContainText('Cancel this pickup?');
  await question.getByRole('button', { name: 'CANCEL PICKUP' }).click();
  await expect(page.getByText('Your pickup was cancelled.').first()).toBeVisible();

  // Read again: USPS has no pickup any more, and a new one may be scheduled.
  await page.reload();
  await chooseLabelAction(page, rowOf(page, orderNo), 'PICKUP DETAILS');
  const again = page.getByRole('dialog', { name: 'Carrier Pickup Details' });
  await expect(again.getByText('Your pickup request was cancelled')).toBeVisible();
  await expect(again.getByRole('button', { name: 'SCHEDULE NEW PICKUP' })).toBeVisible();
});

test("the date step offers no carrier holiday and no today past the carrier's cutoff", async ({ context, page, baseURL }) => {
  const account = await createAccount();
  await signIn(context, baseURL!, account.email, account.password);
  const { orderNo } = await buyLabelThroughApi(context.request, { carrier: 'USPS' });
  // The browser's clock (the date step's "now") at Wednesday 25 November 2026, 7:00 AM in San
  // Francisco: Thanksgiving is tomorrow and USPS's cutoff for today (2:00 AM Central) has passed.
  // The server keeps its own clock; nothing is booked here.
  await page.clock.setFixedTime(new Date('2026-11-25T15:00:00Z'));
  await openWizard(page, orderNo);
  await wizard(page).getByRole('form', { name: 'Confirm Package step' }).getByRole('button', { name: 'Next' }).click();
  const address = wizard(page).getByRole('form', { name: 'Pickup Address step' });
  await expect(address.getByLabel('Address 1')).toHaveValue(SENDER.address1);
  await address.getByRole('button', { name: 'Next' }).click();

  const date = wizard(page).getByRole('form', { name: 'Select Pickup Date and Time step' });
  expect(await optionsOf(page, date, 'Pickup Date')).toEqual(['Friday, Nov 27, 2026', 'Monday, Nov 30, 2026']);
  await expect(date).toContainText('today only if booked by 2:00 AM Central Time');
  await expect(date).toContainText('USPS does not pick up on Thanksgiving Day (Thursday, Nov 26, 2026)');
  await expectNoSeriousViolations(page);
});

/** Schedules a USPS pickup for the label through the wizard, at its ship-from address, on the last day offered. */
async function scheduleAtShipFrom(page: Page, orderNo: string) {
  await openWizard(page, orderNo);
  await wizard(page).getByRole('form', { name: 'Confirm Package step' }).getByRole('button', { name: 'Next' }).click();
  const address = wizard(page).getByRole('form', { name: 'Pickup Address step' });
  await expect(address.getByLabel('Address 1')).toHaveValue(SENDER.address1);
  await address.getByRole('button', { name: 'Next' }).click();
  const date = wizard(page).getByRole('form', { name: 'Select Pickup Date and Time step' });
  await chooseLastDay(page, date);
  await choose(page, date, 'Package location', 'Front Door');
  await date.getByRole('button', { name: 'Schedule pickup' }).click();
  await expect(wizard(page).getByText('Your carrier pickup has been scheduled')).toBeVisible();
}

test('two labels at one address go in one USPS pickup, listed once on the Pickups tab and cancelled from there', async ({ context, page, baseURL }) => {
  test.slow();
  const account = await createAccount();
  await signIn(context, baseURL!, account.email, account.password);
  const first = await buyLabelThroughApi(context.request, { carrier: 'USPS' });
  const second = await buyLabelThroughApi(context.request, { carrier: 'USPS' });
  await scheduleAtShipFrom(page, first.orderNo);
  await wizard(page).getByRole('button', { name: 'Done' }).click();
  await expect(wizard(page)).toBeHidden();

  // The second label at the same address and day joins the first one's pickup.
  await scheduleAtShipFrom(page, second.orderNo);
  await expect(wizard(page)).toContainText('this label joins it, and USPS comes once for all 2 packages');
  await wizard(page).getByRole('button', { name: 'Done' }).click();
  await expect(wizard(page)).toBeHidden();

  // The Pickups tab: one pickup, for both labels.
  await page.getByRole('tab', { name: /^Pickups/ }).click();
  await expect(page).toHaveURL(/\/ShipmentParent\/pickups/);
  const pickups = page.getByRole('table', { name: 'Pickups' });
  await expect(pickups.getByRole('row')).toHaveCount(2);
  const pickup = pickups.getByRole('row').nth(1);
  await expect(pickup).toContainText('2 labels');
  await expect(pickup).toContainText(`Order ${first.orderNo}`);
  await expect(pickup).toContainText(`Order ${second.orderNo}`);
  await expect(pickup).toContainText(SENDER.address1);
  await expect(pickup).toContainText('scheduled');
  await expectNoSeriousViolations(page);

  // CANCEL asks, then cancels all of it.
  await pickup.getByRole('button', { name: /^CANCEL,/ }).click();
  const question = page.getByRole('alertdialog');
  await expect(question).toContainText('Cancel this pickup for all 2 labels?');
  await question.getByRole('button', { name: 'CANCEL PICKUP' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your pickup was cancelled.' })).toBeVisible();
  await expect(pickup).toContainText('cancelled');
  await expect(pickup.getByRole('button', { name: /^CANCEL,/ })).toHaveCount(0);
});

test('a FedEx pickup is paid on the payment simulator, booked, and shown in Pickup Order Details', async ({ context, page, baseURL }) => {
  test.slow();
  const account = await createAccount();
  await signIn(context, baseURL!, account.email, account.password);
  const { orderNo } = await buyLabelThroughApi(context.request, { carrier: 'FedEx' });
  await openWizard(page, orderNo);

  await wizard(page).getByRole('form', { name: 'Confirm Package step' }).getByRole('button', { name: 'Next' }).click();
  const address = wizard(page).getByRole('form', { name: 'Pickup Address step' });
  await typePickupAddress(page, address);
  await expect(address.getByRole('combobox', { name: 'Carrier Service' })).toHaveCount(0);
  await address.getByRole('button', { name: 'Next' }).click();

  // Date and time: the 09:00 to 16:00 window by default.
  const date = wizard(page).getByRole('form', { name: 'Select Pickup Date and Time step' });
  await expect(date.getByRole('combobox', { name: 'Earliest' })).toContainText(/9:00/);
  await expect(date.getByRole('combobox', { name: 'Latest' })).toContainText(/4:00|16:00/);
  await chooseLastDay(page, date);
  await date.getByRole('button', { name: 'Next' }).click();

  // Summary: the address checked, the carrier's rate, the agreements and PayPal, in the spec's words.
  const summary = wizard(page).getByRole('form', { name: 'Summary and payment step' });
  const pay = summary.getByRole('button', { name: /^Pay \$/ });
  await expect(pay).toBeVisible({ timeout: 15_000 });
  await expect(summary).toContainText('$4.50');
  await expectNoSeriousViolations(page);
  await pay.click();
  await expect(summary.getByText('You must check all checkboxes to continue.')).toBeVisible();
  await summary.getByLabel('I agree to the Terms of Use').check();
  await summary.getByLabel('I understand a pickup is not refundable once booked').check();
  await summary.getByLabel('My package is labelled, packed and ready for the driver').check();
  await pay.click();
  await expect(summary.getByText('Please select a payment method!')).toBeVisible();
  await summary.getByLabel('Pay with PayPal').check();
  await pay.click();

  // The payment simulator, then the list with the pickup's result.
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(/\/app\/ShipmentParent\/shipment/);
  await expect(toast(page, 'Your carrier pickup was successful!')).toBeVisible();
  await expect(alertBox(page)).toHaveCount(0);

  // PICKUP DETAILS: the carrier's confirmation, the window and what was paid.
  await chooseLabelAction(page, rowOf(page, orderNo), 'PICKUP DETAILS');
  const details = page.getByRole('dialog', { name: 'Pickup Order Details' });
  await expect(details).toContainText(/PRP\d{8}/);
  await expect(details).toContainText('4.50');
  await expect(details).toContainText('12 Elm St');
  await expectNoSeriousViolations(page);
});

test('a UPS label offers its drop-off choices instead of a pickup that is then refused', async ({ context, page, baseURL }) => {
  const account = await createAccount();
  await signIn(context, baseURL!, account.email, account.password);
  const { orderNo } = await buyLabelThroughApi(context.request, { carrier: 'UPSDAP' });
  await page.goto('/app/ShipmentParent/shipment');
  const row = rowOf(page, orderNo);
  await expect(row).toContainText('label created');
  // No SCHEDULE PICKUP that ends in a refusal: what can be done, before any click.
  const menu = await openLabelMenu(page, row);
  await expect(menu.getByRole('menuitem', { name: 'SCHEDULE PICKUP' })).toHaveCount(0);
  await menu.getByRole('menuitem', { name: 'DROP-OFF OPTIONS' }).click();
  const choices = page.getByRole('dialog', { name: 'Drop-off options' });
  await expect(choices).toContainText('Door-to-door pickup is currently not available for this carrier!');
  await expect(choices.getByRole('heading', { name: 'Your AirBox hub' })).toBeVisible();
  await expect(choices.getByRole('link', { name: 'Find a UPS drop-off near 94110' })).toHaveAttribute('href', /^https:\/\/www\.ups\.com\/dropoff/);
  await expect(wizard(page)).toHaveCount(0);
  await expectNoSeriousViolations(page);
  await choices.getByRole('button', { name: 'CLOSE' }).click();
  await expect(choices).toBeHidden();
});

test('on a phone the wizard fits the screen and the address step says what is missing, word for word', async ({ context, page, baseURL }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const account = await createAccount();
  await signIn(context, baseURL!, account.email, account.password);
  const { orderNo } = await buyLabelThroughApi(context.request, { carrier: 'USPS' });
  await page.goto('/app/ShipmentParent/shipment');
  const card = page.getByRole('list', { name: 'Purchased Labels' }).getByRole('listitem').filter({ hasText: `Order ${orderNo}` });
  await chooseLabelAction(page, card, 'SCHEDULE PICKUP');
  await wizard(page).getByRole('form', { name: 'Confirm Package step' }).getByRole('button', { name: 'Next' }).click();

  // The form starts at the label's ship-from address: emptied, each field says what it needs.
  const address = wizard(page).getByRole('form', { name: 'Pickup Address step' });
  await expect(address.getByLabel('Address 1')).toHaveValue(SENDER.address1);
  for (const name of ['First Name', 'Last Name', 'Cell Phone Number', 'Address 1', 'City', 'Zip Code']) await address.getByLabel(name).fill('');
  await address.getByRole('button', { name: 'Next' }).click();
  for (const message of ['Please enter first name', 'Please enter last name', 'Please enter phone number', 'Please enter address 1 line', 'Please enter city', 'Please enter ZIP code']) {
    await expect(address.getByText(message, { exact: true })).toBeVisible();
  }
  await address.getByLabel('First Name').fill('Rosa2');
  await address.getByLabel('Zip Code').fill('7330');
  await address.getByRole('button', { name: 'Next' }).click();
  await expect(address.getByText('Cannot enter a number')).toBeVisible();
  await expect(address.getByText('Enter the correct format')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await expectNoSeriousViolations(page);

  // Cancel asks first, then returns to the list.
  await address.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'LEAVE' }).click();
  await expect(wizard(page)).toBeHidden();
  await expect(card).toBeVisible();
});
