import { expect, test } from '@playwright/test';
import { DEMO, signIn } from '../support/accounts';

test('the chosen theme survives a reload', async ({ context, page, baseURL }) => {
  await signIn(context, baseURL!, DEMO.email, DEMO.password);
  await page.goto('/app/dashboard');
  // The settings button wears the theme's primary colour.
  const primaryButton = page.getByRole('button', { name: 'Settings' });
  const orange = await primaryButton.evaluate((element) => getComputedStyle(element).backgroundColor);

  await page.getByRole('button', { name: 'Theme' }).click();
  await page.getByRole('menuitem', { name: 'AirBox Blue' }).click();
  await expect.poll(() => primaryButton.evaluate((element) => getComputedStyle(element).backgroundColor)).not.toBe(orange);
  const blue = await primaryButton.evaluate((element) => getComputedStyle(element).backgroundColor);
  expect((await context.cookies()).find((cookie) => cookie.name === 'theme_button_color')?.value).toBe('blue');

  await page.reload();
  await expect.poll(() => primaryButton.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(blue);
});
