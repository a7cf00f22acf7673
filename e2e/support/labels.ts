import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';

/** A sender and a recipient the carriers simulator verifies as typed (mixed case, ZIP of the state). */
export const SENDER = {
  firstName: 'Jordan',
  lastName: 'Journey',
  company: '',
  address1: '742 Valencia St',
  address2: '',
  city: 'San Francisco',
  state: 'CA',
  zipcode: '94110',
  phone: '415-555-0142',
  email: '',
  residential: true,
} as const;

export const RECIPIENT = {
  firstName: 'Rosa',
  lastName: 'Parcel',
  company: '',
  address1: '12 Elm St',
  address2: '',
  city: 'Austin',
  state: 'TX',
  zipcode: '73301',
  phone: '512-555-0199',
  email: '',
  residential: true,
} as const;

export interface BoughtLabel {
  orderNo: string;
  /** The page the payment's return sent the browser to (paySuccess, then Purchased Labels). */
  landing: string;
}

interface RatesAnswer {
  errorcode: number;
  data: { draftId: number; rates: { rateId: string; carrier: string; cheapest: boolean; rate: string }[] };
}

/**
 * Rates a small box from SENDER to RECIPIENT and sends its cheapest rate to payment, through the
 * label page's calls, without paying: an unpaid label. Answers the payment simulator's page.
 */
export async function openUnpaidLabelThroughApi(request: APIRequestContext): Promise<{ redirectURL: string }> {
  const rated = await request.post('/app/v1/labelPurchase/rates', {
    data: { from: SENDER, to: RECIPIENT, parcel: { length: '8', width: '6', height: '4', weightLb: '1', weightOz: '0' }, insuredValue: '', comments: '', saveRecipient: false },
  });
  expect(rated.ok(), await rated.text()).toBe(true);
  const { data } = (await rated.json()) as RatesAnswer;
  const bought = await request.post('/app/v1/labelPurchase/buy', { data: { draftId: data.draftId, rateId: data.rates[0]!.rateId } });
  expect(bought.ok(), await bought.text()).toBe(true);
  return { redirectURL: ((await bought.json()) as { redirectURL: string }).redirectURL };
}

/**
 * Buys a label through the calls the label-purchase page makes, for journeys about what comes
 * after: rate a small box from SENDER to RECIPIENT, pay the cheapest rate (of `carrier`, as the wire
 * names it: USPS, UPSDAP, FedEx), approve the payment on
 * the payment simulator's page (its form's POST), and follow the return, which captures the
 * payment and buys the label. `request` must carry a signed-in session (context.request after
 * signIn).
 */
export async function buyLabelThroughApi(request: APIRequestContext, options: { comments?: string; carrier?: string } = {}): Promise<BoughtLabel> {
  const rated = await request.post('/app/v1/labelPurchase/rates', {
    data: {
      from: SENDER,
      to: RECIPIENT,
      parcel: { length: '8', width: '6', height: '4', weightLb: '1', weightOz: '0' },
      insuredValue: '',
      comments: options.comments ?? '',
      saveRecipient: false,
    },
  });
  expect(rated.ok(), await rated.text()).toBe(true);
  const rates = (await rated.json()) as RatesAnswer;
  expect(rates.errorcode).toBe(0);
  const offered = options.carrier ? rates.data.rates.filter((rate) => rate.carrier === options.carrier) : rates.data.rates;
  // Rates come cheapest first.
  const cheapest = options.carrier ? offered[0] : (offered.find((rate) => rate.cheapest) ?? offered[0]);
  expect(cheapest, 'a rate to buy').toBeDefined();

  const bought = await request.post('/app/v1/labelPurchase/buy', { data: { draftId: rates.data.draftId, rateId: cheapest!.rateId } });
  expect(bought.ok(), await bought.text()).toBe(true);
  const { redirectURL } = (await bought.json()) as { errorcode: number; redirectURL: string };
  const token = new URL(redirectURL, 'http://localhost').searchParams.get('token');
  expect(token, `a payment token in ${redirectURL}`).toBeTruthy();

  // Approve answers 303 to the portal's return, which buys the label and sends to paySuccess.
  const approved = await request.post('/app/v1/payments/simulator/approve', { form: { token: token! } });
  expect(approved.ok()).toBe(true);
  const landing = new URL(approved.url());
  const next = landing.searchParams.get('redirect') ?? `${landing.pathname}${landing.search}`;
  const orderNo = new URL(next, 'http://localhost').searchParams.get('labelOrder');
  expect(orderNo, `the label's order number in ${approved.url()}`).toBeTruthy();
  return { orderNo: orderNo!, landing: `${landing.pathname}${landing.search}` };
}

/** Saves an order in progress through the page's call (Save for later), every step filled; answers its id. */
export async function saveOrderThroughApi(request: APIRequestContext, options: { comments?: string } = {}): Promise<number> {
  const saved = await request.post('/openapi/easyPost/saveOrderForLater', {
    data: {
      from: SENDER,
      to: RECIPIENT,
      parcel: { length: 12, width: 10, height: 6, weightLb: 3, weightOz: 0 },
      insuredValue: 50,
      comments: options.comments ?? '',
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  const answer = (await saved.json()) as { code: number; data: { id: number } };
  expect(answer.code).toBe(0);
  return answer.data.id;
}

/**
 * Gives a fresh account a mailing address (the label page's "My address"): the profile call with
 * the account's password, as the profile page sends it.
 */
export async function setMailingAddress(request: APIRequestContext, account: { userId: number; password: string }): Promise<void> {
  const saved = await request.post('/app/v1/updateSelfUserInfo', {
    form: {
      user_id: account.userId,
      confirmPassword: account.password,
      Cell_phone_number: '415-555-0142',
      Address_line_1: SENDER.address1,
      City: SENDER.city,
      State_province_region: SENDER.state,
      Zip_code: SENDER.zipcode,
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  expect(((await saved.json()) as { errorcode: number }).errorcode).toBe(1);
}

/** Adds a contact to My Contacts through its call: `address` (the sender's by default) under `nickname`. */
export async function addContact(
  request: APIRequestContext,
  userId: number,
  nickname: string,
  contact: typeof SENDER | typeof RECIPIENT = SENDER,
): Promise<void> {
  const { residential, ...address } = contact;
  const added = await request.post('/app/v1/addUserShipmentAddress', {
    data: { ...address, user_id: userId, name: nickname, country: 'USA', residential },
  });
  expect(added.ok(), await added.text()).toBe(true);
  expect(((await added.json()) as { errorcode: number }).errorcode).toBe(1);
}

/**
 * Opens the "⋯" menu of a label in Purchased Labels (its table row, or its card on a phone), where
 * every action of spec 03 §4 is (PRINT LABEL is at hand beside it); answers the open menu.
 */
export async function openLabelMenu(page: Page, label: Locator): Promise<Locator> {
  await label.getByRole('button', { name: /^More actions, order / }).click();
  const menu = page.getByRole('menu', { name: /^Actions, order / });
  await expect(menu).toBeVisible();
  return menu;
}

/** Chooses one action of a label in Purchased Labels from its "⋯" menu (DETAILS, REFUND, SCHEDULE PICKUP, ...). */
export async function chooseLabelAction(page: Page, label: Locator, action: string): Promise<void> {
  const menu = await openLabelMenu(page, label);
  await menu.getByRole('menuitem', { name: action, exact: true }).click();
  await expect(menu).toBeHidden();
}

/** Whether the page is no wider than the screen (nothing to scroll sideways). */
export const fitsTheScreen = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** A label of Purchased Labels by its order number: its table row, or on a phone its card. */
export const labelOf = (page: Page, narrow: boolean, orderNo: string): Locator =>
  (narrow ? page.getByRole('list', { name: 'Purchased Labels' }).getByRole('listitem') : page.getByRole('table', { name: 'Purchased Labels' }).getByRole('row')).filter({
    hasText: orderNo,
  });
