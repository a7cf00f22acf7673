import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO, signIn } from '../support/accounts';
import { STILL_LOADING, expectNoSeriousViolations } from '../support/axe';

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

/** The dark appearance's page and card surfaces and its orange (apps/web/src/lib/theme.ts). */
const DARK_PAGE = 'rgb(17, 24, 39)';
const LIGHT_PAGE = 'rgb(244, 245, 247)';
const DARK_ORANGE = 'rgb(251, 146, 60)';

const pageColour = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test("the appearance follows the device's setting, and the switch beside the two themes holds light or dark after a reload", async ({ context, page, baseURL }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await signIn(context, baseURL!, DEMO.email, DEMO.password);
  await page.goto('/app/dashboard');
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => pageColour(page)).toBe(DARK_PAGE);
  // The current entry wears the theme's colour, lighter in the dark.
  const current = page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Dashboard', exact: true });
  await expect.poll(() => current.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(DARK_ORANGE);

  await page.getByRole('button', { name: 'Theme' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText(['AirBox Orange', 'AirBox Blue', 'Auto (device setting)', 'Light', 'Dark']);
  await menu.getByRole('menuitem', { name: 'Light' }).click();
  await expect.poll(() => pageColour(page)).toBe(LIGHT_PAGE);
  expect((await context.cookies()).find((cookie) => cookie.name === 'theme_mode')?.value).toBe('light');
  await page.reload();
  await expect.poll(() => pageColour(page)).toBe(LIGHT_PAGE);

  await page.getByRole('button', { name: 'Theme' }).click();
  await page.getByRole('menuitem', { name: 'Auto (device setting)' }).click();
  await expect.poll(() => pageColour(page)).toBe(DARK_PAGE);
  // The device changes its mind: the page follows at once.
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => pageColour(page)).toBe(LIGHT_PAGE);
});

/** WCAG's contrast ratio of two 'rgb(r, g, b)' colours. */
function contrast(first: string, second: string): number {
  const luminance = (colour: string) => {
    const [r, g, b] = (colour.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((value) => {
      const channel = Number(value) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}

test('the keyboard focus ring reads in the dark, on the page and on a card', async ({ context, page, baseURL }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await signIn(context, baseURL!, DEMO.email, DEMO.password);
  await page.goto('/app/transaction');
  const table = page.getByRole('table', { name: 'Transaction History' });
  await expect(table.getByRole('row').filter({ hasText: 'CREDIT PLAN' })).toBeVisible();
  // The top bar's Theme button, then the table's first sort header on its card, by keyboard.
  for (const target of [page.getByRole('button', { name: 'Theme' }), table.getByRole('button', { name: 'Date' })]) {
    await target.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(target).toBeFocused();
    const { outline, width, behind } = await target.evaluate((element) => {
      let surface: Element | null = element.parentElement;
      while (surface && getComputedStyle(surface).backgroundColor === 'rgba(0, 0, 0, 0)') surface = surface.parentElement;
      const style = getComputedStyle(element);
      return { outline: style.outlineColor, width: style.outlineWidth, behind: getComputedStyle(surface ?? document.body).backgroundColor };
    });
    expect(width).toBe('2px');
    // WCAG 1.4.11: a focus indicator at least 3:1 against what is around it.
    expect(contrast(outline, behind), `${outline} on ${behind}`).toBeGreaterThanOrEqual(3);
  }
});

/** The main screens, each read in the dark by axe once its data is in. */
const DARK_SCREENS: [string, string, (page: Page) => Locator][] = [
  ['dashboard', '/app/dashboard', (page) => page.getByRole('region', { name: 'Packages Not Picked Up' }).getByLabel(/^\d+ waiting$/)],
  ['Purchased Labels', '/app/ShipmentParent/shipment', (page) => page.getByText(/DEMO001$/).first()],
  ['Transaction History', '/app/transaction', (page) => page.getByRole('table', { name: 'Transaction History' }).getByRole('row').filter({ hasText: 'CREDIT PLAN' })],
  ['My Profile', '/app/parent/profile', (page) => page.getByRole('textbox', { name: 'First Name' })],
  ['My Messages', '/app/message', (page) => page.getByRole('table', { name: 'My Messages' }).getByRole('row').nth(1)],
  ['My Contacts', '/app/MyContacts', (page) => page.getByRole('region', { name: 'My Contacts' }).getByRole('row').nth(1)],
  ['Membership Plan', '/app/membership', (page) => page.getByRole('region', { name: 'Credit Plan' }).getByText('Current plan')],
  ['Buy credits', '/app/buymembership/1', (page) => page.getByRole('table', { name: 'Order' })],
];

for (const [name, path, ready] of DARK_SCREENS) {
  test(`${name} reads in the dark: no serious accessibility violation`, async ({ context, page, baseURL }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await signIn(context, baseURL!, DEMO.email, DEMO.password);
    await page.goto(path);
    await expect(ready(page)).toBeVisible();
    await expect(page.locator(STILL_LOADING)).toHaveCount(0);
    expect(await pageColour(page)).toBe(DARK_PAGE);
    await expectNoSeriousViolations(page);
  });
}

test('the login screen and a phone screen read in the dark: no serious accessibility violation', async ({ context, page, baseURL }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/app/login');
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(context, baseURL!, DEMO.email, DEMO.password);
  await page.goto('/app/transaction');
  await expect(page.getByRole('list', { name: 'Transaction History' }).getByRole('listitem').first()).toBeVisible();
  expect(await pageColour(page)).toBe(DARK_PAGE);
  await expectNoSeriousViolations(page);
});
