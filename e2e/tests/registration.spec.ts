import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, alertBox, logInThroughForm, toast } from '../support/accounts';
import { expectNoSeriousViolations } from '../support/axe';
import { linkTo, waitForMail } from '../support/outbox';

/** Spec 02: the individual wizard, from the zip code to the activation mail and the first login. */

const PASSWORD = 'JourneyPass1';
const uniqueEmail = () => `reg-${randomUUID().slice(0, 8)}@example.com`;
// A cell phone of its own per test (555 numbers), so AirBox ID suggestions never meet.
const uniquePhone = () => `415555${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;

const textbox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

async function passZip(page: Page, zip = '94103') {
  await page.goto('/app/register');
  await enterZip(page, zip);
}

/** The zip step, on the wizard already open. */
async function enterZip(page: Page, zip = '94103') {
  await textbox(page, 'ZIP code').fill(zip);
  await expect(page.getByText('Good news: we deliver to this area.')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Account info' })).toBeVisible();
}

async function fillAccount(page: Page, email: string, { textNotifications = false } = {}) {
  await textbox(page, 'First name').fill('Robin');
  await textbox(page, 'Last name').fill('Registrant');
  await textbox(page, 'Email').fill(email);
  await textbox(page, 'Retype email').fill(email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByLabel(/^Retype password/).fill(PASSWORD);
  await textbox(page, 'Cell phone').fill(uniquePhone());
  await page.getByLabel(/^PIN/).fill('482915');
  await expect(textbox(page, 'AirBox ID')).toHaveValue(/^\d{7}$/);
  await page.getByRole('combobox', { name: 'Default delivery hub' }).click();
  await page.getByRole('option', { name: /AirBox Union Square/ }).click();
  if (textNotifications) await page.getByRole('switch', { name: 'Text notifications' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Your address' })).toBeVisible();
}

async function fillAddress(page: Page) {
  await page.getByRole('combobox', { name: 'State' }).click();
  await page.getByRole('option', { name: 'California' }).click();
  await textbox(page, 'City').fill('San Francisco');
  await textbox(page, 'Address line 1').fill('742 Valencia St');
  await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
}

test('a visitor registers, activates through the mailed link and logs in', async ({ page }) => {
  const email = uniqueEmail();
  await passZip(page);
  await fillAccount(page, email, { textNotifications: true });
  await fillAddress(page);
  const sentAfter = Date.now();
  await page.getByRole('button', { name: 'Sign up' }).click();
  // Straight to login, where the activation notice is a toast, with no dialog.
  await expect(page).toHaveURL(/\/app\/login$/);
  await expect(toast(page, 'Check your email')).toContainText('activate it within 24 hours');
  await expect(alertBox(page)).toHaveCount(0);

  const mail = await waitForMail(email, sentAfter);
  await page.goto(linkTo(mail, '/app/active/'));
  await expect(page).toHaveURL(/\/app\/login$/);
  await expect(toast(page, 'Your account has been successfully activated. Thank you.')).toBeVisible();
  await logInThroughForm(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/app\/dashboard$/);
});

test("an unserved zip says 'Invalid zip code!' and is cleared", async ({ page }) => {
  await page.goto('/app/Register');
  await textbox(page, 'ZIP code').fill('00000');
  await expect(alertBox(page)).toContainText('Invalid zip code!');
  await alertBox(page).getByRole('button', { name: 'OK' }).click();
  await expect(textbox(page, 'ZIP code')).toHaveValue('');
});

for (const [answer, sent] of [
  ['TURN ON', '1'],
  ['IGNORE', '0'],
] as const) {
  test(`the text-notification nudge: ${answer} sends messageChoose ${sent}`, async ({ page }) => {
    await passZip(page);
    await fillAccount(page, uniqueEmail());
    await fillAddress(page);
    await page.getByRole('button', { name: 'Sign up' }).click();
    const nudge = page.getByRole('alertdialog', { name: 'Turn on text notifications?' });
    await expect(nudge).toBeVisible();
    const registration = page.waitForRequest('**/app/v1/regist_userInfo');
    await nudge.getByRole('button', { name: answer }).click();
    expect(new URLSearchParams((await registration).postData() ?? '').get('messageChoose')).toBe(sent);
    await expect(toast(page, 'activate it within 24 hours')).toBeVisible();
    await expect(page).toHaveURL(/\/app\/login$/);
  });
}

test("a taken e-mail marks both e-mail fields 'Email already in use' on the account step", async ({ page }) => {
  await passZip(page);
  await fillAccount(page, DEMO.email, { textNotifications: true });
  await fillAddress(page);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { name: 'Account info' })).toBeVisible();
  await expect(page.getByText('Email already in use')).toHaveCount(2);
  await expect(textbox(page, 'First name')).toHaveValue('Robin');
});

test('the terms must be accepted, and the Terms of Use open in a dialog', async ({ page }) => {
  await passZip(page);
  await fillAccount(page, uniqueEmail(), { textNotifications: true });
  await page.getByRole('button', { name: 'Sign up' }).click();
  // Said at the box (a field error), no dialog.
  await expect(page.getByRole('checkbox', { name: /I have read and agree/ })).toHaveAccessibleDescription(
    'You must agree with the terms and conditions to continue.',
  );
  await expect(alertBox(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Terms of Use' }).click();
  const terms = page.getByRole('dialog', { name: 'Terms of Use' });
  await expect(terms).toContainText('18 years of age or older');
  await expect(terms.getByRole('button', { name: 'Close' })).toBeFocused();
  await expectNoSeriousViolations(page);
  await terms.getByRole('button', { name: 'Close' }).click();
});

for (const [device, size] of [
  ['a desktop', { width: 1366, height: 900 }],
  ['a phone', { width: 375, height: 812 }],
] as const) {
  test(`each step of the individual wizard has no serious accessibility violation on ${device}`, async ({ page }) => {
    await page.setViewportSize(size);
    await page.goto('/app/register');
    await textbox(page, 'ZIP code').waitFor();
    await expectNoSeriousViolations(page);
    await enterZip(page);
    await expectNoSeriousViolations(page);
    await fillAccount(page, uniqueEmail(), { textNotifications: true });
    await expectNoSeriousViolations(page);
  });
}

test('the close control returns to login', async ({ page }) => {
  await page.goto('/app/register');
  await page.getByRole('link', { name: 'Close and return to login' }).click();
  await expect(page).toHaveURL(/\/app\/login$/);
});
