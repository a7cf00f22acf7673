import { PICKUP_SHARE_MESSAGES } from '@airbox/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderApp } from '../../../testing/test-utils';

const TOKEN = 'A'.repeat(43);
const pickup = {
  sharedBy: 'Robin',
  pickupCode: '112233',
  validUntil: '2026-11-24T20:00:00.000Z',
  carrier: 'USPS',
  hubName: 'AirBox Union Square',
  hubAddress: '801 Market St, San Francisco, CA 94103',
  hubHours: 'Every day, 6 AM – 11 PM',
  hubPhone: '(415) 555-0134',
  directionsUrl: 'https://www.google.com/maps/dir/?api=1&destination=801',
  door: { column: 'B', row: 3, low: true },
};

describe('the shared pickup page', () => {
  it('shows who shared it, the code and its QR code, the hub, hours and directions, signed out', async () => {
    const api = mockApi({ '/app/v1/pickupShare': { body: { errorcode: 0, message: 'success', data: { state: 'ready', pickup } } } });
    renderApp(`/pickup/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Package pickup' })).toBeInTheDocument();
    expect(await screen.findByText('Robin')).toBeInTheDocument();
    expect(screen.getByText('112233')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'QR code of pickup code 112233' })).toBeInTheDocument();
    expect(screen.getByText('Open: Every day, 6 AM – 11 PM')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Get directions/ })).toHaveAttribute('href', pickup.directionsUrl);
    expect(screen.getByRole('link', { name: '(415) 555-0134' })).toHaveAttribute('href', 'tel:4155550134');
    expect(api.calls('/app/v1/pickupShare').map((call) => call.fields.get('token'))).toEqual([TOKEN]);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it.each([
    ['revoked', PICKUP_SHARE_MESSAGES.linkRevoked],
    ['expired', PICKUP_SHARE_MESSAGES.linkExpired],
    ['used', PICKUP_SHARE_MESSAGES.linkUsed],
  ])('a %s link says so and what to do next, nothing else', async (state, message) => {
    mockApi({ '/app/v1/pickupShare': { body: { errorcode: 0, message: 'success', data: { state, pickup: null } } } });
    renderApp(`/pickup/${TOKEN}`);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByText(/\d{6}/)).not.toBeInTheDocument();
  });

  it('an unknown link says it does not work', async () => {
    mockApi({ '/app/v1/pickupShare': { status: 404, body: { errorcode: -404, message: 'x' } } });
    renderApp(`/pickup/${TOKEN}`);
    expect(await screen.findByText(PICKUP_SHARE_MESSAGES.linkNotFound)).toBeInTheDocument();
  });
});
