import { expect, test } from '@playwright/test';
import { DEMO, signIn } from '../support/accounts';

test('the chosen theme survives a reload', async ({ context, page, baseURL }) => {
  await signIn(context, baseURL!, DEMO.email, DEMO.password);
  await page.goto('/app/dashboard');
  const appBar = page.getByRole('banner');
  const orange = await appBar.evaluate((element) => getComputedStyle(element).backgroundColor);

  await page.getByRole('button', { name: /theme/i }).click();
  await page.getByRole('menuitem', { name: 'AirBox Blue' }).click();
  await expect.poll(() => appBar.evaluate((element) => getComputedStyle(element).backgroundColor)).not.toBe(orange);
  const blue = await appBar.evaluate((element) => getComputedStyle(element).backgroundColor);
  expect((await context.cookies()).find((cookie) => cookie.name === 'theme_button_color')?.value).toBe('blue');

  await page.reload();
  await expect.poll(() => appBar.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(blue);
});
