import { expect } from 'vitest';
import { postForm, type TestApp } from './helper.js';
import { locationPath } from './ledger-fixtures.js';

/**
 * The browser's steps through a payment on the payments simulator, bound to a test file's app:
 * the payer's click on the simulator's page, and the redirects the portal answers on the way back.
 * Shared by the tests of every paid flow (memberships, labels, carrier pickups).
 */
export function paymentSteps(t: Pick<TestApp, 'app'>) {
  /** The payer's click on the simulator's page: Approve or Cancel; answers where the provider sends the browser. */
  async function payerClicks(token: string, button: 'approve' | 'cancel') {
    const response = await postForm(t.app, `/app/v1/payments/simulator/${button}`, { token });
    expect(response.statusCode).toBe(303);
    return locationPath(response.headers.location);
  }

  /** Where the portal sends the browser from `path` (a GET with the browser's cookie), whatever the status. */
  async function redirectOf(path: string, cookie?: string) {
    const response = await t.app.inject({ method: 'GET', url: path, headers: cookie ? { cookie } : {} });
    return locationPath(response.headers.location);
  }

  return {
    payerClicks,
    /** The payer approves on the simulator's page; answers the portal's return path. */
    approve: (token: string) => payerClicks(token, 'approve'),
    redirectOf,
    /** A GET the portal answers with a 303 (a payment's return or cancel); answers where it sends the browser. */
    async follow(path: string, cookie?: string) {
      const response = await t.app.inject({ method: 'GET', url: path, headers: cookie ? { cookie } : {} });
      expect(response.statusCode).toBe(303);
      return locationPath(response.headers.location);
    },
  };
}
