import { MESSAGES, STORAGE_KEYS, encodeLabelPurchaseParam } from '@airbox/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderApp, sessionUser, signIn } from '../../../testing/test-utils';

const profile = {
  ...sessionUser({ BOXID: '7654321' }),
  PinNo: '123456',
  Cell_phone_number: '',
  secondaryCellPhone: '',
  Home_phone_number: '',
  Email2: '',
  Address_line_1: '',
  Address_line_2: '',
  City: '',
  State_province_region: '',
  Zip_code: '',
  Country: 'United States',
  lockerUUID: null,
  isHandicapped: 0,
  Notification_method: 'Email',
  Community: '',
  bcm_user_id: null,
  business_company_id: null,
  unit_id: null,
  building_id: null,
  bc_id: null,
};

function dashboardApi(overrides: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    '/app/v1/getUnPickupsById': { body: { errorcode: 0, message: 'ok', unpickups: 4 } },
    '/app/v1/getUserByUser_id': { body: { errorcode: 1, message: 'ok', users: [profile], lockers: [] } },
    '/app/v1/getAdvertisements': { body: { errorcode: 0, message: 'ok', ads: [{ content: '<b>Lockers</b> closed Sunday' }] } },
    '/app/v1/carrierServiceRenaming': { body: { errorcode: 0, message: 'ok', data: [] } },
    ...overrides,
  });
}

describe('dashboard', () => {
  it('shows the packages not picked up and the label-purchase link for this customer', async () => {
    signIn({ userId: 7 });
    const api = dashboardApi();
    renderApp('/dashboard');
    const packages = await screen.findByRole('region', { name: 'Packages Not Picked Up' });
    expect(await within(packages).findByText('4')).toBeInTheDocument();
    expect(api.calls('/app/v1/getUnPickupsById')[0]?.fields.get('uid')).toBe('7');

    const link = await screen.findByRole('link', { name: 'Buy Shipment Labels' });
    await within(screen.getByRole('region', { name: 'Shipments' })).findByText('7654321');
    const param = encodeLabelPurchaseParam({ boxId: '7654321', userId: 7 });
    expect(link).toHaveAttribute('href', `/app/shipment/#/Shipment/shipmentRate?param=${param}`);
    expect(api.calls('/app/v1/carrierServiceRenaming').length).toBeGreaterThan(0);
  });

  it('shows the first advertisement as text, never as markup', async () => {
    signIn();
    dashboardApi();
    renderApp('/dashboard');
    expect(await screen.findByText('<b>Lockers</b> closed Sunday')).toBeInTheDocument();
  });

  it('tells once that an order was saved', async () => {
    signIn();
    dashboardApi();
    localStorage.setItem(STORAGE_KEYS.savedOrderFlag, '1');
    renderApp('/dashboard');
    expect(await screen.findByText(MESSAGES.savedOrder)).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.savedOrderFlag)).toBeNull();
  });

  it("says 'Something Wrong' when the user's record cannot be read", async () => {
    signIn();
    dashboardApi({ '/app/v1/getUserByUser_id': { status: 500, body: { errorcode: -500, message: 'boom' } } });
    renderApp('/dashboard');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(MESSAGES.somethingWrongTitle)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES.somethingWrongText)).toBeInTheDocument();
  });
});
