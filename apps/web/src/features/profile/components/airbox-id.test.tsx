import { PROFILE_MESSAGES } from '@airbox/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { hub, userProfile } from '../../../testing/fixtures';
import { mockApi, renderApp, signIn } from '../../../testing/test-utils';
import { isAppleSystem } from './wallet-pass-button';

function boxIdApi(user = userProfile(), overrides: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    '/app/v1/getUserByUser_id': { body: { errorcode: 1, message: 'ok', users: [user], lockers: [hub()] } },
    '/app/v1/getUserQRcode': { body: { errorcode: 0, message: 'ok', qrcode: 'QR-ONE', boxid: '2135846', next_reset_at: null } },
    '/app/v1/businessCampus/company/info': {
      body: {
        errorcode: 0,
        message: 'ok',
        data: [{ bc_id: 1, building_id: 2, unit_id: 3, bc_name: 'Bay Campus', building_name: 'Tower A', unit_name: '12B', company_name: 'Acme Robotics' }],
      },
    },
    ...overrides,
  });
}

describe('My AirBox ID', () => {
  it('shows the AirBox ID, its QR code, the mailing address and the delivery hub', async () => {
    signIn({ userId: 7 });
    boxIdApi();
    renderApp('/parent/boxid');
    const mailing = await screen.findByRole('region', { name: 'Mailing address' });
    expect(await within(mailing).findByText('Dana Reyes')).toBeInTheDocument();
    expect(within(mailing).getByText('801 Market St #2135846')).toBeInTheDocument();
    expect(within(mailing).getByText('San Francisco, CA 94103')).toBeInTheDocument();
    const hubBlock = screen.getByRole('region', { name: 'Delivery hub address' });
    expect(within(hubBlock).getByText('Mission Hub')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'QR code of AirBox ID 2135846' })).toBeInTheDocument();
  });

  it('puts the company name in the mailing address of a company user (role 15)', async () => {
    signIn({ userId: 7, roleId: 15 });
    const api = boxIdApi(userProfile({ role_id: 15, business_company_id: 41 }));
    renderApp('/parent/boxid');
    const mailing = await screen.findByRole('region', { name: 'Mailing address' });
    expect(await within(mailing).findByText('Acme Robotics')).toBeInTheDocument();
    expect(api.calls('/app/v1/businessCampus/company/info')[0]?.fields.get('company_id')).toBe('41');
  });

  it('offers EMAIL ME on a system that is not Apple and mails the pass (OS=win)', async () => {
    signIn({ userId: 7 });
    const api = boxIdApi(userProfile(), { '/app/v1/appleWallet/getPass': { body: { errorcode: 0, message: 'ok', data: '' } } });
    const { user } = renderApp('/parent/boxid');
    await user.click(await screen.findByRole('button', { name: 'Add to Apple Wallet' }));
    const offer = await screen.findByRole('alertdialog');
    await user.click(within(offer).getByRole('button', { name: 'EMAIL ME' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(PROFILE_MESSAGES.walletSuccess));
    expect(api.calls('/app/v1/appleWallet/getPass')[0]?.fields.get('OS')).toBe('win');
  });

  it("says 'Apple Wallet pass generation failed.' when the pass cannot be made", async () => {
    signIn({ userId: 7 });
    boxIdApi(userProfile(), { '/app/v1/appleWallet/getPass': { body: { errorcode: -1, message: 'no', data: '' } } });
    const { user } = renderApp('/parent/boxid');
    await user.click(await screen.findByRole('button', { name: 'Add to Apple Wallet' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'EMAIL ME' }));
    await waitFor(() => expect(screen.getByRole('dialog')).toHaveTextContent(PROFILE_MESSAGES.walletFailure));
  });
});

describe('My AirBox ID without a hub', () => {
  it('gives the name and AirBox ID and sends the user to choose a hub', async () => {
    signIn({ userId: 7 });
    boxIdApi(userProfile({ lockerUUID: null }));
    renderApp('/parent/boxid');
    const mailing = await screen.findByRole('region', { name: 'Mailing address' });
    expect(await within(mailing).findByText('AirBox ID #2135846')).toBeInTheDocument();
    expect(within(mailing).queryByText(/801 Market St/)).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Delivery hub address' })).getByRole('link', { name: 'Choose one in My Profile' })).toHaveAttribute(
      'href',
      '/app/parent/profile',
    );
  });
});

describe('Apple systems', () => {
  it.each([
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15', 'iPhone', true],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Safari/605.1.15', 'MacIntel', true],
    ['Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X)', 'iPad', true],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126.0', 'Win32', false],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/126.0 Mobile', 'Linux armv8l', false],
  ])('%s is Apple: %s', (userAgent, platform, apple) => {
    expect(isAppleSystem(userAgent, platform)).toBe(apple);
  });
});
