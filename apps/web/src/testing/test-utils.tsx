import { READ_ERRORCODE, type ShipmentRow } from '@airbox/contract';
import { CacheProvider } from '@emotion/react';
import { render, screen, waitFor, within, type waitForOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { AppProvider } from '../app/provider';
import { routes } from '../app/router';
import { ROUTER_BASENAME } from '../config/paths';
import { paymentPage } from '../lib/leave-for-payment';
import { SERVICE_RENAMING, SHIPMENT_ROWS, shipmentListAnswer } from './fixtures';
import { createTestStyleCache } from './test-style-cache';

/** One for all the files of a worker: MUI's rules are written into the document once. */
const styleCache = createTestStyleCache();

/** Renders the whole app (real providers, real routes) at an in-app path such as '/login'. */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [`${ROUTER_BASENAME}${path}`], basename: ROUTER_BASENAME });
  const user = userEvent.setup();
  const view = render(
    <CacheProvider value={styleCache}>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </CacheProvider>,
  );
  /** The current in-app location, e.g. '/login?redirect=%2Fdashboard'. */
  const location = () =>
    `${router.state.location.pathname.replace(new RegExp(`^${ROUTER_BASENAME}`), '')}${router.state.location.search}`;
  return { ...view, router, user, location };
}

/**
 * Gives a field its whole value at once, as a person pasting it does (a click into the field,
 * then one input event): for fields a test only fills in. Typing key by key re-renders the form
 * on every character; keep `user.type` where the typing is what is tested (masks, filters,
 * debounces).
 */
export async function fillIn(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

/** Purchased Labels' row of a label, found by its order number (which starts the row's name). */
/** A Purchased Labels row by its order number (a USPS label's row starts with its checkbox, 'Choose order …'). */
export const labelRowOf = (orderNo: string) => screen.getByRole('row', { name: new RegExp(`^(Choose order ${orderNo} )?${orderNo}\\b`) });

/** Opens the "⋯" menu of a label's row (named with the order number) and answers it. */
export async function openRowMenu(user: ReturnType<typeof userEvent.setup>, orderNo: string) {
  await user.click(within(labelRowOf(orderNo)).getByRole('button', { name: `More actions, order ${orderNo}` }));
  return screen.findByRole('menu', { name: `Actions, order ${orderNo}` });
}

/** Clicks an action of a label's row ('DETAILS', 'REFUND'): an item of the row's menu, or the button at hand named with the order number. */
export async function clickRowAction(user: ReturnType<typeof userEvent.setup>, orderNo: string, action: string) {
  const atHand = within(labelRowOf(orderNo)).queryByRole('button', { name: `${action}, order ${orderNo}` });
  if (atHand) await user.click(atHand);
  else await user.click(within(await openRowMenu(user, orderNo)).getByRole('menuitem', { name: action }));
}

/** The alert dialog's text that says exactly `text` (the spec's texts may start with a space). */
export const alertSaying = (text: string, wait?: waitForOptions) =>
  screen.findByText((_content, element) => element?.tagName === 'P' && element.textContent === text, {}, wait);

/**
 * The toast once it says exactly `text`: the polite live region the portal tells a success in
 * (components/toast), found among the page's other status regions.
 */
export const toastSaying = (text: string, wait?: waitForOptions) =>
  waitFor(() => {
    const toast = screen.getAllByRole('status').find((region) => region.getAttribute('aria-live') === 'polite' && region.textContent === text);
    expect(toast, `a toast saying ${JSON.stringify(text)}`).toBeDefined();
    return toast as HTMLElement;
  }, wait);

/** Expects each of `texts` to show in `container`, once or more. */
export function expectTexts(container: HTMLElement, texts: readonly string[]) {
  for (const text of texts) {
    expect(within(container).getAllByText(text).length).toBeGreaterThan(0);
  }
}

/** Sets the session hints a signed-in customer has. */
export function signIn({ userId = 7, roleId = 5 }: { userId?: number; roleId?: number } = {}) {
  Cookies.set('user_id', String(userId), { path: '/' });
  Cookies.set('role_id', String(roleId), { path: '/' });
  Cookies.set('BOXID', '1234567', { path: '/' });
  Cookies.set('First_name', 'Dana', { path: '/' });
}

export interface ApiRequest {
  method: string;
  path: string;
  /** Query parameters for GET, the form body for POST. */
  fields: URLSearchParams;
  /** The parsed body of a JSON call (undefined otherwise). */
  json?: unknown;
}

/** A JSON answer, a network failure, or a Response as it is (a file, say). */
type Answer = { status?: number; body: unknown } | 'network-error' | Response;
type Handler = (request: ApiRequest) => Answer;

/**
 * Stubs `fetch`, the app's only way out: each call path gets an answer. Unknown paths answer
 * 404 so a test notices a call it did not expect.
 */
export function mockApi(handlers: Record<string, Answer | Handler>) {
  const requests: ApiRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://portal.test');
    const method = init?.method ?? 'GET';
    const fields = method === 'GET' ? url.searchParams : new URLSearchParams(init?.body instanceof URLSearchParams ? init.body : undefined);
    const json = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const request = { method, path: url.pathname, fields, json };
    requests.push(request);
    const handler = handlers[url.pathname];
    const answer = typeof handler === 'function' ? handler(request) : handler;
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    if (!answer) return Response.json({ errorcode: -404, message: 'Not found.' }, { status: 404 });
    if (answer instanceof Response) return answer;
    return Response.json(answer.body, { status: answer.status ?? 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests, fetchMock, calls: (path: string) => requests.filter((request) => request.path === path) };
}

/** Holds back the answers of one call path until `release()`: what arrives last on a cold load. */
export function holdAnswers(api: ReturnType<typeof mockApi>, path: string): { release: () => void } {
  const answer = api.fetchMock.getMockImplementation();
  if (!answer) throw new Error('mockApi answers every call');
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  api.fetchMock.mockImplementation(async (input, init) => {
    if (String(input).includes(path)) await held;
    return answer(input, init);
  });
  return { release: () => release() };
}

/**
 * Watches the page while it is drawn: `seen()` says whether `drawn` was ever on it without
 * `above` (a layout shift: what arrived later would have pushed it down). `stop()` ends it.
 */
export function watchDrawnWithout(drawn: string, above: string): { seen: () => boolean; stop: () => void } {
  let seen = false;
  const watcher = new MutationObserver(() => {
    const text = document.body.textContent ?? '';
    if (text.includes(drawn) && !text.includes(above)) seen = true;
  });
  watcher.observe(document.body, { childList: true, subtree: true, characterData: true });
  return { seen: () => seen, stop: () => watcher.disconnect() };
}

/**
 * The calls Purchased Labels makes on opening, answered: the given labels, the renaming list, and
 * none in progress (My Shipments' count of Orders In Progress).
 */
export function shipmentsApi(list: ShipmentRow[] = Object.values(SHIPMENT_ROWS), overrides: Record<string, Answer | Handler> = {}) {
  return mockApi({
    '/app/v1/userGetShipment': shipmentListAnswer(list),
    '/app/v1/carrierServiceRenaming': { body: { errorcode: READ_ERRORCODE.ok, message: 'ok', data: SERVICE_RENAMING } },
    '/openapi/easyPost/getOrderForLater': { body: { code: 0, errorcode: 0, message: 'ok', data: [] } },
    '/app/v1/labelPurchase/unpaid': { body: { errorcode: READ_ERRORCODE.ok, message: 'ok', data: [] } },
    // Issue 25 item 2: the Scan forms under the list, none unless a test says.
    '/app/v1/scanForms/list': { body: { errorcode: READ_ERRORCODE.ok, message: 'ok', data: { total: 0, list: [] } } },
    ...overrides,
  });
}

export function loginAnswer(user: Record<string, unknown>) {
  return { body: { errorcode: 1, message: 'success', version: '1.0.0', user: [user], locker: [] } };
}

/**
 * What the page saves through a download link in each test of the describe block that calls
 * this: the file names, and the files (captured afresh for each test).
 */
export function savedFilesOfEachTest() {
  const saved: { name: string; file: Blob }[] = [];
  let lastFile: Blob | undefined;
  beforeEach(() => {
    saved.length = 0;
    lastFile = undefined;
    Object.defineProperty(URL, 'createObjectURL', {
      configurable: true,
      value: (file: Blob) => {
        lastFile = file;
        return 'blob:portal.test/1';
      },
    });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      if (lastFile) saved.push({ name: this.download, file: lastFile });
    });
  });
  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });
  return saved;
}

/**
 * Watches the app leave for the payment provider's page (paymentPage.leaveFor) without leaving:
 * a spy, restored after the test (restoreMocks).
 */
export function watchLeavingForPayment() {
  return vi.spyOn(paymentPage, 'leaveFor').mockImplementation(() => undefined);
}
