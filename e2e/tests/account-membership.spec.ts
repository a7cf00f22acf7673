import { expect, test, type Page } from '@playwright/test';
import { alertBox, createAccount, signIn } from '../support/accounts';
import { expectNoSeriousViolations } from '../support/axe';
import { buyLabelThroughApi } from '../support/labels';

const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;

async function unitPriceCents(page: Page): Promise<number> {
  const unitPrice = (await page.getByRole('table', { name: 'Order' }).getByRole('cell').nth(1).textContent()) ?? '';
  return Math.round(Number(unitPrice.replace('$', '')) * 100);
}

test('the plans and the order: the current plan marked, the total, the terms asked before paying', async ({ context, page, baseURL }) => {
  const account = await createAccount();
  await signIn(context, baseURL!, account.email, account.password);
  await page.goto('/app/membership');
  await expect(page.getByRole('heading', { name: 'Pick the best plan for you' })).toBeVisible();
  const credit = page.getByRole('region', { name: 'Credit Plan' });
  await expect(credit.getByText('Current plan')).toBeVisible();
  await expectNoSeriousViolations(page);

  await credit.getByRole('link', { name: /^Buy more/ }).click();
  await expect(page).toHaveURL(/\/app\/buymembership\/1$/);
  const order = page.getByRole('table', { name: 'Order' });
  const cents = await unitPriceCents(page);
  await order.getByRole('spinbutton', { name: 'Quantity' }).fill('3');
  await expect(order.getByRole('cell').nth(3)).toHaveText(usd(cents * 3));
  await expectNoSeriousViolations(page);

  await page.getByRole('button', { name: 'PayPal Checkout' }).click();
  // A field error: said at the unticked box, which gets the focus; no dialog.
  const terms = page.getByRole('checkbox', { name: 'I agree with the terms and conditions' });
  await expect(terms).toBeFocused();
  await expect(terms).toHaveAccessibleDescription('You must agree with the terms and conditions to continue.');
  await expect(alertBox(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/app\/buymembership\/1$/);
});

test('a customer buys credits through the payment simulator and sees them in the history', async ({ context, page, baseURL }) => {
  const account = await createAccount();
  await signIn(context, baseURL!, account.email, account.password);
  await page.goto('/app/buymembership/1');
  const cents = await unitPriceCents(page);
  await page.getByRole('table', { name: 'Order' }).getByRole('spinbutton', { name: 'Quantity' }).fill('3');
  await page.getByRole('checkbox', { name: 'I agree with the terms and conditions' }).check();
  await page.getByRole('button', { name: 'PayPal Checkout' }).click();

  await expect(page.getByRole('heading', { name: 'Payment simulator' })).toBeVisible();
  await expect(page.getByText(usd(cents * 3))).toBeVisible();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(/\/app\/paySuccess/);
  await expect(page.getByText('Pay Success!')).toBeVisible();

  await page.goto('/app/transaction');
  const purchase = page.getByRole('table', { name: 'Transaction History' }).getByRole('row').filter({ hasText: 'CREDIT PLAN' });
  await expect(purchase).toContainText('+3');
  await expect(purchase).toContainText(usd(cents * 3));
  // What it was, and the money paid with its sign (a true minus).
  await expect(purchase).toContainText('3 credits');
  await expect(purchase).toContainText(`\u2212${usd(cents * 3)}`);
});

test('a label bought reads in the history as what it was (its order number and service), paid, with no credit moved, on a computer and a phone', async ({ context, page, baseURL }) => {
  const account = await createAccount();
  await signIn(context, baseURL!, account.email, account.password);
  const { orderNo } = await buyLabelThroughApi(context.request, { carrier: 'USPS' });

  await page.goto('/app/transaction');
  const row = page.getByRole('table', { name: 'Transaction History' }).getByRole('row').filter({ hasText: orderNo });
  await expect(row.getByRole('cell')).toHaveText([/\d/, 'Purchase', new RegExp(`^Shipping label ${orderNo} · USPS \\w`), '–', /^\u2212\$\d+\.\d{2}$/, /^\d+$/]);
  await expectNoSeriousViolations(page);

  await page.setViewportSize({ width: 375, height: 740 });
  const card = page.getByRole('list', { name: 'Transaction History' }).getByRole('listitem').filter({ hasText: orderNo });
  await expect(card).toContainText(`Shipping label ${orderNo} · USPS `);
  await expect(card).toContainText(/^Purchase\u2212\$\d+\.\d{2}/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await expectNoSeriousViolations(page);
});

test('a cancelled payment lands on /payCancel and grants nothing', async ({ context, page, baseURL }) => {
  const account = await createAccount();
  await signIn(context, baseURL!, account.email, account.password);
  await page.goto('/app/buymembership/2');
  await page.getByRole('checkbox', { name: 'I agree with the terms and conditions' }).check();
  await page.getByRole('button', { name: 'PayPal Checkout' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/app\/payCancel/);
  await expect(page.getByText('Pay Cancel!')).toBeVisible();
  await page.goto('/app/transaction');
  await expect(page.getByText('You have no recent transactions.')).toBeVisible();
});
