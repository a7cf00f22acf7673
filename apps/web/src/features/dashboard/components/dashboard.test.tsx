import { MESSAGES, STORAGE_KEYS, encodeLabelPurchaseParam, type WaitingPackage } from '@airbox/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bareUserProfile, shipmentRow } from '../../../testing/fixtures';
import { holdAnswers, mockApi, renderApp, signIn, watchDrawnWithout } from '../../../testing/test-utils';

const profile = bareUserProfile({ BOXID: '7654321', credits: 4, membership: 1, membership_expire: null });

const onTime: WaitingPackage = {
  packageId: 11,
  hubName: 'AirBox Union Square',
  hubAddress: '333 Post St, San Francisco, CA 94108',
  carrier: 'UPSDAP',
  trackingNo: '1Z999AA10123456784',
  deliveredAt: '2026-11-23T17:00:00.000Z',
  pickupCode: '482913',
  freeUntil: '2026-11-24T20:00:00.000Z',
  overdueDays: 0,
  creditsDue: 1,
};
const overdue: WaitingPackage = {
  ...onTime,
  packageId: 12,
  carrier: 'USPS',
  trackingNo: '9400111202555842761023',
  pickupCode: '105577',
  deliveredAt: '2026-11-20T17:00:00.000Z',
  freeUntil: '2026-11-21T20:00:00.000Z',
  overdueDays: 2,
  creditsDue: 3,
};

/** A UPS label on its way to Sam Lee. */
const label = shipmentRow({
  shipmentID: 'shp_1',
  shippingIndexID: 31,
  shippingdetails_id: 41,
  createTime: '2026-11-20 10:15:00',
  orderNo: 'LB0031',
  rateCarrier: 'UPSDAP',
  rateService: 'Ground',
  trackingNum: '1Z999AA10123459999',
  easypostStatus: 'in_transit',
  toName: 'Sam Lee',
});

function dashboardApi(overrides: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    '/app/v1/getUnPickupsById': { body: { errorcode: 0, message: 'ok', unpickups: 2, packages: [overdue, onTime] } },
    '/app/v1/getUserByUser_id': { body: { errorcode: 1, message: 'ok', users: [profile], lockers: [] } },
    '/app/v1/getAdvertisements': { body: { errorcode: 0, message: 'ok', ads: [{ content: '<b>Lockers</b> closed Sunday' }] } },
    '/app/v1/carrierServiceRenaming': { body: { errorcode: 0, message: 'ok', data: [] } },
    '/app/v1/userGetShipment': { body: { errorcode: 0, message: 'ok', data: { total: 5, list: [label] } } },
    '/app/v1/getUserOperations': { body: { errorcode: 0, message: 'ok', total: 9, operations: [] } },
    ...overrides,
  });
}

describe('dashboard', () => {
  it('shows the packages not picked up and the label-purchase link for this customer', async () => {
    signIn({ userId: 7 });
    const api = dashboardApi();
    renderApp('/dashboard');
    const packages = await screen.findByRole('region', { name: 'Packages Not Picked Up' }, { timeout: 15_000 });
    expect(await within(packages).findByText('2')).toBeInTheDocument();
    expect(api.calls('/app/v1/getUnPickupsById')[0]?.fields.get('uid')).toBe('7');

    const link = await screen.findByRole('link', { name: 'Buy Shipment Labels' });
    await within(screen.getByRole('region', { name: 'Shipments' })).findByText('7654321');
    const param = encodeLabelPurchaseParam({ boxId: '7654321', userId: 7 });
    expect(link).toHaveAttribute('href', `/app/shipment/#/Shipment/shipmentRate?param=${param}`);
    expect(api.calls('/app/v1/carrierServiceRenaming').length).toBeGreaterThan(0);
  });

  it('lists each waiting package with its pickup code, hub, carrier, arrival, free period and fee, in the hub time (Pacific by default)', async () => {
    signIn();
    dashboardApi();
    renderApp('/dashboard');
    const list = await screen.findByRole('list', { name: 'Waiting packages' }, { timeout: 15_000 });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('105577');
    expect(first).toHaveTextContent('Overdue');
    expect(first).toHaveTextContent('USPS');
    expect(first).toHaveTextContent('11/21/2026 12:00 PM PST');
    expect(first).toHaveTextContent('3 credits due at pickup, 2 overdue days included');

    expect(second).toHaveAccessibleName('Package from UPS at AirBox Union Square');
    expect(second).toHaveTextContent('482913');
    expect(second).not.toHaveTextContent('UPSDAP');
    expect(second).toHaveTextContent('333 Post St, San Francisco, CA 94108');
    expect(second).toHaveTextContent('Arrived' + '11/23/2026 9:00 AM PST');
    expect(second).toHaveTextContent('Free until' + '11/24/2026 12:00 PM PST');
    expect(second).toHaveTextContent('1 credit at pickup');
    expect(second).not.toHaveTextContent('Overdue');
    expect(screen.getByText(/even if you delete their messages/)).toHaveTextContent('Free until 12:00 PM PST the day after arrival; after that 1 credit a day, for up to 2 extra days.');
  });

  it("shows every time in the customer's hub time zone: a New York hub's customer reads Eastern time", async () => {
    signIn();
    const midtown = { id: '9', business_name: 'AirBox Midtown', address: '350 5th Ave', city: 'New York', state: 'NY', zip_code: '10118', location: null };
    dashboardApi({ '/app/v1/getUserByUser_id': { body: { errorcode: 1, message: 'ok', users: [profile], lockers: [midtown] } } });
    renderApp('/dashboard');
    const list = await screen.findByRole('list', { name: 'Waiting packages' }, { timeout: 15_000 });
    const second = within(list).getAllByRole('listitem')[1];
    await waitFor(() => expect(second).toHaveTextContent('Free until' + '11/24/2026 3:00 PM EST'));
    expect(second).toHaveTextContent('Arrived' + '11/23/2026 12:00 PM EST');
  });

  it('keeps to the count when the server answers only the count (the spec)', async () => {
    signIn();
    dashboardApi({ '/app/v1/getUnPickupsById': { body: { errorcode: 0, message: 'ok', unpickups: 1 } } });
    renderApp('/dashboard');
    const packages = await screen.findByRole('region', { name: 'Packages Not Picked Up' }, { timeout: 15_000 });
    expect(await within(packages).findByText('package is waiting for you in your locker.')).toBeInTheDocument();
    expect(within(packages).queryByRole('list')).toBeNull();
  });

  it('shows the plan, the credit balance, the membership expiry and the ways to buy more', async () => {
    signIn();
    dashboardApi({
      '/app/v1/getUserByUser_id': {
        body: { errorcode: 1, message: 'ok', users: [{ ...profile, credits: 1, membership: 3, membership_expire: '2099-03-04T12:00:00.000Z' }], lockers: [] },
      },
    });
    const { user, location } = renderApp('/dashboard');
    const balance = await screen.findByRole('region', { name: 'Credits & Membership' }, { timeout: 15_000 });
    expect(await within(balance).findByText('12 MONTHS MEMBERSHIP')).toBeInTheDocument();
    expect(balance).toHaveTextContent('1credit');
    expect(within(balance).getByText(/^Valid until 3\/4\/2099/)).toBeInTheDocument();
    expect(within(balance).getByRole('link', { name: 'See Plans' })).toHaveAttribute('href', '/app/membership');
    expect(within(balance).getByRole('link', { name: 'Transaction History' })).toHaveAttribute('href', '/app/transaction');
    await user.click(within(balance).getByRole('link', { name: 'Buy Membership' }));
    await waitFor(() => expect(location()).toBe('/buymembership/1'), { timeout: 15_000 });
  });

  it('says when a membership has ended, and names the credit plan for an empty membership', async () => {
    signIn();
    dashboardApi({
      '/app/v1/getUserByUser_id': {
        body: { errorcode: 1, message: 'ok', users: [{ ...profile, membership: 2, membership_expire: '2020-01-02T12:00:00.000Z' }], lockers: [] },
      },
    });
    renderApp('/dashboard');
    const balance = await screen.findByRole('region', { name: 'Credits & Membership' }, { timeout: 15_000 });
    expect(await within(balance).findByText(/^Expired on 1\/2\/2020/)).toBeInTheDocument();
  });

  it('lists the newest labels with their status and service as Purchased Labels names them, and links there', async () => {
    signIn();
    const renamed = { carrier: 'UPS', easypost_original: 'Ground', renamed: 'UPS Ground Saver', service_search_queries: '' };
    const api = dashboardApi({ '/app/v1/carrierServiceRenaming': { body: { errorcode: 0, message: 'ok', data: [renamed] } } });
    const { user, location } = renderApp('/dashboard');
    const recent = await screen.findByRole('list', { name: 'Recent shipments' }, { timeout: 15_000 });
    await waitFor(() => expect(within(recent).getByRole('listitem')).toHaveTextContent('UPS Ground Saver'));
    expect(within(recent).getByText('in transit')).toBeInTheDocument();
    expect(within(recent).getByRole('listitem')).toHaveTextContent('1Z999AA10123459999 · to Sam Lee');
    expect(Object.fromEntries(api.calls('/app/v1/userGetShipment')[0]?.fields ?? [])).toEqual({ user_id: '7', start: '0', num: '3' });
    await user.click(screen.getByRole('link', { name: 'All 5 labels in Purchased Labels' }));
    await waitFor(() => expect(location()).toBe('/ShipmentParent/shipment'), { timeout: 15_000 });
  });

  it('welcomes a first-time customer (no transaction, label or package) and welcomes back the others', async () => {
    signIn();
    dashboardApi({
      '/app/v1/getUnPickupsById': { body: { errorcode: 0, message: 'ok', unpickups: 0, packages: [] } },
      '/app/v1/userGetShipment': { body: { errorcode: 0, message: 'ok', data: { total: 0, list: [] } } },
      '/app/v1/getUserOperations': { body: { errorcode: 0, message: 'ok', total: 0, operations: [] } },
    });
    const first = renderApp('/dashboard');
    expect(await screen.findByText('Welcome to AirBox, Dana', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByText(/Welcome back/)).toBeNull();
    expect(screen.getByText('No packages are waiting for you.')).toBeInTheDocument();
    first.unmount();

    dashboardApi();
    renderApp('/dashboard');
    expect(await screen.findByText('Welcome back, Dana', {}, { timeout: 15_000 })).toBeInTheDocument();
  });

  it('shows the first advertisement as text, never as markup', async () => {
    signIn();
    dashboardApi();
    renderApp('/dashboard');
    expect(await screen.findByText('<b>Lockers</b> closed Sunday', {}, { timeout: 15_000 })).toBeInTheDocument();
  });

  it('draws nothing of the dashboard until its first answers are in, so a banner answered last does not push the greeting down (issue 24)', async () => {
    signIn();
    const api = dashboardApi();
    const banner = holdAnswers(api, '/app/v1/getAdvertisements');
    // Whether the greeting was ever drawn without the banner above it (what the page would shift by).
    const greetingWithoutBanner = watchDrawnWithout('Welcome back', 'closed Sunday');
    renderApp('/dashboard');
    const loading = await screen.findByRole('status', { name: 'Loading your dashboard' }, { timeout: 15_000 });
    // Every other call answered (the banner's is held): still the skeleton.
    await waitFor(() => expect(api.fetchMock.mock.settledResults.filter((result) => result.type === 'fulfilled')).toHaveLength(5));
    expect(loading).toBeInTheDocument();

    banner.release();
    const greeting = await screen.findByText('Welcome back, Dana', {}, { timeout: 15_000 });
    const bannerText = screen.getByText('<b>Lockers</b> closed Sunday');
    expect(bannerText.compareDocumentPosition(greeting) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading your dashboard' })).toBeNull();
    greetingWithoutBanner.stop();
    expect(greetingWithoutBanner.seen()).toBe(false);
  });

  it('tells once that an order was saved, with the way to Orders In Progress', async () => {
    signIn();
    dashboardApi();
    localStorage.setItem(STORAGE_KEYS.savedOrderFlag, '1');
    const { user, location } = renderApp('/dashboard');
    const notice = (await screen.findByText(MESSAGES.savedOrder, {}, { timeout: 15_000 })).closest('[role="alert"]') as HTMLElement;
    expect(localStorage.getItem(STORAGE_KEYS.savedOrderFlag)).toBeNull();
    await user.click(within(notice).getByRole('link', { name: 'Orders In Progress' }));
    await waitFor(() => expect(location()).toBe('/ShipmentParent/MyOrder'), { timeout: 15_000 });
  });

  it("says 'Something Wrong' when the user's record cannot be read", async () => {
    signIn();
    dashboardApi({ '/app/v1/getUserByUser_id': { status: 500, body: { errorcode: -500, message: 'boom' } } });
    renderApp('/dashboard');
    const dialog = await screen.findByRole('dialog', {}, { timeout: 15_000 });
    expect(within(dialog).getByText(MESSAGES.somethingWrongTitle)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES.somethingWrongText)).toBeInTheDocument();
  });
});
