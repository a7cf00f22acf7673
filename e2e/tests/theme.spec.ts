import { expect, test } from '@playwright/test';
import { DEMO, signIn } from '../support/accounts';

/** The themes' primary colours (apps/web/src/lib/theme.ts): orange #c2410c and blue #1d4ed8. */
const ORANGE = 'rgb(194, 65, 12)';
const BLUE = 'rgb(29, 78, 216)';

test('the chosen theme survives a reload', async ({ context, page, baseURL }) => {
  await signIn(context, baseURL!, DEMO.email, DEMO.password);
  await page.goto('/app/dashboard');
  // The sidebar's current entry wears the theme's primary colour (the floating Settings button
  // that did is now a plain top-bar icon); polled, as the colour changes with a transition.
  const current = page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Dashboard', exact: true });
  const colour = () => current.evaluate((element) => getComputedStyle(element).backgroundColor);
  // The signed-in layout took up to 16 s to show on a busy 2-core host.
  await expect(current).toBeVisible({ timeout: 20_000 });
  await expect.poll(colour).toBe(ORANGE);

  await page.getByRole('button', { name: 'Theme' }).click();
  await page.getByRole('menuitem', { name: 'AirBox Blue' }).click();
  await expect.poll(colour).toBe(BLUE);
  expect((await context.cookies()).find((cookie) => cookie.name === 'theme_button_color')?.value).toBe('blue');

  await page.reload();
  await expect.poll(colour).toBe(BLUE);
});
