import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fillIn, mockApi, renderApp, signIn } from '../testing/test-utils';
import { guardRedirect } from './guard';

const customer = { userId: 7, roleId: 5, boxId: '1234567', firstName: 'Dana' };
const at = (pathname: string, search = '') => ({ pathname, search });

describe('guardRedirect (spec 01 access rules)', () => {
  it.each(['/login', '/register', '/Register', '/RegisterEnterprise', '/active/abc/', '/loseefficacy', '/lock', '/reset', '/barcode/X1/', '/payment', '/ShowQRcode'])(
    'lets a visitor open the public path %s',
    (pathname) => expect(guardRedirect(at(pathname), null)).toBeNull(),
  );

  it.each(['/dashboard', '/parent/boxid', '/ShipmentParent/shipment', '/transaction', '/paySuccess', '/no-such-page'])(
    'sends a visitor from %s to login with the path as redirect',
    (pathname) => expect(guardRedirect(at(pathname, '?x=1'), null)).toBe(`/login?redirect=${encodeURIComponent(`${pathname}?x=1`)}`),
  );

  it('keeps the label page\'s hash in the redirect, so its param survives signing in', () => {
    const page = { pathname: '/shipment/', search: '', hash: '#/Shipment/shipmentRate?param=eyJ9' };
    expect(guardRedirect(page, null)).toBe(`/login?redirect=${encodeURIComponent('/shipment/#/Shipment/shipmentRate?param=eyJ9')}`);
  });

  it.each([5, 15, 16])('sends a signed-in role %i from /login to the dashboard', (roleId) => {
    expect(guardRedirect(at('/login'), { ...customer, roleId })).toBe('/dashboard');
  });

  it('leaves other signed-in roles on /login', () => {
    expect(guardRedirect(at('/login'), { ...customer, roleId: 1 })).toBeNull();
  });
});

describe('navigation guard in the app', () => {
  it('sends a signed-out visit to the dashboard to login, keeping the path in `redirect`', async () => {
    mockApi({});
    const { location } = renderApp('/dashboard');
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(location()).toBe('/login?redirect=%2Fdashboard');
  });

  it('sends a signed-in customer from /login to the dashboard', async () => {
    signIn();
    mockApi({});
    const { location } = renderApp('/login');
    await waitFor(() => expect(location()).toBe('/dashboard'));
  });

  it('sends / to login', async () => {
    mockApi({});
    const { location } = renderApp('/');
    await waitFor(() => expect(location()).toBe('/login'));
  });

  it('closes an open alert when a new route opens', async () => {
    mockApi({ '/app/v1/login': { body: { errorcode: 0, message: 'x', version: '1', user: [], locker: [] } } });
    const { user, router } = renderApp('/login');
    await fillIn(user, await screen.findByLabelText('Email'), 'dana@example.com');
    await fillIn(user, screen.getByLabelText('Password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    await router.navigate('/lock');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
