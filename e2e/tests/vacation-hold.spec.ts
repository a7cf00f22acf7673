import { expect, test } from '@playwright/test';
import { createAccount, signIn } from '../support/accounts';
import { expectNoSeriousViolations } from '../support/axe';
import { deliverAsController } from '../support/locker';

/*
 * Issue 22 item 2, a vacation hold: the customer sets the days they are away in My Profile; the
 * locker controller delivers through the locker events API on a day of the hold and is answered
 * the hold's last day, so it keeps the compartment; the dashboard says the package is on hold and
 * when its free period ends. At a laptop's width and a phone's.
 */

const FIRST_LOAD = { timeout: 25_000 };
test.describe.configure({ timeout: 90_000 });
const tracking = (suffix: string) => `9400${Date.now()}${suffix}`.slice(0, 22);

/** Today and a later day in the hubs' zone (Pacific), as YYYY-MM-DD. */
function pacificDay(daysAhead: number): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const [year, month, day] = parts.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + daysAhead)).toISOString().slice(0, 10);
}
const shortDay = (date: string) => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));

for (const viewport of [
  { width: 1366, height: 800 },
  { width: 375, height: 740 },
]) {
  test(`at ${viewport.width} px: a hold set in My Profile, a delivery inside it, the held line on the dashboard`, async ({ context, page, baseURL }) => {
    await page.setViewportSize(viewport);
    const account = await createAccount({ firstName: 'Sky' });
    await signIn(context, baseURL!, account.email, account.password);
    const start = pacificDay(0);
    const end = pacificDay(4);

    await page.goto('/app/parent/profile');
    const section = page.getByRole('region', { name: 'Vacation hold' });
    await expect(section.getByRole('button', { name: 'Add hold' })).toBeVisible(FIRST_LOAD);
    // An end before the start is refused on its field.
    await section.getByLabel('First day away').fill(end);
    await section.getByLabel('Last day away').fill(start);
    await section.getByRole('button', { name: 'Add hold' }).click();
    await expect(section.getByText('The last day must be on or after the first day')).toBeVisible();
    await section.getByLabel('First day away').fill(start);
    await section.getByLabel('Last day away').fill(end);
    await section.getByRole('button', { name: 'Add hold' }).click();
    await expect(section.getByRole('status')).toContainText('is saved');
    await expect(section.getByRole('list', { name: 'Your vacation holds' }).getByRole('listitem')).toHaveCount(1);
    await expect(section).toContainText('Under way: cancelling ends it today.');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await expectNoSeriousViolations(page);

    // The locker controller delivers today: it is told to keep the compartment until the hold's end.
    const hubs = await context.request.get(`/app/v1/getLockerInfoByUser?user_id=${account.userId}`);
    const hub = ((await hubs.json()) as { locker_info: { id: string; business_name: string }[] }).locker_info.find((h) => h.business_name === 'AirBox Union Square')!;
    const delivered = (await deliverAsController(page.request, { boxId: account.boxId, hubId: hub.id, trackingNo: tracking('1') })) as { pickupCode: string; hold?: { until: string } | null };
    expect(delivered.hold).toEqual({ until: end });

    await page.goto('/app/dashboard');
    const item = page.getByRole('list', { name: 'Waiting packages' }).getByRole('listitem').filter({ hasText: delivered.pickupCode });
    await expect(item).toBeVisible(FIRST_LOAD);
    await expect(item).toContainText(`On hold until ${shortDay(end)} · free until ${shortDay(pacificDay(6))}, 12:00 PM`);
    await expect(item).toContainText('no fee runs until then');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await expectNoSeriousViolations(page);
  });
}
