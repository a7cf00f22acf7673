import { SHIPMENT_MESSAGES } from '@airbox/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderApp } from '../../../testing/test-utils';

const TOKEN = 'Zm9yLXRoZS1yZWNpcGllbnQtb25seS0xMjM0NTY';

const tracking = {
  carrier: 'USPS',
  trackingCode: '9400111202555842761234',
  status: 'out for delivery',
  expectedDelivery: '2026-11-25',
  fromCity: 'San Francisco',
  fromState: 'CA',
  toCity: 'New York',
  toState: 'NY',
  events: [
    { status: 'label created', message: 'Shipping label created', datetime: '2026-11-23T15:00:00Z', city: 'San Francisco', state: 'CA' },
    { status: 'in transit', message: 'Accepted at USPS Origin Facility', datetime: '2026-11-23T19:27:00Z', city: 'SAN FRANCISCO', state: 'CA' },
    { status: 'out for delivery', message: 'Out for Delivery', datetime: '2026-11-25T08:02:00Z', city: '', state: '' },
  ],
};

describe('the public tracking page', () => {
  it('shows the status, carrier, cities and the history newest first, without signing in', async () => {
    const api = mockApi({ '/app/v1/tracking': { body: { errorcode: 0, message: 'Success', data: tracking } } });
    renderApp(`/track/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Package tracking' })).toBeInTheDocument();
    expect(await screen.findByText('out for delivery', { selector: '.MuiChip-label' })).toBeInTheDocument();
    expect(screen.getByText('9400111202555842761234')).toBeInTheDocument();
    expect(screen.getByText(/USPS tracking number/)).toBeInTheDocument();
    expect(screen.getByText('San Francisco, CA → New York, NY')).toBeInTheDocument();

    const history = screen.getByRole('list', { name: 'Tracking history' });
    const items = within(history).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual(['out for delivery', 'in transit', 'label created']);
    expect(items[0]).toHaveAttribute('aria-current', 'step');
    expect(within(items[1]!).getByText('Accepted at USPS Origin Facility')).toBeInTheDocument();
    expect(within(items[1]!).getByText(/SAN FRANCISCO, CA/)).toBeInTheDocument();
    expect(items[1]!.querySelector('time')).toHaveAttribute('dateTime', '2026-11-23T19:27:00.000Z');
    // Nobody is signed in: the service's own Pacific time, zone named.
    expect(items[1]!.querySelector('time')).toHaveTextContent('11/23/2026 11:27 AM PST');

    expect(api.calls('/app/v1/tracking').map((call) => call.fields.get('token'))).toEqual([TOKEN]);
    // No login screen, no signed-in layout around it.
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it("carries the portal's name, names the tracking number in the tab, and says when the package is expected", async () => {
    mockApi({ '/app/v1/tracking': { body: { errorcode: 0, message: 'Success', data: tracking } } });
    renderApp(`/track/${TOKEN}`);
    const status = await screen.findByRole('region', { name: 'Status' });
    expect(within(screen.getByRole('banner')).getByText('AirBox')).toBeInTheDocument();
    expect(document.title).toBe('Tracking 9400111202555842761234 · AirBox');
    expect(status).toHaveTextContent('Expected delivery Wednesday, November 25');
    const progress = within(status).getByRole('list', { name: 'Progress' });
    expect(within(progress).getAllByRole('listitem').map((step) => [step.textContent, step.getAttribute('aria-current')])).toEqual([
      ['label created', null],
      ['in transit', null],
      ['out for delivery', 'step'],
      ['delivered', null],
    ]);
    const carrierPage = within(status).getByRole('link', { name: "Track it on USPS's site (opens in a new tab)" });
    expect(carrierPage).toHaveAttribute('href', 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111202555842761234');
    expect(carrierPage).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('contentinfo')).toHaveTextContent('It never asks you to pay, sign in or give any personal details here.');
  });

  it('says when a delivered package arrived instead of when it was expected', async () => {
    const delivered = {
      ...tracking,
      status: 'delivered',
      events: [...tracking.events, { status: 'delivered', message: 'Delivered, In/At Mailbox', datetime: '2026-11-25T20:15:00Z', city: 'NEW YORK', state: 'NY' }],
    };
    mockApi({ '/app/v1/tracking': { body: { errorcode: 0, message: 'Success', data: delivered } } });
    renderApp(`/track/${TOKEN}`);
    const status = await screen.findByRole('region', { name: 'Status' });
    expect(status).toHaveTextContent('Delivered 11/25/2026 12:15 PM PST');
    expect(status).not.toHaveTextContent('Expected delivery');
  });

  it('says when the carrier has reported no scan yet', async () => {
    mockApi({ '/app/v1/tracking': { body: { errorcode: 0, message: 'Success', data: { ...tracking, status: 'label created', events: [] } } } });
    renderApp(`/track/${TOKEN}`);
    expect(await screen.findByText('The carrier has not reported any scan yet.')).toBeInTheDocument();
  });

  it('says the link is not valid for a token no label has, and asks once', async () => {
    const api = mockApi({
      '/app/v1/tracking': { status: 404, body: { errorcode: -404, message: SHIPMENT_MESSAGES.trackingNotFound } },
    });
    renderApp(`/track/${TOKEN}`);
    expect(await screen.findByText(SHIPMENT_MESSAGES.trackingNotFound)).toBeInTheDocument();
    expect(api.calls('/app/v1/tracking')).toHaveLength(1);
  });

  it('says the tracking could not be loaded when the server fails', async () => {
    mockApi({ '/app/v1/tracking': { status: 500, body: { errorcode: -500, message: 'Internal error' } } });
    renderApp(`/track/${TOKEN}`);
    expect(await screen.findByText('The tracking could not be loaded. Please try again later.')).toBeInTheDocument();
  });
});
