import { expect, test } from '@playwright/test';
import { alertBox, createAccount, logInThroughForm, toast } from '../support/accounts';
import { linkTo, waitForMail } from '../support/outbox';

test('a customer who forgot the password resets it through the mailed link and logs in with the new one', async ({
  page,
}) => {
  const account = await createAccount();
  await page.goto('/app/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/app\/lock$/);

  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: /send|submit|reset/i }).click();
  await expect(page.getByText('Invalid email')).toBeVisible();

  const sentAfter = Date.now();
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: /send|submit|reset/i }).click();
  // The neutral notice is a toast on login, where the customer returns, with no dialog.
  await expect(page).toHaveURL(/\/app\/login$/);
  await expect(
    toast(page, 'If an account exists with the provided email, a link has been sent to reset your password.'),
  ).toBeVisible();
  await expect(alertBox(page)).toHaveCount(0);

  const mail = await waitForMail(account.email, sentAfter);
  const resetPath = linkTo(mail, '/app/reset');
  await page.goto(resetPath);
  await page.getByLabel('New password', { exact: true }).fill('weakpass');
  await page.getByLabel('Retype new password', { exact: true }).fill('weakpass');
  await page.getByRole('button', { name: /reset|submit|confirm/i }).click();
  await expect(
    page.getByText('The password must be no less than 8 digits, consisting of upper and lower case letters and numbers.!'),
  ).toBeVisible();

  await page.getByLabel('New password', { exact: true }).fill('Fresh2Password');
  await page.getByLabel('Retype new password', { exact: true }).fill('Fresh2Password');
  await page.getByRole('button', { name: /reset|submit|confirm/i }).click();
  await expect(page).toHaveURL(/\/app\/login$/);
  await expect(toast(page, 'Reset password successfully!.')).toBeVisible();
  await expect(alertBox(page)).toHaveCount(0);

  // The link works once.
  await page.goto(resetPath);
  await page.getByLabel('New password', { exact: true }).fill('Another3Password');
  await page.getByLabel('Retype new password', { exact: true }).fill('Another3Password');
  await page.getByRole('button', { name: /reset|submit|confirm/i }).click();
  await expect(alertBox(page)).toContainText('You have made an illegal operation.');

  await page.goto('/app/login');
  await logInThroughForm(page, account.email, account.password);
  await expect(alertBox(page)).toContainText('Wrong email or password');
  await page.keyboard.press('Escape');
  await expect(alertBox(page)).toBeHidden();
  await logInThroughForm(page, account.email, 'Fresh2Password');
  await expect(page).toHaveURL(/\/app\/dashboard$/);
});
