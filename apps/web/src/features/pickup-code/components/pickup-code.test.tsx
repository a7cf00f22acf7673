import type { WaitingPackage } from '@airbox/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WAITING_PACKAGE } from '../../../testing/fixtures';
import { mockApi, renderApp, signIn } from '../../../testing/test-utils';

/*
 * The public pickup-code page (/ShowQRcode?o=&m=, spec 01 §2) offers SHARE PICKUP (issue 22 item 1)
 * only to a signed-in visitor whose own waiting package has the code: the server answers the
 * session's packages only. A visitor not signed in is not asked about, and a session that ended
 * leaves them on the page.
 */

const own: WaitingPackage = { ...WAITING_PACKAGE, share: null, door: { column: 'B', row: 3, low: true } };

function pickupCodeApi(packages: { status?: number; body: unknown }) {
  return mockApi({
    '/app/v1/getThirdPartyOrders': { body: { errorcode: 0, message: 'ok', data: { total: 1, list: [{ orderId: 'ORD-1', pickUpCode: WAITING_PACKAGE.pickupCode }] } } },
    '/app/v1/getUnPickupsById': packages,
  });
}

const PAGE = '/ShowQRcode?o=ORD-1&m=M1';

describe('the pickup-code page: share a pickup', () => {
  it("offers its door and SHARE PICKUP to the signed-in owner, with the dashboard's dialog", async () => {
    signIn({ userId: 7 });
    const api = pickupCodeApi({ body: { errorcode: 0, message: 'ok', unpickups: 1, packages: [own] } });
    const { user } = renderApp(PAGE);
    await user.click(await screen.findByRole('button', { name: `Share pickup of the USPS package ${WAITING_PACKAGE.trackingNo}` }, { timeout: 15_000 }));
    expect(screen.getByText('Door B3 · low, wheelchair reachable')).toBeInTheDocument();
    expect(within(await screen.findByRole('dialog', { name: 'Share pickup' })).getByRole('radio', { name: 'Copy a link' })).toBeChecked();
    expect(api.calls('/app/v1/getUnPickupsById').map((call) => call.fields.get('uid'))).toEqual(['7']);
  });

  it('shows the code alone to a visitor who is not signed in, without asking for packages', async () => {
    const api = pickupCodeApi({ body: { errorcode: 0, message: 'ok', unpickups: 1, packages: [own] } });
    renderApp(PAGE);
    expect(await screen.findByText(WAITING_PACKAGE.pickupCode, {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(api.calls('/app/v1/getUnPickupsById')).toEqual([]);
    expect(screen.queryByRole('button', { name: /Share pickup/ })).not.toBeInTheDocument();
  });

  it("shows the code alone to a signed-in visitor who does not own it, and stays on the page when the session ended", async () => {
    signIn({ userId: 8 });
    const other = pickupCodeApi({ body: { errorcode: 0, message: 'ok', unpickups: 1, packages: [{ ...own, pickupCode: '111111' }] } });
    const first = renderApp(PAGE);
    expect(await screen.findByText(WAITING_PACKAGE.pickupCode, {}, { timeout: 15_000 })).toBeInTheDocument();
    await screen.findByText('Order ID: ORD-1');
    expect(other.calls('/app/v1/getUnPickupsById')).not.toHaveLength(0);
    expect(screen.queryByRole('button', { name: /Share pickup/ })).not.toBeInTheDocument();
    first.unmount();

    signIn({ userId: 7 });
    const ended = pickupCodeApi({ status: 401, body: { errorcode: -401, message: 'Please log in again.' } });
    const second = renderApp(PAGE);
    expect(await screen.findByText(WAITING_PACKAGE.pickupCode, {}, { timeout: 15_000 })).toBeInTheDocument();
    await screen.findByText('Order ID: ORD-1');
    expect(ended.calls('/app/v1/getUnPickupsById')).not.toHaveLength(0);
    expect(second.location()).toBe(PAGE);
    expect(screen.queryByRole('button', { name: /Share pickup/ })).not.toBeInTheDocument();
  });
});
