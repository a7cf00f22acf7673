import type { WaitingPackage } from '@airbox/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WAITING_PACKAGE, bareUserProfile } from '../../../testing/fixtures';
import { mockApi, renderApp, signIn } from '../../../testing/test-utils';
import { heldLine } from './waiting-packages';

/** The door a package waits behind (issue 22 item 3), where the customer reads its pickup code. */

const waiting: WaitingPackage = { ...WAITING_PACKAGE };

async function packagesShown(packages: WaitingPackage[]) {
  signIn({ userId: 7 });
  mockApi({
    '/app/v1/getUnPickupsById': { body: { errorcode: 0, message: 'ok', unpickups: packages.length, packages } },
    '/app/v1/getUserByUser_id': { body: { errorcode: 1, message: 'ok', users: [bareUserProfile({ BOXID: '7654321', isHandicapped: 1 })], lockers: [] } },
    '/app/v1/getAdvertisements': { body: { errorcode: 0, message: 'ok', ads: [] } },
    '/app/v1/carrierServiceRenaming': { body: { errorcode: 0, message: 'ok', data: [] } },
    '/app/v1/userGetShipment': { body: { errorcode: 0, message: 'ok', data: { total: 0, list: [] } } },
    '/app/v1/getUserOperations': { body: { errorcode: 0, message: 'ok', total: 0, operations: [] } },
  });
  renderApp('/dashboard');
  const list = await screen.findByRole('list', { name: 'Waiting packages' }, { timeout: 15_000 });
  return within(list).getAllByRole('listitem');
}

describe('the door of a waiting package', () => {
  it('names the low door, wheelchair reachable, with no warning', async () => {
    const [item] = await packagesShown([{ ...waiting, door: { column: 'B', row: 3, low: true }, doorOutOfReach: false, hubPhone: '(415) 555-0134' }]);
    const door = within(item!).getByText('Door').nextElementSibling;
    expect(door).toHaveTextContent(/^B3 · low, wheelchair reachable$/);
    expect(within(item!).queryByRole('alert')).not.toBeInTheDocument();
  });

  it("says plainly when a customer who needs a low door got a high one, with the hub's phone to call", async () => {
    const [item] = await packagesShown([{ ...waiting, door: { column: 'A', row: 1, low: false }, doorOutOfReach: true, hubPhone: '(415) 555-0134' }]);
    expect(within(item!).getByText('Door').nextElementSibling).toHaveTextContent('A1 · high, above 48 in');
    const warning = within(item!).getByRole('alert');
    expect(warning).toHaveTextContent('Door A1 is above wheelchair reach: no low door was free when it was delivered.');
    expect(within(warning).getByRole('link', { name: 'Call (415) 555-0134' })).toHaveAttribute('href', 'tel:4155550134');
  });

  it('asks the hub staff when the hub lists no phone, and names no door an older controller did not report', async () => {
    const [high, none] = await packagesShown([
      { ...waiting, door: { column: '12', row: 3, low: false }, doorOutOfReach: true, hubPhone: '' },
      { ...waiting, packageId: 22, pickupCode: '204871' },
    ]);
    expect(within(high!).getByText('Door').nextElementSibling).toHaveTextContent('12-3 · high, above 48 in');
    expect(within(high!).getByRole('alert')).toHaveTextContent('Ask the staff at AirBox Union Square');
    expect(within(high!).queryByRole('link', { name: /^Call/ })).not.toBeInTheDocument();
    expect(within(none!).queryByText('Door')).not.toBeInTheDocument();
    expect(within(none!).queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('a package delivered during a vacation hold (issue 22 item 2)', () => {
  it('says it is on hold and when its free period ends, while the hold lasts', async () => {
    const now = new Date();
    const inTwoDays = new Date(now.getTime() + 2 * 86_400_000).toISOString().slice(0, 10);
    const [held, plain] = await packagesShown([
      { ...waiting, heldUntil: '2099-12-12', freeUntil: '2099-12-14T20:00:00.000Z' },
      { ...waiting, packageId: 22, pickupCode: '204871', heldUntil: null },
    ]);
    expect(within(held!).getByText('On hold until Dec 12 · free until Dec 14, 12:00 PM PST')).toBeInTheDocument();
    expect(within(held!).getByText(/the locker keeps it and no fee runs until then/)).toBeInTheDocument();
    expect(within(plain!).queryByText(/On hold/)).not.toBeInTheDocument();
    expect(heldLine({ heldUntil: '2020-01-02', freeUntil: '2020-01-04T20:00:00.000Z' })).toBeNull();
    expect(heldLine({ heldUntil: inTwoDays, freeUntil: now.toISOString() })).toMatch(/^On hold until /);
  });
});
