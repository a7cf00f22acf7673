import { expect, test } from '@playwright/test';
import { alertBox, createAccount, logInThroughForm, toast } from '../support/accounts';
import { linkTo, waitForMail } from '../support/outbox';

test('an unactivated customer resends the activation mail, activates through its link and logs in', async ({ page }) => {
  const account = await createAccount({ status: 0 });
  await page.goto('/app/login');
  await logInThroughForm(page, account.email, account.password);

  const dialog = alertBox(page);
  await expect(dialog).toContainText('Your account has not been activated.Please activate your account via email.');
  await expect(dialog.getByRole('button', { name: 'CLOSE' })).toBeVisible();
  const sentAfter = Date.now();
  await dialog.getByRole('button', { name: 'RESEND' }).click();
  // The question stays a dialog (spec 01 §4); the resend's success is a toast, with no dialog.
  await expect(toast(page, 'Send Email Successfully！')).toBeVisible();
  await expect(alertBox(page)).toHaveCount(0);

  const mail = await waitForMail(account.email, sentAfter);
  const activationPath = linkTo(mail, '/app/active/');
  await page.goto(activationPath);
  // Straight to login, where the success is a toast (it stays over the change of route).
  await expect(page).toHaveURL(/\/app\/login$/);
  await expect(toast(page, 'Your account has been successfully activated. Thank you.')).toBeVisible();
  await expect(alertBox(page)).toHaveCount(0);

  await logInThroughForm(page, account.email, account.password);
  await expect(page).toHaveURL(/\/app\/dashboard$/);

  // The link is single use: a second visit lands on the expired-link page, then login.
  await page.goto('about:blank');
  await page.context().clearCookies();
  await page.goto(activationPath);
  await expect(page).toHaveURL(/\/app\/loseefficacy$/);
  await expect(alertBox(page)).toContainText('Link is invalid or has expired.');
  await alertBox(page).getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/app\/login$/);
});

test('an unknown activation code says the user does not exist in the dialog, then login', async ({ page }) => {
  await page.goto('/app/active/not-a-real-code/');
  await expect(alertBox(page)).toContainText('User dose not exist');
  await alertBox(page).getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/app\/login$/);
});
