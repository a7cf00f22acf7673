import { expect, test } from '@playwright/test';
import { createAccount, signIn, toast } from '../support/accounts';
import { expectNoSeriousViolations } from '../support/axe';
import { deliverAsController } from '../support/locker';

/*
 * Issue 22 item 2, extending a pickup: a package the locker controller delivered is about to cost
 * a fee (its free period ends at the next noon Pacific); the customer, with credits bought through
 * the payment simulator, opens EXTEND A DAY on the dashboard, reads the price (credits and
 * dollars) and the new free-until before anything is charged, pays 1 credit, and the card then
 * shows the new free-until and 'Extended 1 of 2 days'; the history names the extension. At a
 * laptop's width and a phone's. With no credits, the same paid with PayPal through the payment
 * simulator, back on the dashboard told so. EXTEND_SHOTS=<dir> keeps screenshots of the dialog and
 * the card.
 */

const FIRST_LOAD = { timeout: 25_000 };
test.describe.configure({ timeout: 120_000 });
const shots = process.env.EXTEND_SHOTS;
const tracking = (suffix: string) => `9400${Date.now()}${suffix}`.slice(0, 22);

/**
 * A delivery time whose free period ends at the next noon Pacific: yesterday before noon (the
 * fee starts today at noon), today after it (tomorrow at noon).
 */
function deliveredForNextNoon(): string {
  const hour = Number(new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', hour: 'numeric', hourCycle: 'h23' }).format(new Date()));
  return new Date(Date.now() - (hour < 12 ? 24 * 3_600_000 : 0)).toISOString();
}

for (const viewport of [
  { width: 1366, height: 800 },
  { width: 375, height: 740 },
]) {
  test(`at ${viewport.width} px: a package about to cost a fee extended a day with credits`, async ({ context, page, baseURL }) => {
    await page.setViewportSize(viewport);
    const account = await createAccount({ firstName: 'Robin' });
    await signIn(context, baseURL!, account.email, account.password);

    // Two credits, bought through the payment simulator as the membership page buys them.
    const bought = await context.request.post('/app/v1/buyMembership', { form: { userID: String(account.userId), number: '2', plan: '1' } });
    await page.goto(((await bought.json()) as { redirectURL: string }).redirectURL);
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page).toHaveURL(/\/app\/paySuccess/, FIRST_LOAD);

    const hubs = await context.request.get(`/app/v1/getLockerInfoByUser?user_id=${account.userId}`);
    const hub = ((await hubs.json()) as { locker_info: { id: string; business_name: string }[] }).locker_info.find((h) => h.business_name === 'AirBox Union Square')!;
    const delivered = await deliverAsController(page.request, { boxId: account.boxId, hubId: hub.id, trackingNo: tracking('7'), deliveredAt: deliveredForNextNoon() });
    // What the dialog will quote, asked as the web app asks it.
    const quote = (await (await context.request.get(`/app/v1/lockerPackages/extension?packageId=${delivered.packageId}`)).json()) as {
      data: { freeUntil: string; newFreeUntil: string };
    };

    await page.goto('/app/dashboard');
    const item = page.getByRole('list', { name: 'Waiting packages' }).getByRole('listitem').filter({ hasText: delivered.pickupCode });
    await expect(item).toBeVisible(FIRST_LOAD);
    const freeUntil = item.locator('dt', { hasText: 'Free until' }).locator('+ dd time');
    await expect(freeUntil).toHaveAttribute('datetime', quote.data.freeUntil);
    await expect(item).toContainText('1 credit at pickup');

    await item.getByRole('button', { name: /^Extend a day/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Extend the free period' });
    await expect(dialog.getByRole('radio', { name: '1 credit (you have 2 credits)' })).toBeChecked(FIRST_LOAD);
    await expect(dialog.getByRole('radio', { name: /^\$\d+\.\d{2} with PayPal$/ })).toBeVisible();
    await expect(dialog).toContainText('No late fee runs until then.');
    await expect(dialog).toContainText('Nothing is charged until you confirm.');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await expectNoSeriousViolations(page);
    if (shots) await page.screenshot({ path: `${shots}/extend-dialog-${viewport.width}.png` });

    await dialog.getByRole('button', { name: 'Extend for 1 credit' }).click();
    await expect(dialog.getByRole('alert')).toContainText('Extended: your package is free until');
    await expect(dialog).toContainText('You have 1 credit left.');
    if (shots) await page.screenshot({ path: `${shots}/extend-done-${viewport.width}.png` });
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();

    // The card: the new free-until, a day later, and how many days were added.
    await expect(freeUntil).toHaveAttribute('datetime', quote.data.newFreeUntil);
    await expect(item).toContainText('Extended 1 of 2 days');
    await expect(item.getByRole('button', { name: /^Extend a day/ })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await expectNoSeriousViolations(page);
    if (shots) await item.screenshot({ path: `${shots}/extend-card-${viewport.width}.png` });

    // The history names it: an extension, 1 credit taken.
    await page.goto('/app/transaction');
    const history = viewport.width > 600 ? page.getByRole('table', { name: 'Transaction History' }).getByRole('row') : page.getByRole('list', { name: 'Transaction History' }).getByRole('listitem');
    const line = history.filter({ hasText: 'Free period extended' });
    await expect(line).toContainText('Extension', FIRST_LOAD);
    await expect(line).toContainText('-1');
  });
}

test('with no credits: credits disabled saying why, a day paid with PayPal, back on the dashboard told so', async ({ context, page, baseURL }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const account = await createAccount({ firstName: 'Quinn' });
  await signIn(context, baseURL!, account.email, account.password);
  const hubs = await context.request.get(`/app/v1/getLockerInfoByUser?user_id=${account.userId}`);
  const hub = ((await hubs.json()) as { locker_info: { id: string; business_name: string }[] }).locker_info.find((h) => h.business_name === 'AirBox Union Square')!;
  const delivered = await deliverAsController(page.request, { boxId: account.boxId, hubId: hub.id, trackingNo: tracking('8'), deliveredAt: deliveredForNextNoon() });
  const quote = (await (await context.request.get(`/app/v1/lockerPackages/extension?packageId=${delivered.packageId}`)).json()) as {
    data: { newFreeUntil: string; priceCents: number };
  };
  const price = `$${(quote.data.priceCents / 100).toFixed(2)}`;

  await page.goto('/app/dashboard');
  const item = page.getByRole('list', { name: 'Waiting packages' }).getByRole('listitem').filter({ hasText: delivered.pickupCode });
  await item.getByRole('button', { name: /^Extend a day/ }).click(FIRST_LOAD);
  const dialog = page.getByRole('dialog', { name: 'Extend the free period' });
  const credits = dialog.getByRole('radio', { name: '1 credit (you have 0 credits)' });
  await expect(credits).toBeDisabled(FIRST_LOAD);
  await expect(credits).toHaveAccessibleDescription(/You have 0 credits: a day of extension costs 1\./);
  await expect(dialog.getByRole('radio', { name: `${price} with PayPal` })).toBeChecked();
  await expectNoSeriousViolations(page);
  if (shots) await page.screenshot({ path: `${shots}/extend-paypal-dialog-375.png` });
  await dialog.getByRole('button', { name: `Pay ${price} with PayPal` }).click();

  await expect(page.getByRole('heading', { name: 'Payment simulator' })).toBeVisible(FIRST_LOAD);
  await expect(page.getByText(price)).toBeVisible();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/, FIRST_LOAD);
  await expect(toast(page, 'Payment received: your package’s free period is extended by a day.')).toBeVisible();
  const freeUntil = item.locator('dt', { hasText: 'Free until' }).locator('+ dd time');
  await expect(freeUntil).toHaveAttribute('datetime', quote.data.newFreeUntil);
  await expect(item).toContainText('Extended 1 of 2 days');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoSeriousViolations(page);
  if (shots) await page.screenshot({ path: `${shots}/extend-paypal-back-375.png` });
});
