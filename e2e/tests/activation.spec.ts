import { expect, test } from '@playwright/test';
import { alertBox, createAccount, logInThroughForm } from '../support/accounts';
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
  await expect(alertBox(page)).toContainText('Send Email Successfully！');

  const mail = await waitForMail(account.email, sentAfter);
  const activationPath = linkTo(mail, '/app/active/');
  await page.goto(activationPath);
  await expect(alertBox(page)).toContainText('Your account has been successfully activated. Thank you.');
  await alertBox(page).getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/app\/login$/);

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

test('an unknown activation code says the user does not exist', async ({ page }) => {
  await page.goto('/app/active/not-a-real-code/');
  await expect(alertBox(page)).toContainText('User dose not exist');
});
