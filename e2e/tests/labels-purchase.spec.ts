import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { alertBox, createAccount, logInThroughForm, signIn, toast } from '../support/accounts';
import { expectNoSeriousViolations } from '../support/axe';
import { addContact, buyLabelThroughApi, chooseLabelAction, openUnpaidLabelThroughApi, saveOrderThroughApi, setMailingAddress } from '../support/labels';

/**
 * The label-purchase page (/app/shipment/#/Shipment/shipmentRate?param=...) as a customer uses it,
 * on the carriers simulator and the payment simulator: a label bought from the dashboard's link
 * through every step, its label viewed and downloaded, and an order saved for later then continued.
 */

interface TypedAddress {
  firstName: string;
  lastName: string;
  address1: string;
  city: string;
  state: string;
  zipcode: string;
  phone: string;
}

/** Types an address into a From or To step, as a person does. */
async function typeAddress(page: Page, step: Locator, address: TypedAddress) {
  await step.getByLabel('First Name').fill(address.firstName);
  await step.getByLabel('Last Name').fill(address.lastName);
  await step.getByLabel('Address 1').fill(address.address1);
  await step.getByLabel('City').fill(address.city);
  await step.getByRole('combobox', { name: 'State' }).click();
  await page.getByRole('option', { name: address.state, exact: true }).click();
  await step.getByLabel('Zip Code').fill(address.zipcode);
  await step.getByLabel('Phone Number').fill(address.phone);
}

const RECIPIENT = {
  firstName: 'Rosa',
  lastName: 'Parcel',
  address1: '12 Elm St',
  // All in lower case: the carrier suggests its usual spelling, to accept on the Verify step.
  city: 'austin',
  state: 'Texas',
  zipcode: '73301',
  phone: '5125550199',
};

/** Pastes `text` into a field as a person does: the clipboard, then the keyboard's paste. */
async function pastePhone(page: Page, field: Locator, text: string) {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate((copied) => navigator.clipboard.writeText(copied), text);
  await field.fill('');
  await field.press('ControlOrMeta+V');
}

/** Opens the label-purchase page as a customer does: the dashboard's Buy Shipment Labels. */
async function openLabelPage(page: Page) {
  await page.goto('/app/dashboard');
  await page.getByRole('link', { name: 'Buy Shipment Labels' }).click();
  await expect(page).toHaveURL(/\/app\/shipment\/#\/Shipment\/shipmentRate\?param=/);
  await expect(page.getByRole('heading', { name: 'New shipping label' })).toBeVisible();
}

test('a customer walks every step of the label page from the dashboard to the payment simulator', async ({ context, page, baseURL }) => {
  const account = await createAccount();
  await signIn(context, baseURL!, account.email, account.password);
  await setMailingAddress(context.request, account);
  await openLabelPage(page);

  // From: the customer's own address.
  const from = page.getByRole('form', { name: 'From step' });
  await from.getByRole('button', { name: /^My address/ }).click();
  await expect(from.getByLabel('Address 1')).toHaveValue('742 Valencia St');
  await expect(from.getByLabel('Phone Number')).toHaveValue('415-555-0142');
  await from.getByRole('button', { name: 'Next' }).click();

  // To: a new address; its phone pasted as it is often copied (issue 21 item 3): every digit kept, as ###-###-####.
  const to = page.getByRole('form', { name: 'To step' });
  await typeAddress(page, to, RECIPIENT);
  await pastePhone(page, to.getByLabel('Phone Number'), '+1 (512) 555-0199');
  await expect(to.getByLabel('Phone Number')).toHaveValue('512-555-0199');
  await to.getByRole('button', { name: 'Next' }).click();

  // Package: a preset fills the sizes and the weight, and says that it set a weight.
  const parcel = page.getByRole('form', { name: 'Package step' });
  await parcel.getByRole('button', { name: /^Small box/ }).click();
  await expect(parcel.getByLabel('Length')).toHaveValue('8');
  await expect(parcel.getByLabel('Weight (lb)')).toHaveValue('1');
  await expect(parcel.getByRole('status')).toContainText('a typical weight of 1 lb 0 oz. Change the weight to what your package weighs.');
  await expectNoSeriousViolations(page);
  await parcel.getByRole('button', { name: 'Next' }).click();

  // The browser's Back goes a step back, on the same page, and Next comes again (issue 21 item 11).
  await expect(page.getByRole('form', { name: 'Options step' })).toBeVisible();
  await page.goBack();
  await expect(parcel.getByLabel('Length')).toHaveValue('8');
  await expect(page).toHaveURL(/\/app\/shipment\/#\/Shipment\/shipmentRate\?param=/);
  await parcel.getByRole('button', { name: 'Next' }).click();

  // Options: insured for $100, the fee shown as it is typed.
  const options = page.getByRole('form', { name: 'Options step' });
  await options.getByLabel('Declared value to insure').fill('100');
  await expect(options.getByText('Insurance fee: $1.00')).toBeVisible();
  await options.getByRole('button', { name: 'Check addresses' }).click();

  // Verify: the sender as typed; the recipient's city in the carrier's spelling, accepted.
  const verify = page.getByRole('form', { name: 'Verify step' });
  const recipient = verify.getByRole('region', { name: 'Recipient' });
  await expect(recipient.getByText('The carrier suggests this spelling of the address.')).toBeVisible();
  await expect(verify.getByRole('region', { name: 'Sender' }).getByText('The carrier recognises this address.')).toBeVisible();
  await expectNoSeriousViolations(page);
  await recipient.getByRole('button', { name: 'Use the suggested address' }).click();
  await expect(recipient).toContainText('12 Elm St, Austin, TX 73301');
  await verify.getByRole('button', { name: 'Get rates' }).click();

  // Rates: every carrier, each service named once, the cheapest marked and chosen.
  const services = page.getByRole('radiogroup', { name: 'Services' });
  await expect(services.getByRole('radio').first()).toBeVisible();
  for (const carrier of ['USPS', 'UPS', 'FedEx']) await expect(services.getByRole('radio', { name: new RegExp(`^${carrier} `) }).first()).toBeVisible();
  await expect(services).not.toContainText('UPSDAP');
  await expect(services.getByRole('radio', { name: /^USPS Ground Advantage · \$/ })).toBeVisible();
  await expect(services).not.toContainText(/USPS USPS|UPS UPS|FedEx FedEx|GroundAdvantage/);
  const cheapest = services.locator('label').filter({ hasText: 'Cheapest' });
  await expect(cheapest).toHaveCount(1);
  const cheapestName = (await cheapest.getByRole('radio').getAttribute('aria-labelledby'))!;
  const service = (await page.locator(`[id="${cheapestName}"]`).textContent())!;
  await cheapest.getByRole('radio').check();
  await page.getByRole('form', { name: 'Rates step' }).getByRole('button', { name: 'Next' }).click();

  // Review and pay: the rate, the insurance and the total.
  const review = page.getByRole('form', { name: 'Review and pay step' });
  const rate = Number(service.split('$')[1]);
  const total = `$${(rate + 1).toFixed(2)}`;
  await expect(review.getByRole('definition').filter({ hasText: 'Austin, TX 73301' })).toBeVisible();
  await expect(review).toContainText('$1.00 (declared value $100.00)');
  const serviceName = service.split(' · ')[0]!;
  await expect(review.getByRole('definition').filter({ hasText: serviceName })).toHaveText(new RegExp(`^${serviceName} \\(`));
  await expect(review.getByRole('definition').last()).toHaveText(total);
  await review.getByRole('button', { name: `Pay ${total}` }).click();

  // The payment simulator's page asks for the total (the payment is approved in the phone journey).
  await expect(page.getByRole('heading', { name: 'Payment simulator' })).toBeVisible();
  await expect(page.getByText(`${total} USD`)).toBeVisible();
  // The payment page names the service as the Rates step did, not by its code.
  await expect(page.getByText(new RegExp(`^Shipping label \\w+: ${serviceName}$`))).toBeVisible();
});

/**
 * Counts the browser's print dialogs instead of opening them (a headless browser has none): the
 * page's window.print, replaced before the app loads.
 */
async function countPrints(page: Page) {
  await page.addInitScript(() => {
    const counted = window as unknown as { prints: number };
    counted.prints = 0;
    window.print = () => {
      counted.prints += 1;
    };
  });
  return () => page.evaluate(() => (window as unknown as { prints: number }).prints);
}

/** What the page prints, as Chromium makes it: its pages' sizes in points (a 4 × 6 in label is 288 × 432). */
async function printedPages(page: Page) {
  const pdf = (await page.pdf({ preferCSSPageSize: true, printBackground: true })).toString('latin1');
  return [...pdf.matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)].map(([, width, height]) => [Math.round(Number(width)), Math.round(Number(height))]);
}

test('a payment cancelled at PayPal comes back to Review with everything kept, waits in Orders In Progress, is paid from there and printed', async ({
  context,
  page,
  baseURL,
}) => {
  test.slow();
  const prints = await countPrints(page);
  const account = await createAccount();
  await signIn(context, baseURL!, account.email, account.password);
  await setMailingAddress(context.request, account);
  await openLabelPage(page);

  const from = page.getByRole('form', { name: 'From step' });
  await from.getByRole('button', { name: /^My address/ }).click();
  await from.getByRole('button', { name: 'Next' }).click();
  const to = page.getByRole('form', { name: 'To step' });
  await typeAddress(page, to, { ...RECIPIENT, city: 'Austin' });
  await to.getByRole('button', { name: 'Next' }).click();
  const parcel = page.getByRole('form', { name: 'Package step' });
  await parcel.getByRole('button', { name: /^Small box/ }).click();
  await parcel.getByRole('button', { name: 'Next' }).click();
  const options = page.getByRole('form', { name: 'Options step' });
  await options.getByLabel('Declared value to insure').fill('100');
  await options.getByLabel('Comments').fill('Cookies for Rosa');
  await options.getByRole('button', { name: 'Check addresses' }).click();
  const cheapest = page.getByRole('radiogroup', { name: 'Services' }).locator('label').filter({ hasText: 'Cheapest' });
  await cheapest.getByRole('radio').check();
  await page.getByRole('form', { name: 'Rates step' }).getByRole('button', { name: 'Next' }).click();
  const review = page.getByRole('form', { name: 'Review and pay step' });
  const pay = review.getByRole('button', { name: /^Pay \$/ });
  // The summary is read once Review is drawn with its price (reading it earlier, on a busy
  // machine, read an empty list).
  await expect(pay).toBeVisible();
  const summary = await review.getByRole('definition').allTextContents();
  expect(summary).toContain('Cookies for Rosa');
  const payName = (await pay.textContent())!;
  await pay.click();

  // At PayPal (the simulator) the payer cancels: back at Review, everything as it was, nothing charged.
  await expect(page.getByRole('heading', { name: 'Payment simulator' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/app\/shipment\/#\/Shipment\/shipmentRate\?param=/);
  const again = page.getByRole('form', { name: 'Review and pay step' });
  await expect(again).toBeVisible();
  await expect(page.getByText('This label is not paid for, so nothing was charged.', { exact: false })).toBeVisible();
  await expect(again.getByRole('definition')).toHaveText(summary);
  await expect(again).toContainText('Cookies for Rosa');
  await expect(again).toContainText('12 Elm St, Austin, TX 73301');
  await expect(again.getByRole('button', { name: payName })).toBeVisible();
  await expectNoSeriousViolations(page);

  // Not among the bought labels: it waits in Orders In Progress, counted on its tab.
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'My Shipments' }).click();
  await expect(page.getByText('You have no purchased labels yet.')).toBeVisible();
  const tabs = page.getByRole('tablist', { name: 'My Shipments' });
  await tabs.getByRole('tab', { name: 'Orders In Progress 1' }).click();
  await expect(page).toHaveURL(/\/app\/ShipmentParent\/MyOrder$/);
  const unpaid = page.getByRole('table', { name: 'Unpaid labels' }).getByRole('row').filter({ hasText: 'Rosa Parcel' });
  await expect(unpaid).toContainText(payName.replace('Pay ', ''));
  await expectNoSeriousViolations(page);

  // PAY: Review again, then paid on the simulator and bought once.
  await unpaid.getByRole('link', { name: /^PAY, order / }).click();
  await page.getByRole('form', { name: 'Review and pay step' }).getByRole('button', { name: payName }).click();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Pay Success!')).toBeVisible();
  await expect(page).toHaveURL(/\/app\/ShipmentParent\/shipment\?labelOrder=/);
  const orderNo = new URL(page.url()).searchParams.get('labelOrder')!;
  const ready = page.getByRole('alert').filter({ hasText: `Your label for order ${orderNo} is ready.` });
  await expect(ready).toBeVisible();

  // PRINT LABEL on the success note: the browser's print dialog, for the label alone on a 4 × 6 in page.
  await ready.getByRole('button', { name: 'PRINT LABEL' }).click();
  await expect.poll(prints).toBe(1);
  expect(await printedPages(page)).toEqual([[288, 432]]);
  await expect(page.getByRole('tab', { name: 'Orders In Progress 0' })).toBeVisible();
});

test('an unpaid label is deleted from Orders In Progress after a question, and its payment can no longer be taken', async ({ context, page, baseURL }) => {
  const account = await createAccount();
  await signIn(context, baseURL!, account.email, account.password);
  const { redirectURL } = await openUnpaidLabelThroughApi(context.request);
  await page.goto('/app/ShipmentParent/MyOrder');
  const unpaid = page.getByRole('table', { name: 'Unpaid labels' }).getByRole('row').filter({ hasText: 'Rosa Parcel' });
  await unpaid.getByRole('button', { name: /^DELETE, order / }).click();
  const question = page.getByRole('alertdialog');
  await expect(question).toContainText('Delete this unpaid label? Nothing was charged for it.');
  await question.getByRole('button', { name: 'CONFIRM' }).click();
  await expect(toast(page, 'The unpaid label was deleted.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Unpaid labels' })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Orders In Progress 0' })).toBeVisible();

  // Approving its payment at PayPal afterwards buys nothing.
  await page.goto(redirectURL);
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Pay Cancel!')).toBeVisible();
  const labels = await context.request.get('/app/v1/userGetShipment', { params: { user_id: account.userId, start: 0, num: 10 } });
  expect(((await labels.json()) as { data: { total: number } }).data.total).toBe(0);
});

test('a bought label is viewed as an image and downloaded as a PDF from Purchased Labels', async ({ context, page, baseURL }) => {
  const account = await createAccount();
  await signIn(context, baseURL!, account.email, account.password);
  const { orderNo } = await buyLabelThroughApi(context.request);

  await page.goto('/app/ShipmentParent/shipment');
  const row = page.getByRole('table', { name: 'Purchased Labels' }).getByRole('row').filter({ hasText: orderNo });
  await expect(row).toContainText('label created');
  await chooseLabelAction(page, row, 'VIEW SHIPMENT LABEL');

  const dialog = page.getByRole('dialog', { name: 'Shipment Label Details' });
  const image = dialog.getByRole('img', { name: new RegExp(`^Shipping label of order ${orderNo}, tracking number `) });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBeGreaterThan(0);
  await expectNoSeriousViolations(page);

  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'DOWNLOAD PDF' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`label-${orderNo}.pdf`);
  const bytes = await readFile(await file.path());
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');

  await dialog.getByRole('button', { name: 'CLOSE' }).click();
  await expect(dialog).toBeHidden();
});

test('an order saved for later is listed in Orders In Progress and continued pre-filled', async ({ context, page, baseURL }) => {
  const account = await createAccount();
  await signIn(context, baseURL!, account.email, account.password);
  await addContact(context.request, account.userId, 'Studio');
  await openLabelPage(page);

  // From: a contact of My Contacts (no mailing address of their own is offered: they have none); To: typed.
  const from = page.getByRole('form', { name: 'From step' });
  await expect(from.getByRole('button', { name: 'Pick from My Contacts' })).toBeVisible();
  await expect(from.getByRole('button', { name: /^My address/ })).toHaveCount(0);
  await from.getByRole('button', { name: 'Pick from My Contacts' }).click();
  const contacts = page.getByRole('dialog', { name: 'My Contacts' });
  await contacts.getByRole('button', { name: 'Choose Studio' }).click();
  await expect(contacts).toBeHidden();
  await expect(from.getByLabel('Address 1')).toHaveValue('742 Valencia St');
  await from.getByRole('button', { name: 'Next' }).click();
  const to = page.getByRole('form', { name: 'To step' });
  await typeAddress(page, to, { ...RECIPIENT, city: 'Austin' });
  await page.getByRole('button', { name: 'Save for later' }).click();

  // A toast on the page it points to, no dialog.
  await expect(page).toHaveURL(/\/app\/ShipmentParent\/MyOrder$/);
  await expect(
    toast(page, 'Your order has been saved successfully. You may access your saved orders anytime under My Shipments → Orders In Progress.'),
  ).toBeVisible();
  await expect(alertBox(page)).toHaveCount(0);

  const order = page.getByRole('table', { name: 'Orders In Progress' }).getByRole('row').filter({ hasText: 'Rosa Parcel' });
  await expect(order).toContainText('Jordan Journey');
  await expect(order).toContainText('12 Elm St');
  await expect(order).toContainText('Austin, TX 73301');

  await order.getByRole('link', { name: /^CONTINUE PURCHASE/ }).click();
  await expect(page).toHaveURL(/\/app\/shipment\/#\/Shipment\/shipmentRate\?param=/);
  const again = page.getByRole('form', { name: 'From step' });
  await expect(again.getByLabel('First Name')).toHaveValue('Jordan');
  await expect(again.getByLabel('Address 1')).toHaveValue('742 Valencia St');
  await expect(again.getByLabel('Zip Code')).toHaveValue('94110');
  await again.getByRole('button', { name: 'Next' }).click();
  const toAgain = page.getByRole('form', { name: 'To step' });
  await expect(toAgain.getByLabel('Last Name')).toHaveValue('Parcel');
  await expect(toAgain.getByLabel('City')).toHaveValue('Austin');
  await expect(toAgain.getByLabel('Phone Number')).toHaveValue('512-555-0199');
});

/** Nothing wider than the screen: the page never scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

test('on a phone, an order in progress is continued, paid on the payment simulator and listed as label created, nothing wider than the screen', async ({
  context,
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const account = await createAccount();
  await signIn(context, baseURL!, account.email, account.password);
  await saveOrderThroughApi(context.request, { comments: 'Phone order' });

  await page.goto('/app/ShipmentParent/MyOrder');
  const order = page.getByRole('list', { name: 'Orders In Progress' }).getByRole('listitem').filter({ hasText: 'Phone order' });
  await expect(order).toContainText('Rosa Parcel');
  await expectNoSidewaysScroll(page);
  await order.getByRole('link', { name: /^CONTINUE PURCHASE/ }).click();

  // Every step is pre-filled: Next walks them.
  const from = page.getByRole('form', { name: 'From step' });
  await expect(from.getByLabel('Address 1')).toHaveValue('742 Valencia St');
  await expect(page.getByText('Step 1 of 7: From')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page);
  await from.getByRole('button', { name: 'Next' }).click();

  const to = page.getByRole('form', { name: 'To step' });
  await expect(to.getByLabel('Address 1')).toHaveValue('12 Elm St');
  await expectNoSidewaysScroll(page);
  // The title keeps its one line: SAVE FOR LATER wraps under it (issue 21 item 11).
  await expect(page.getByRole('button', { name: 'Save for later' })).toBeVisible();
  const title = page.getByRole('heading', { name: 'New shipping label' });
  expect(await title.evaluate((element) => Math.round(element.getBoundingClientRect().height / parseFloat(getComputedStyle(element).lineHeight)))).toBe(1);
  await to.getByRole('button', { name: 'Next' }).click();

  const parcel = page.getByRole('form', { name: 'Package step' });
  await expect(parcel.getByLabel('Length')).toHaveValue('12');
  await expect(parcel.getByLabel('Weight (lb)')).toHaveValue('3');
  await expectNoSidewaysScroll(page);
  await parcel.getByRole('button', { name: 'Next' }).click();

  const options = page.getByRole('form', { name: 'Options step' });
  await expect(options.getByLabel('Declared value to insure')).toHaveValue('50.00');
  await expect(options.getByLabel('Comments')).toHaveValue('Phone order');
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page);
  await options.getByRole('button', { name: 'Check addresses' }).click();

  // Both addresses verified as saved: straight on to the rates.
  const cheapest = page.getByRole('radiogroup', { name: 'Services' }).locator('label').filter({ hasText: 'Cheapest' });
  await cheapest.getByRole('radio').check();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page);
  await page.getByRole('form', { name: 'Rates step' }).getByRole('button', { name: 'Next' }).click();
  await page.getByRole('form', { name: 'Review and pay step' }).getByRole('button', { name: /^Pay \$/ }).click();

  // The payment simulator, then Pay Success, then Purchased Labels with the new label.
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Pay Success!')).toBeVisible();
  await expect(page).toHaveURL(/\/app\/ShipmentParent\/shipment\?labelOrder=/);
  const orderNo = new URL(page.url()).searchParams.get('labelOrder')!;
  const ready = page.getByText(`Your label for order ${orderNo} is ready.`);
  await expect(ready).toBeVisible();
  // The note shows the whole order number: its buttons wrap under the text (issue 21 item 11).
  expect(await ready.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
  const label = page.getByRole('list', { name: 'Purchased Labels' }).getByRole('listitem').filter({ hasText: `Order ${orderNo}` });
  await expect(label).toContainText('label created');
  await expect(label).toContainText('Phone order');
  await expectNoSidewaysScroll(page);

  // The order in progress it continued is done.
  await page.goto('/app/ShipmentParent/MyOrder');
  await expect(page.getByText('There are currently no ongoing orders')).toBeVisible();
});

test('a signed-out customer following the label page link signs in and lands on the page, its param kept', async ({ page }) => {
  const account = await createAccount();
  const target = '/app/shipment/#/Shipment/shipmentRate?param=';
  await page.goto(`${target}${encodeURIComponent(btoa(JSON.stringify({ boxId: account.boxId, userId: account.userId })))}`);
  await expect(page).toHaveURL(/\/app\/login\?redirect=/);
  await logInThroughForm(page, account.email, account.password);
  await expect(page).toHaveURL(/\/app\/shipment\/#\/Shipment\/shipmentRate\?param=/);
  await expect(page.getByRole('heading', { name: 'New shipping label' })).toBeVisible();
});
