import { expect, test, type Page } from '@playwright/test';
import { DEMO, alertBox, createAccount, signIn, toast } from '../support/accounts';
import { expectNoSeriousViolations } from '../support/axe';
import { buyLabelThroughApi, chooseLabelAction, openLabelMenu } from '../support/labels';

/**
 * Purchased Labels (/app/ShipmentParent/shipment) and Orders In Progress: searching and paging the
 * demo customer's labels (read only: other journeys read them too), and a fresh account's own
 * label commented, refunded, and hidden from another customer.
 */

const labelsTable = (page: Page) => page.getByRole('table', { name: 'Purchased Labels' });
/** The table's rows of labels (not its header). */
const labelRows = (page: Page) => labelsTable(page).getByRole('row').filter({ has: page.getByRole('cell') });

test("the demo customer's labels: filtered by carrier, paged by 5, the search kept after a reload", async ({ context, page, baseURL }) => {
  await signIn(context, baseURL!, DEMO.email, DEMO.password);
  await page.goto('/app/ShipmentParent/shipment');
  await expect(labelRows(page).first()).toBeVisible();

  // Page size 5, then the next page.
  const pager = page.getByText(/^\d+–\d+ of \d+$/);
  await expect(pager).toHaveText(/^1–\d+ of \d+$/);
  const total = Number((await pager.textContent())!.split(' of ')[1]);
  expect(total).toBeGreaterThan(5);
  await page.getByRole('combobox', { name: /Rows per page/ }).click();
  await page.getByRole('option', { name: '5', exact: true }).click();
  await expect(pager).toHaveText(`1–5 of ${total}`);
  await expect(labelRows(page)).toHaveCount(5);
  const firstPage = await labelRows(page).first().textContent();
  await page.getByRole('button', { name: 'Go to next page' }).click();
  await expect(pager).toHaveText(`6–${Math.min(10, total)} of ${total}`);
  await expect(labelRows(page)).toHaveCount(Math.min(10, total) - 5);
  await expect(labelRows(page).first()).not.toHaveText(firstPage!);

  // Carrier UPS: only UPS labels, and UPS is never called UPSDAP on screen.
  const search = page.getByRole('search', { name: 'Search purchased labels' });
  await search.getByRole('combobox', { name: 'Carrier' }).click();
  await page.getByRole('option', { name: 'UPS', exact: true }).click();
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(pager).toHaveText(/^1–\d of \d$/);
  const upsCount = await labelRows(page).count();
  expect(upsCount).toBeGreaterThan(0);
  for (const row of await labelRows(page).all()) await expect(row.getByRole('cell').nth(2)).toContainText('UPS');
  await expect(labelsTable(page)).not.toContainText(/USPS|FedEx/);
  await expect(page.locator('body')).not.toContainText('UPSDAP');

  // The search is remembered for the session: a reload in the same tab keeps it.
  await page.reload();
  await expect(page.getByRole('search', { name: 'Search purchased labels' }).getByRole('combobox', { name: 'Carrier' })).toHaveText('UPS');
  await expect(labelRows(page)).toHaveCount(upsCount);
  await expect(labelsTable(page)).not.toContainText(/USPS|FedEx/);
});

test("the demo customer's Purchased Labels and a label's details have no serious accessibility violation", async ({
  context,
  page,
  baseURL,
}) => {
  await signIn(context, baseURL!, DEMO.email, DEMO.password);
  await page.goto('/app/ShipmentParent/shipment');
  const commented = labelRows(page).filter({ hasText: 'Birthday present for Mom' });
  await expect(commented).toContainText('label created');
  await expectNoSeriousViolations(page);

  await chooseLabelAction(page, commented, 'DETAILS');
  const details = page.getByRole('dialog', { name: 'Shipment Order Details' });
  await expect(details).toContainText('USPS');
  await expectNoSeriousViolations(page);
  await details.getByRole('button', { name: 'CLOSE' }).click();
  await expect(details).toBeHidden();
});

/** Nothing wider than the screen: the page never scrolls sideways. */
const fitsTheScreen = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth);

/** Until the open menu has finished opening (axe reads its colours as they end). */
const settled = (page: Page) => expect(page.locator('.MuiMenu-paper')).toHaveCSS('opacity', '1');

test("My Shipments' tabs (Purchased Labels, Orders In Progress, Pickups), each at its own address; at 1366 px a label is a line or two with PRINT LABEL at hand and the rest in its ⋯ menu, nothing scrolling sideways", async ({
  context,
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1366, height: 800 });
  await signIn(context, baseURL!, DEMO.email, DEMO.password);
  await page.goto('/app/dashboard');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'My Shipments' }).click();
  await expect(page).toHaveURL(/\/app\/ShipmentParent\/shipment$/);
  const tabs = page.getByRole('tablist', { name: 'My Shipments' });
  await expect(tabs.getByRole('tab', { name: 'Purchased Labels' })).toHaveAttribute('aria-selected', 'true');
  await expect(labelRows(page).first()).toBeVisible();

  // The whole table in the box: no sideways scroll of the page or of the table, each label at most a few lines high.
  expect(await fitsTheScreen(page)).toBe(true);
  const table = page.getByRole('region', { name: 'Purchased Labels table' });
  expect(await table.evaluate((box) => box.scrollWidth <= box.clientWidth)).toBe(true);
  for (const row of await labelRows(page).all()) expect((await row.boundingBox())!.height).toBeLessThanOrEqual(110);

  // A label's ⋯ menu by keyboard: every action of spec 03 §4 it allows, named by its text; Escape gives the focus back.
  const birthday = labelRows(page).filter({ hasText: 'Birthday present for Mom' });
  await expect(birthday.getByRole('button', { name: /^PRINT LABEL, order / })).toBeVisible();
  const more = birthday.getByRole('button', { name: /^More actions, order / });
  await more.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: /^Actions, order / });
  await expect(menu.getByRole('menuitem')).toHaveText(['DETAILS', 'EDIT COMMENTS', 'VIEW SHIPMENT LABEL', 'DOWNLOAD INVOICE', 'SCHEDULE PICKUP', 'SHIP AGAIN', 'CREATE RETURN LABEL', 'REFUND']);
  await expect(menu.getByRole('menuitem').first()).toBeFocused();
  await settled(page);
  await expectNoSeriousViolations(page);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(more).toBeFocused();

  // Orders In Progress: its own address, counted on its tab, the unpaid label apart from the saved orders.
  const orders = tabs.getByRole('tab', { name: /^Orders In Progress \d+$/ });
  await orders.click();
  await expect(page).toHaveURL(/\/app\/ShipmentParent\/MyOrder$/);
  await expect(orders).toHaveAttribute('aria-selected', 'true');
  const unpaid = page.getByRole('table', { name: 'Unpaid labels' }).getByRole('row').filter({ has: page.getByRole('cell') });
  const saved = page.getByRole('table', { name: 'Orders In Progress' }).getByRole('row').filter({ has: page.getByRole('link', { name: /^CONTINUE PURCHASE/ }) });
  await expect(saved.first()).toBeVisible();
  await expect(unpaid.first().getByRole('link', { name: /^PAY, order / })).toBeVisible();
  await expect(orders).toHaveAccessibleName(`Orders In Progress ${(await unpaid.count()) + (await saved.count())}`);
  expect(await fitsTheScreen(page)).toBe(true);
  await expectNoSeriousViolations(page);

  // Pickups: the demo customer's scheduled pickups (a USPS and a FedEx one), at their own address.
  await tabs.getByRole('tab', { name: 'Pickups' }).click();
  await expect(page).toHaveURL(/\/app\/ShipmentParent\/pickups$/);
  const pickups = page.getByRole('table', { name: 'Pickups' }).getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(pickups.filter({ hasText: 'USPS' }).first()).toBeVisible();
  await expect(pickups.filter({ hasText: 'FedEx' }).first()).toBeVisible();
  expect(await fitsTheScreen(page)).toBe(true);
  await expectNoSeriousViolations(page);

  // The browser's Back returns through the tabs.
  await page.goBack();
  await expect(page).toHaveURL(/\/app\/ShipmentParent\/MyOrder$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/app\/ShipmentParent\/shipment$/);
  await expect(tabs.getByRole('tab', { name: 'Purchased Labels' })).toHaveAttribute('aria-selected', 'true');
});

test("on a phone My Shipments' tabs and a label's card and ⋯ menu fit the screen and are accessible", async ({ context, page, baseURL }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(context, baseURL!, DEMO.email, DEMO.password);
  await page.goto('/app/ShipmentParent/shipment');
  const card = page.getByRole('list', { name: 'Purchased Labels' }).getByRole('listitem').filter({ hasText: 'Birthday present for Mom' });
  await expect(card.getByRole('button', { name: /^PRINT LABEL, order / })).toBeVisible();
  await expect(page.getByRole('tablist', { name: 'My Shipments' }).getByRole('tab')).toHaveText(['Purchased Labels', /^Orders In Progress \d+$/, 'Pickups', 'Label Batches']);
  expect(await fitsTheScreen(page)).toBe(true);
  const menu = await openLabelMenu(page, card);
  await expect(menu.getByRole('menuitem', { name: 'REFUND' })).toBeVisible();
  await settled(page);
  expect(await fitsTheScreen(page)).toBe(true);
  await expectNoSeriousViolations(page);
  await page.keyboard.press('Escape');
  await page.getByRole('tab', { name: /^Orders In Progress/ }).click();
  await expect(page.getByRole('list', { name: 'Unpaid labels' }).getByRole('link', { name: /^PAY, order / })).toBeVisible();
  expect(await fitsTheScreen(page)).toBe(true);
  await page.getByRole('tab', { name: 'Pickups' }).click();
  await expect(page.getByRole('list', { name: 'Pickups' }).getByRole('listitem').first()).toBeVisible();
  expect(await fitsTheScreen(page)).toBe(true);
  await expectNoSeriousViolations(page);
});

test("on a phone the demo customer's Purchased Labels and Orders In Progress are cards, never wider than the screen, accessible", async ({
  context,
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(context, baseURL!, DEMO.email, DEMO.password);
  await page.goto('/app/ShipmentParent/shipment');
  const cards = page.getByRole('list', { name: 'Purchased Labels' }).getByRole('listitem');
  await expect(cards.first()).toBeVisible();
  const birthday = cards.filter({ hasText: 'Birthday present for Mom' });
  await expect(birthday.getByRole('button', { name: /^PRINT LABEL, order / })).toBeVisible();
  await expect((await openLabelMenu(page, birthday)).getByRole('menuitem', { name: 'VIEW SHIPMENT LABEL' })).toBeVisible();
  await page.keyboard.press('Escape');
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

  await page.goto('/app/ShipmentParent/MyOrder');
  const orders = page.getByRole('list', { name: 'Orders In Progress' });
  await expect(orders.getByRole('link', { name: /^CONTINUE PURCHASE/ })).toHaveCount(2);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await expectNoSeriousViolations(page);
});

test("a customer edits a label's comments and refunds it; another customer cannot see it", async ({ browser, context, page, baseURL }) => {
  const account = await createAccount();
  await signIn(context, baseURL!, account.email, account.password);
  const { orderNo } = await buyLabelThroughApi(context.request, { comments: 'First note' });

  await page.goto('/app/ShipmentParent/shipment');
  const row = labelRows(page).filter({ hasText: orderNo });
  await expect(row).toContainText('label created');
  await expect(row).toContainText('First note');

  // Edit comments.
  await chooseLabelAction(page, row, 'EDIT COMMENTS');
  const dialog = page.getByRole('dialog', { name: 'Edit Comments' });
  await expect(dialog.getByLabel('Comments', { exact: true })).toHaveValue('First note');
  await dialog.getByLabel('Comments', { exact: true }).fill('Leave   at the back door');
  await dialog.getByRole('button', { name: 'CONFIRM' }).click();
  // A success: the toast, no dialog to close.
  await expect(toast(page, 'Update success')).toBeVisible();
  await expect(alertBox(page)).toHaveCount(0);
  await expect(row).toContainText('Leave at the back door');

  // Refund: asked first, then pending.
  await chooseLabelAction(page, row, 'REFUND');
  const question = alertBox(page);
  await expect(question).toContainText('Request a refund for this label?');
  await question.getByRole('button', { name: 'CONFIRM' }).click();
  // One message: the toast (and the row's status), no dialog.
  await expect(toast(page, 'Refund requested.')).toBeVisible();
  await expect(alertBox(page)).toHaveCount(0);
  await expect(row).toContainText('refund pending');
  await expect((await openLabelMenu(page, row)).getByRole('menuitem', { name: 'REFUND' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Another customer's session: none of it.
  const other = await createAccount();
  const otherContext = await browser.newContext({ baseURL });
  try {
    await signIn(otherContext, baseURL!, other.email, other.password);
    const theirs = await otherContext.request.get('/app/v1/userGetShipment', { params: { user_id: other.userId, start: 0, num: 50 } });
    const body = (await theirs.json()) as { errorcode: number; data: { total: number; list: unknown[] } };
    expect(body.errorcode).toBe(0);
    expect(body.data.total).toBe(0);
    expect(body.data.list).toEqual([]);
    // Asking with the first customer's id still answers the session's own labels only.
    const asFirst = await otherContext.request.get('/app/v1/userGetShipment', { params: { user_id: account.userId, start: 0, num: 50 } });
    expect(JSON.stringify(await asFirst.json())).not.toContain(orderNo);
  } finally {
    await otherContext.close();
  }
});
