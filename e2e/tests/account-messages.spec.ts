import { expect, test } from '@playwright/test';
import { alertBox, createAccount, signIn, toast } from '../support/accounts';
import { expectNoSeriousViolations } from '../support/axe';
import { serverCommand } from '../support/test-server';

const locker = (...args: string[]) => serverCommand('locker', ...args);

test('a locker delivery shows in My Messages and on the dashboard, and its pickup after', async ({ context, page, baseURL }) => {
  const account = await createAccount();
  const tracking = `9400${Date.now()}`.slice(0, 22);
  const delivered = await locker('deliver', '--box', account.boxId, '--hub', 'first', '--carrier', 'USPS', '--tracking', tracking);
  const pickupCode = /\b(\d{6})\b/.exec(delivered)?.[1];
  expect(pickupCode, `a pickup code in: ${delivered}`).toBeTruthy();

  await signIn(context, baseURL!, account.email, account.password);
  await page.goto('/app/dashboard');
  await expect(page.getByRole('region', { name: 'Packages Not Picked Up' }).getByText('1', { exact: true })).toBeVisible();

  await page.goto('/app/message');
  const table = page.getByRole('table', { name: 'My Messages' });
  const row = table.getByRole('row').filter({ hasText: tracking });
  await expect(row).toContainText(pickupCode!);
  await expect(row).toContainText('Not picked up');
  await expectNoSeriousViolations(page);

  // Nothing selected: said under the button, no dialog.
  const deleteSelected = page.getByRole('button', { name: 'Delete selected' });
  await deleteSelected.click();
  await expect(deleteSelected).toHaveAccessibleDescription('Please select at least one item you want to delete.');
  await expect(alertBox(page)).toHaveCount(0);

  await locker('pickup', '--code', pickupCode!);
  await page.reload();
  await expect(page.getByRole('table', { name: 'My Messages' }).getByRole('row').filter({ hasText: tracking })).toContainText('Picked up');
  await page.goto('/app/dashboard');
  await expect(page.getByRole('region', { name: 'Packages Not Picked Up' }).getByText('0', { exact: true })).toBeVisible();

  await page.goto('/app/message');
  await page.getByRole('button', { name: 'Delete all picked up' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'CONFIRM' }).click();
  await expect(toast(page, 'Messages deleted successfully')).toBeVisible();
  await expect(page.getByText('You have no saved messages.')).toBeVisible();
});

test('My Messages and the history are usable on a phone', async ({ context, page, baseURL }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const account = await createAccount();
  await locker('deliver', '--box', account.boxId, '--hub', 'first');
  await signIn(context, baseURL!, account.email, account.password);
  await page.goto('/app/message');
  await expect(page.getByRole('list', { name: 'My Messages' }).getByText('Not picked up')).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.goto('/app/transaction');
  await expect(page.getByRole('list', { name: 'Transaction History' }).getByText('Delivery')).toBeVisible();
  await expectNoSeriousViolations(page);
});
