import { expect, test, type Locator, type Page } from '@playwright/test';
import { createAccount, signIn } from '../support/accounts';
import { expectNoSeriousViolations } from '../support/axe';
import { saveOrderThroughApi } from '../support/labels';

/**
 * The Rates step compares (issue 21 item 12): each service's price beside the carrier's retail
 * price struck through and the saving, the day it is expected, and a ship date the customer
 * chooses above them, which rates again. On the carriers simulator (its retail price is above
 * every price), at a laptop's and a phone's width. The browser and the server keep the real
 * clock: the days offered are the server's own.
 */

const money = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);

/** The card of a service on the Rates step, by the start of its radio's name. */
const card = (page: Page, service: string) =>
  page
    .getByRole('radiogroup', { name: 'Services' })
    .locator('label')
    .filter({ has: page.getByRole('radio', { name: new RegExp(`^${service} · \\$`) }) });

/** The day a card says the parcel is expected ('Tue, Dec 1'). */
async function deliveryDay(service: Locator) {
  const text = (await service.getByText(/^Est\. delivery /).textContent()) ?? '';
  return /^Est\. delivery (\w{3}, \w{3} \d{1,2})$/.exec(text)?.[1] ?? '';
}

for (const screen of [
  { name: 'a laptop', width: 1366, height: 800 },
  { name: 'a phone', width: 375, height: 740 },
]) {
  test(`on ${screen.name} (${screen.width} px), the rates show the retail price struck through, the saving and the day expected, and another ship date rates them again`, async ({
    context,
    page,
    baseURL,
  }) => {
    await page.setViewportSize({ width: screen.width, height: screen.height });
    const account = await createAccount();
    await signIn(context, baseURL!, account.email, account.password);
    await saveOrderThroughApi(context.request, { comments: `Rates at ${screen.width}` });

    // An order in progress, continued: every step is filled, Next walks to the rates.
    await page.goto('/app/ShipmentParent/MyOrder');
    await page.getByRole('link', { name: /^CONTINUE PURCHASE/ }).click();
    for (const step of ['From step', 'To step', 'Package step']) {
      const form = page.getByRole('form', { name: step });
      await expect(form.getByRole('button', { name: 'Next' })).toBeEnabled();
      await form.getByRole('button', { name: 'Next' }).click();
    }
    await page.getByRole('form', { name: 'Options step' }).getByRole('button', { name: 'Check addresses' }).click();

    // The ship date: the first day offered, each a weekday by name, at most eight of them.
    const rates = page.getByRole('form', { name: 'Rates step' });
    const shipDate = rates.getByRole('combobox', { name: 'Ship date' });
    await expect(card(page, 'USPS Ground Advantage')).toBeVisible();
    const offered = await shipDate.locator('option').allTextContents();
    expect(offered.length).toBeGreaterThanOrEqual(4);
    expect(offered.length).toBeLessThanOrEqual(8);
    for (const day of offered) expect(day).toMatch(/^(Today, )?(Mon|Tue|Wed|Thu|Fri), \w{3} \d{1,2}$/);

    // USPS Ground Advantage: the price, the retail price struck through and what is saved.
    const usps = card(page, 'USPS Ground Advantage');
    const name = (await usps.getByRole('radio').getAttribute('aria-labelledby'))!;
    const price = money((await page.locator(`[id="${name}"]`).textContent())!.split(' · ')[1]!);
    const retail = money((await usps.locator('s').textContent())!);
    expect(retail).toBeGreaterThan(price);
    const saving = usps.getByText(/^Save \$\d+\.\d\d \(\d+%\)$/);
    await expect(saving).toBeVisible();
    expect(money((await saving.textContent())!.split(' (')[0]!)).toBe(retail - price);
    await expect(usps.getByRole('radio')).toHaveAccessibleDescription(/^\d business days? Est\. delivery \w{3}, \w{3} \d{1,2} Retail price \$\d+\.\d\d Save /);
    const before = await deliveryDay(usps);

    // The price column lines up: every card's price ends at the same place in its column, and nothing is wider than the screen.
    const priceEdges = await page
      .getByRole('radiogroup', { name: 'Services' })
      .locator('label')
      .evaluateAll((cards) =>
        cards.map((element) => {
          const price = [...element.querySelectorAll('p')].find((paragraph) => /^\$\d/.test(paragraph.textContent ?? ''))!;
          return Math.round(element.getBoundingClientRect().right - price.getBoundingClientRect().right);
        }),
      );
    expect(new Set(priceEdges).size).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await usps.getByRole('radio').check();
    await expectNoSeriousViolations(page);

    // Another ship date: the rates are asked again, the day expected moves later, the service stays chosen.
    await shipDate.selectOption({ index: 1 });
    await expect(usps.getByText(/^Est\. delivery /)).not.toContainText(before);
    await expect(usps.getByRole('radio')).toBeChecked();
    await expect(shipDate).toBeEnabled();
    const after = await deliveryDay(usps);
    expect(after).toMatch(/^\w{3}, \w{3} \d{1,2}$/);
    await expectNoSeriousViolations(page);

    // Review says the ship date chosen and the day expected.
    await rates.getByRole('button', { name: 'Next' }).click();
    const review = page.getByRole('form', { name: 'Review and pay step' }).getByLabel('Your label');
    await expect(review).toContainText(`Ship date${offered[1]!.replace(/^Today, /, '')}`);
    await expect(review).toContainText(`Estimated delivery${after}`);
    await expect(review).toContainText(`you save $`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });
}
