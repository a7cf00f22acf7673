import { expect, test, type Page } from '@playwright/test';
import { alertBox, createAccount, signIn, toast } from '../support/accounts';
import { expectNoSeriousViolations } from '../support/axe';

/** A success is a toast: announced, with no dialog left to close. */
async function expectToast(page: Page, text: string) {
  await expect(toast(page, text)).toBeVisible();
  await expect(alertBox(page)).toBeHidden();
}

test('a customer adds a contact, told of every mistake on the way', async ({ context, page, baseURL }) => {
  const account = await createAccount();
  await signIn(context, baseURL!, account.email, account.password);
  await page.goto('/app/MyContacts');
  const card = page.getByRole('region', { name: 'My Contacts' });
  await expect(card.getByText('You have no saved contacts.')).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.getByRole('button', { name: 'ADD CONTACT' }).click();
  const dialog = page.getByRole('dialog', { name: 'ADD CONTACT' });
  await expect(dialog.getByText('* Required field')).toBeVisible();
  await expect(dialog.getByLabel('Country')).toHaveValue('USA');
  await dialog.getByLabel('Nickname').focus();
  await dialog.getByLabel('Nickname').blur();
  await expect(dialog.getByText('Please enter nickname')).toBeVisible();
  await dialog.getByRole('button', { name: 'CONFIRM' }).click();
  for (const message of ['Please enter address', 'Please enter city', 'Please select state', 'Please enter ZIP code', 'Please enter phone number']) {
    await expect(dialog.getByText(message)).toBeVisible();
  }
  await expectNoSeriousViolations(page);

  await dialog.getByLabel('Nickname').pressSequentially("Mom's place!");
  await expect(dialog.getByLabel('Nickname')).toHaveValue('Moms place');
  await dialog.getByLabel('First Name').fill('Rosa');
  await dialog.getByLabel('Last Name').fill('Journey');
  await dialog.getByLabel('Address 1').fill('12 Elm St');
  await dialog.getByLabel('City').fill('Austin');
  await dialog.getByRole('combobox', { name: 'State' }).click();
  await page.getByRole('option', { name: 'Texas' }).click();
  await dialog.getByLabel('Zip Code').fill('7330');
  await dialog.getByLabel('Phone Number').fill('5125550199');
  await dialog.getByLabel('Zip Code').blur();
  await expect(dialog.getByText('Enter the correct format')).toBeVisible();
  await dialog.getByLabel('Zip Code').fill('73301');
  await dialog.getByLabel('Email').fill('rosa@');
  await dialog.getByLabel('Email').blur();
  await expect(dialog.getByText('Enter the correct format')).toBeVisible();
  await dialog.getByLabel('Email').fill('rosa@example.com');
  await dialog.getByRole('checkbox', { name: 'This is a residential address' }).check();
  await dialog.getByRole('button', { name: 'CONFIRM' }).click();
  await expectToast(page, 'Add success');

  const table = page.getByRole('table', { name: 'My Contacts' });
  const row = table.getByRole('row').filter({ hasText: 'Moms place' });
  await expect(row).toContainText('Rosa Journey');
  await expect(row).toContainText('12 Elm St, Austin, TX, USA, 73301');
  // Saved as 512-555-0199; a table shows phones as (xxx) xxx-xxxx.
  await expect(row).toContainText('(512) 555-0199');
});

test('a customer edits a contact, and deletes it after a first CANCEL', async ({ context, page, baseURL }) => {
  const account = await createAccount();
  await signIn(context, baseURL!, account.email, account.password);
  await page.goto('/app/MyContacts');
  const card = page.getByRole('region', { name: 'My Contacts' });
  await page.getByRole('button', { name: 'ADD CONTACT' }).click();
  const dialog = page.getByRole('dialog', { name: 'ADD CONTACT' });
  await dialog.getByLabel('Nickname').fill('Moms place');
  await dialog.getByLabel('Address 1').fill('12 Elm St');
  await dialog.getByLabel('City').fill('Austin');
  await dialog.getByRole('combobox', { name: 'State' }).click();
  await page.getByRole('option', { name: 'Texas' }).click();
  await dialog.getByLabel('Zip Code').fill('73301');
  await dialog.getByLabel('Phone Number').fill('5125550199');
  await dialog.getByRole('button', { name: 'CONFIRM' }).click();
  await expectToast(page, 'Add success');
  const row = page.getByRole('table', { name: 'My Contacts' }).getByRole('row').filter({ hasText: 'Moms place' });
  await expect(row).toContainText('12 Elm St, Austin, TX, USA, 73301');

  await row.getByRole('button', { name: 'Edit Moms place' }).click();
  const edit = page.getByRole('dialog', { name: 'EDIT CONTACT' });
  await expect(edit.getByLabel('Address 1')).toHaveValue('12 Elm St');
  await edit.getByLabel('City').fill('Dallas');
  await edit.getByRole('button', { name: 'CONFIRM' }).click();
  await expectToast(page, 'Update success');
  await expect(row).toContainText('12 Elm St, Dallas, TX, USA, 73301');

  await row.getByRole('button', { name: 'Delete Moms place' }).click();
  const question = page.getByRole('alertdialog', { name: 'Notice' });
  await expect(question).toContainText('Are you sure to delete the address?');
  await question.getByRole('button', { name: 'CANCEL' }).click();
  await expectToast(page, 'Cancel deletion');
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: 'Delete Moms place' }).click();
  await page.getByRole('alertdialog', { name: 'Notice' }).getByRole('button', { name: 'CONFIRM' }).click();
  await expectToast(page, 'Delete success');
  await expect(card.getByText('You have no saved contacts.')).toBeVisible();
});

test('My Contacts and the profile are usable on a phone', async ({ context, page, baseURL }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const account = await createAccount();
  await signIn(context, baseURL!, account.email, account.password);
  await page.goto('/app/MyContacts');
  await page.getByRole('button', { name: 'ADD CONTACT' }).click();
  const dialog = page.getByRole('dialog', { name: 'ADD CONTACT' });
  await expect(dialog.getByLabel('Nickname')).toBeFocused();
  await dialog.getByLabel('Nickname').fill('Work');
  await dialog.getByLabel('Address 1').fill('500 Howard St');
  await dialog.getByLabel('City').fill('San Francisco');
  await dialog.getByRole('combobox', { name: 'State' }).click();
  await page.getByRole('option', { name: 'California' }).click();
  await dialog.getByLabel('Zip Code').fill('94105');
  await dialog.getByLabel('Phone Number').fill('4155550100');
  await dialog.getByRole('button', { name: 'CONFIRM' }).click();
  await expectToast(page, 'Add success');
  const card = page.getByRole('list', { name: 'My Contacts' }).getByRole('listitem').filter({ hasText: 'Work' });
  await expect(card).toContainText('500 Howard St, San Francisco, CA, USA, 94105');
  await expectNoSeriousViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await page.goto('/app/parent/profile');
  await expect(page.getByRole('form', { name: 'Edit profile' }).getByRole('textbox', { name: 'Email' })).toHaveValue(account.email);
  await expectNoSeriousViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
