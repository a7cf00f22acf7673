import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from '../support/axe';

/**
 * The recipients' public tracking page (/app/track/:token): no sign-in, readable on a phone and
 * a laptop, accessible. The tracking answer is given by the test (a bought label with a
 * recipient link needs a purchase, which the label journeys make); an unknown link is asked of
 * the real server.
 */
const TOKEN = 'e2e-recipient-link-0123456789abcdef';

const tracking = {
  errorcode: 0,
  message: 'Success',
  data: {
    carrier: 'UPS',
    trackingCode: '1Z999AA10123456784',
    status: 'in transit',
    expectedDelivery: '2026-11-26',
    fromCity: 'San Francisco',
    fromState: 'CA',
    toCity: 'New York',
    toState: 'NY',
    events: [
      { status: 'label created', message: 'Shipping label created', datetime: '2026-11-23T15:00:00Z', city: 'San Francisco', state: 'CA' },
      { status: 'in transit', message: 'Accepted at origin facility', datetime: '2026-11-23T19:27:00Z', city: 'San Francisco', state: 'CA' },
    ],
  },
};

for (const [device, width, height] of [
  ['a phone', 375, 812],
  ['a laptop', 1366, 768],
] as const) {
  test(`the tracking page reads on ${device} and has no serious accessibility violation`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.route('**/app/v1/tracking?*', (route) => route.fulfill({ json: tracking }));
    await page.goto(`/app/track/${TOKEN}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Package tracking' })).toBeVisible();
    const history = page.getByRole('list', { name: 'Tracking history' });
    await expect(history.getByRole('listitem')).toHaveCount(2);
    await expect(history.getByRole('listitem').first()).toContainText('Accepted at origin facility');
    await expect(page.getByText('1Z999AA10123456784')).toBeVisible();
    // Whose page it is, in the tab and on the page, and when the package comes.
    await expect(page).toHaveTitle('Tracking 1Z999AA10123456784 · AirBox');
    await expect(page.getByRole('banner')).toContainText('AirBox');
    await expect(page.getByRole('region', { name: 'Status' })).toContainText('Expected delivery Thursday, November 26');
    await expect(page.getByRole('link', { name: /Track it on UPS's site/ })).toHaveAttribute('href', 'https://www.ups.com/track?tracknum=1Z999AA10123456784');
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expectNoSeriousViolations(page);
  });
}

test('an unknown tracking link says so, with no sign-in asked', async ({ page }) => {
  await page.goto(`/app/track/${TOKEN}`);
  await expect(page.getByText('This tracking link is not valid. Please check the link in your e-mail.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/app/track/${TOKEN}$`));
  await expectNoSeriousViolations(page);
});

test('the tracking page reads in the dark on a phone, as the device asks', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 375, height: 740 });
  await page.route('**/app/v1/tracking?*', (route) => route.fulfill({ json: tracking }));
  await page.goto(`/app/track/${TOKEN}`);
  await expect(page.getByRole('list', { name: 'Tracking history' }).getByRole('listitem')).toHaveCount(2);
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(17, 24, 39)');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoSeriousViolations(page);
});
