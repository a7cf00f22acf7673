import { expect, test } from '@playwright/test';
import { alertBox, createAccount, signIn, toast } from '../support/accounts';
import { expectNoSeriousViolations } from '../support/axe';

test('a profile change asks the password: a wrong one is refused, the right one saves', async ({ context, page, baseURL }) => {
  const account = await createAccount();
  await signIn(context, baseURL!, account.email, account.password);
  await page.goto('/app/parent/profile');
  const form = page.getByRole('form', { name: 'Edit profile' });
  await expect(form.getByRole('textbox', { name: 'Email' })).toHaveValue(account.email);
  await expectNoSeriousViolations(page);

  await form.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'You have not made any changes')).toBeVisible();
  await expect(alertBox(page)).toHaveCount(0);

  // A new account has no PIN, cell phone or zip yet: the form says what to fix first.
  await form.getByLabel('City').fill('Oakland');
  await form.getByLabel('Address Line 1').fill('1 Broadway');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(alertBox(page)).toContainText('Please fix all current errors');
  await alertBox(page).getByRole('button', { name: 'OK' }).click();
  await expect(form.getByText('Please create a valid 6-digit PIN number')).toBeVisible();
  await form.getByRole('textbox', { name: 'PIN', exact: true }).fill('482915');
  await form.getByLabel('Cell Phone Number').fill('4155550134');
  await form.getByLabel('Zip Code').fill('94607');
  await form.getByRole('button', { name: 'Save' }).click();
  const dialog = page.getByRole('dialog', { name: 'Update profile settings' });
  await dialog.getByRole('button', { name: 'CONFIRM' }).click();
  await expect(dialog.getByText('Please enter password')).toBeVisible();
  await expectNoSeriousViolations(page);
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill('NotMyPassword1');
  await dialog.getByRole('button', { name: 'CONFIRM' }).click();
  await expect(dialog.getByText('Incorrect password')).toBeVisible();

  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
  await dialog.getByRole('button', { name: 'CONFIRM' }).click();
  await expect(toast(page, 'Update success')).toBeVisible();
  await expect(alertBox(page)).toBeHidden();

  await page.reload();
  await expect(page.getByRole('form', { name: 'Edit profile' }).getByLabel('City')).toHaveValue('Oakland');
  await expect(page.getByRole('form', { name: 'Edit profile' }).getByLabel('Cell Phone Number')).toHaveValue('415-555-0134');
});

test('leaving the profile with unsaved changes warns first', async ({ context, page, baseURL }) => {
  const account = await createAccount();
  await signIn(context, baseURL!, account.email, account.password);
  await page.goto('/app/parent/profile');
  const form = page.getByRole('form', { name: 'Edit profile' });
  await form.getByLabel('City').fill('Somewhere Else');

  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  const warning = page.getByRole('alertdialog');
  await expect(warning).toContainText('The system may not save your changes.');
  await warning.getByRole('button', { name: 'STAY' }).click();
  await expect(page).toHaveURL(/\/app\/parent\/profile$/);
  await expect(form.getByLabel('City')).toHaveValue('Somewhere Else');

  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'LEAVE' }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
});

test('a reserved AirBox ID is cleared with a warning', async ({ context, page, baseURL }) => {
  const account = await createAccount();
  await signIn(context, baseURL!, account.email, account.password);
  await page.goto('/app/parent/profile');
  const boxId = page.getByRole('form', { name: 'Edit profile' }).getByLabel('AirBox ID');
  await expect(boxId).toHaveValue(account.boxId);
  await boxId.fill('4444444');
  await boxId.blur();
  await expect(alertBox(page)).toContainText('This AirBox ID is reserved!');
  await alertBox(page).getByRole('button', { name: 'OK' }).click();
  await expect(boxId).toHaveValue('');
  // The emptied field then asks for a new id.
  await expect(page.getByText('The AirBox ID must be 7 digits and cannot start with 0')).toBeVisible();
});
