import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO, createAccount, signIn, toast } from '../support/accounts';
import { addContact, RECIPIENT, setMailingAddress } from '../support/labels';
import { expectNoSeriousViolations } from '../support/axe';

// With the transitions customers see by default (playwright.config.ts runs the others without).
test.use({ reducedMotion: 'no-preference' });

/**
 * Issue 11: the signed-in screens on a 375×740 phone (nothing wider than the screen, no control
 * under another element such as the old floating Settings button), and journeys made with the
 * keyboard alone, with axe on each screen and the focus ring checked where the focus lands.
 */

const PHONE = { width: 375, height: 740 } as const;

/** A screen's first data on a busy 2-core host (two journeys, a build) took up to 16 s. */
const LOADED = { timeout: 20_000 } as const;

/** Each screen, and what shows once its data is in. */
const PHONE_SCREENS = [
  ['My Messages', '/app/message', (page: Page) => page.getByRole('list', { name: 'My Messages' }).getByRole('listitem').first()],
  ['My Contacts', '/app/MyContacts', (page: Page) => page.getByRole('list', { name: 'My Contacts' }).getByRole('listitem').first()],
  ['Membership', '/app/membership', (page: Page) => page.getByRole('region', { name: 'Credit Plan' })],
  ['Buy Membership', '/app/buymembership/1', (page: Page) => page.getByRole('spinbutton', { name: 'Quantity' })],
  ['Transaction History', '/app/transaction', (page: Page) => page.getByRole('list', { name: 'Transaction History' }).getByRole('listitem').first()],
  ['Profile', '/app/parent/profile', (page: Page) => page.getByRole('form', { name: 'Edit profile' }).getByLabel('City')],
  ['My AirBox ID', '/app/parent/boxid', (page: Page) => page.getByRole('img', { name: /QR code/i }).first()],
] as const;

/** Visible elements wider than the viewport or reaching past its edges, described. */
function tooWide(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    if (document.documentElement.scrollWidth > width) found.push(`the page scrolls sideways (${document.documentElement.scrollWidth} > ${width})`);
    for (const element of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      // An unseen element is skipped: MUI's switch draws its native input three times its width at
      // opacity 0, clipped by the switch, so an unticked switch's input reaches past a card's edge.
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden' || style.opacity === '0') continue;
      if (box.right > width + 0.5 || box.left < -0.5) {
        found.push(`${element.tagName.toLowerCase()}.${element.className.toString().split(' ').slice(0, 2).join('.')} "${(element.textContent ?? '').trim().slice(0, 30)}" ${Math.round(box.left)}..${Math.round(box.right)}`);
      }
    }
    return found;
  });
}

/**
 * Controls another element covers: each control is scrolled to the middle of the screen and the
 * element at its centre must be the control or inside it.
 */
function coveredControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const controls = Array.from(
      document.querySelectorAll<HTMLElement>(
        'main a[href], main button, main [role="button"], main [role="combobox"], main input:not([type="hidden"]), main textarea, footer a[href]',
      ),
    ).filter((control) => {
      const style = getComputedStyle(control);
      const box = control.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && style.pointerEvents !== 'none' && !control.closest('[aria-hidden="true"]');
    });
    const covered: string[] = [];
    for (const control of controls) {
      control.scrollIntoView({ block: 'center', inline: 'center' });
      const box = control.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      if (hit && (hit === control || control.contains(hit))) continue;
      const name = control.getAttribute('aria-label') ?? control.textContent?.trim() ?? control.tagName;
      const by = hit ? `${hit.tagName.toLowerCase()} "${(hit.getAttribute('aria-label') ?? hit.textContent ?? '').trim().slice(0, 30)}"` : 'nothing';
      covered.push(`${control.tagName.toLowerCase()} "${name.slice(0, 40)}" is under ${by}`);
    }
    window.scrollTo(0, 0);
    return covered;
  });
}

for (const [name, path, ready] of PHONE_SCREENS) {
  test(`${name} on a 375×740 phone: nothing wider than the screen, no control covered`, async ({ context, page, baseURL }) => {
    // Every control is scrolled to and hit-tested one by one.
    test.slow();
    await page.setViewportSize(PHONE);
    await signIn(context, baseURL!, DEMO.email, DEMO.password);
    await page.goto(path);
    await expect(ready(page)).toBeVisible(LOADED);
    // Measured once every call has answered: the calls' progress bar slides its bar past the
    // screen's edge (clipped, unseen) while it runs, and a busy host can still be fetching.
    await expect(page.getByRole('progressbar')).toHaveCount(0, LOADED);
    expect(await tooWide(page)).toEqual([]);
    expect(await coveredControls(page)).toEqual([]);
    // The page title is whole (it wraps rather than being cut with an ellipsis).
    const title = page.getByRole('banner').getByRole('heading', { level: 1 });
    expect(await title.evaluate((heading) => heading.scrollWidth <= heading.clientWidth)).toBe(true);
  });
}

test('My Messages on a phone: the filters fold behind a Filters button', async ({ context, page, baseURL }) => {
  await page.setViewportSize(PHONE);
  await signIn(context, baseURL!, DEMO.email, DEMO.password);
  await page.goto('/app/message');
  await expect(page.getByRole('list', { name: 'My Messages' })).toBeVisible(LOADED);
  const filters = page.getByRole('button', { name: 'Filters' });
  await expect(filters).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('search', { name: 'Search messages' })).toBeHidden();
  await filters.click();
  await expect(page.getByRole('search', { name: 'Search messages' }).getByRole('combobox', { name: 'Carrier' })).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0, LOADED);
  expect(await tooWide(page)).toEqual([]);
});

test('Add Contact on a 375×800 phone keeps CANCEL and CONFIRM in sight when every error shows', async ({ context, page, baseURL }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const account = await createAccount();
  await signIn(context, baseURL!, account.email, account.password);
  await page.goto('/app/MyContacts');
  await page.getByRole('button', { name: 'ADD CONTACT' }).click();
  const dialog = page.getByRole('dialog', { name: 'ADD CONTACT' });
  await expect(dialog).toBeVisible(LOADED);
  await dialog.getByRole('button', { name: 'CONFIRM' }).click();
  await expect(dialog.getByText('Please enter phone number')).toBeAttached();
  for (const action of ['CANCEL', 'CONFIRM']) await expect(dialog.getByRole('button', { name: action })).toBeInViewport();
  expect(await coveredControls(page)).toEqual([]);
});

/** Presses Tab until `target` has the focus (at most `limit` times): the keyboard's way there. */
async function tabTo(page: Page, target: Locator, limit = 120): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement || element.contains(document.activeElement))) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/**
 * The focused control shows a 2px solid outline 2px off its edge (WCAG 2.2 focus appearance):
 * outside it on the page, inside it on the dark sidebar (-2px), where the scroll area clips.
 */
async function expectFocusRing(page: Page): Promise<void> {
  const ring = await page.evaluate(() => {
    const focused = document.activeElement as HTMLElement;
    const ringed = focused.closest('.Mui-focusVisible') ?? focused;
    const style = getComputedStyle(ringed);
    return { style: style.outlineStyle, width: style.outlineWidth, offset: style.outlineOffset };
  });
  expect(ring).toMatchObject({ style: 'solid', width: '2px' });
  expect(['2px', '-2px']).toContain(ring.offset);
}

test('keyboard only: log in, open My Contacts from the sidebar and add a contact, axe on each screen', async ({ page }) => {
  // A check of the focus after each Tab and axe on four screens: long on this 2-core host.
  test.slow();
  const account = await createAccount();
  await page.goto('/app/login');
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  await expectNoSeriousViolations(page);
  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type(account.email);
  await tabTo(page, page.getByLabel('Password', { exact: true }));
  await page.keyboard.type(account.password);
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/app\/dashboard$/, LOADED);
  // axe on the dashboard as drawn, every call answered (not on its skeleton).
  await expect(page.getByRole('region', { name: 'Packages Not Picked Up' })).toBeVisible(LOADED);
  await expect(page.getByRole('progressbar')).toHaveCount(0, LOADED);
  await expectNoSeriousViolations(page);
  const contactsLink = page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'My Contacts' });
  await tabTo(page, contactsLink);
  await expect(contactsLink).toBeFocused();
  await expectFocusRing(page);
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/app\/MyContacts$/);
  await expect(page.getByText('You have no saved contacts.')).toBeVisible(LOADED);
  await expectNoSeriousViolations(page);
  const add = page.getByRole('button', { name: 'ADD CONTACT' });
  await tabTo(page, add);
  await expectFocusRing(page);
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('dialog', { name: 'ADD CONTACT' });
  await expect(dialog.getByLabel('Nickname')).toBeFocused();
  await page.keyboard.type('Home');
  for (const [label, text] of [
    ['Address 1', '500 Howard St'],
    ['City', 'San Francisco'],
  ] as const) {
    await tabTo(page, dialog.getByLabel(label));
    await page.keyboard.type(text);
  }
  await tabTo(page, dialog.getByRole('combobox', { name: 'State' }));
  await page.keyboard.press('Enter');
  const california = page.getByRole('option', { name: 'California' });
  // Type-ahead: California is the first state starting with C (one key: letters more than
  // 500 ms apart on a busy machine start a new search).
  await page.keyboard.press('c');
  await expect(california).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('combobox', { name: 'State' })).toHaveText('California');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  for (const [label, text] of [
    ['Zip Code', '94105'],
    ['Phone Number', '4155550100'],
  ] as const) {
    await tabTo(page, dialog.getByLabel(label));
    await page.keyboard.type(text);
  }
  await expectNoSeriousViolations(page);
  const confirm = dialog.getByRole('button', { name: 'CONFIRM' });
  await tabTo(page, confirm);
  await expectFocusRing(page);
  await page.keyboard.press('Enter');

  await expect(toast(page, 'Add success')).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('table', { name: 'My Contacts' }).getByRole('row').filter({ hasText: 'Home' });
  await expect(row).toContainText('500 Howard St, San Francisco, CA, USA, 94105');
  await expectNoSeriousViolations(page);
});

/** Tabs to a button or link, checks its focus ring, and presses Enter on it. */
async function press(page: Page, control: Locator): Promise<void> {
  await expect(control).toBeVisible(LOADED);
  await tabTo(page, control);
  await expectFocusRing(page);
  await page.keyboard.press('Enter');
}

test('keyboard only: buy a label from the dashboard through the payment simulator to Purchased Labels, axe on each step', async ({ context, page, baseURL }) => {
  // Seven steps, each control reached Tab by Tab with its focus checked, and axe five times: over 2 minutes on this 2-core host.
  test.setTimeout(300_000);
  const account = await createAccount();
  await signIn(context, baseURL!, account.email, account.password);
  await setMailingAddress(context.request, account);
  await addContact(context.request, account.userId, 'Rosa', RECIPIENT);
  await page.goto('/app/dashboard');
  await press(page, page.getByRole('link', { name: 'Buy Shipment Labels' }));
  await expect(page.getByRole('heading', { name: 'New shipping label' })).toBeVisible(LOADED);

  // From: the customer's own address.
  const from = page.getByRole('form', { name: 'From step' });
  await press(page, from.getByRole('button', { name: /^My address/ }));
  await expect(from.getByLabel('Address 1')).toHaveValue('742 Valencia St');
  await expectNoSeriousViolations(page);
  await press(page, from.getByRole('button', { name: 'Next' }));

  // To: a contact picked in the My Contacts dialog.
  const to = page.getByRole('form', { name: 'To step' });
  await press(page, to.getByRole('button', { name: 'Pick from My Contacts' }));
  const contacts = page.getByRole('dialog', { name: 'My Contacts' });
  await press(page, contacts.getByRole('button', { name: 'Choose Rosa' }));
  await expect(contacts).toBeHidden();
  await expect(to.getByLabel('Address 1')).toHaveValue(RECIPIENT.address1);
  await expectNoSeriousViolations(page);
  await press(page, to.getByRole('button', { name: 'Next' }));

  // Package: a preset; Options: as they are.
  const parcel = page.getByRole('form', { name: 'Package step' });
  await press(page, parcel.getByRole('button', { name: /^Small box/ }));
  await expect(parcel.getByLabel('Weight (lb)')).toHaveValue('1');
  await press(page, parcel.getByRole('button', { name: 'Next' }));
  await press(page, page.getByRole('form', { name: 'Options step' }).getByRole('button', { name: 'Check addresses' }));

  // Rates: the focus enters the group on a service; Space chooses it.
  const services = page.getByRole('radiogroup', { name: 'Services' });
  const verify = page.getByRole('form', { name: 'Verify step' });
  await expect(services.or(verify)).toBeVisible(LOADED);
  if (await verify.isVisible()) await press(page, verify.getByRole('button', { name: 'Get rates' }));
  const first = services.getByRole('radio').first();
  await expect(first).toBeVisible(LOADED);
  await tabTo(page, services);
  await page.keyboard.press('Space');
  const chosen = services.getByRole('radio', { checked: true });
  await expect(chosen).toHaveCount(1);
  await expect(chosen).toBeFocused();
  await expectNoSeriousViolations(page);
  await press(page, page.getByRole('form', { name: 'Rates step' }).getByRole('button', { name: 'Next' }));

  // Review and pay, then the payment simulator's Approve.
  await press(page, page.getByRole('form', { name: 'Review and pay step' }).getByRole('button', { name: /^Pay \$/ }));
  await press(page, page.getByRole('button', { name: 'Approve' }));
  await expect(page.getByText('Pay Success!')).toBeVisible(LOADED);
  await expect(page).toHaveURL(/\/app\/ShipmentParent\/shipment\?labelOrder=/, LOADED);
  const orderNo = new URL(page.url()).searchParams.get('labelOrder')!;
  await expect(page.getByText(`Your label for order ${orderNo} is ready.`)).toBeVisible(LOADED);
  await expectNoSeriousViolations(page);
});
