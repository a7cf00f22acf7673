import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionUser, userProfile } from '../../testing/fixtures';
import { fillIn, loginAnswer, mockApi, renderApp } from '../../testing/test-utils';

const DASHBOARD_CALLS = ['/app/v1/getUnPickupsById', '/app/v1/getUserByUser_id', '/app/v1/userGetShipment', '/app/v1/getUserOperations', '/app/v1/getAdvertisements'];

describe('from LOGIN to the dashboard', () => {
  it("starts the dashboard's calls before its screen is drawn, and asks each once", async () => {
    // Whether the dashboard's screen was on the page when each of its calls left.
    const screenShownAtCall: Record<string, boolean> = {};
    const noted = (path: string, body: unknown) => () => {
      screenShownAtCall[path] ??= document.querySelector('section[aria-label="Packages Not Picked Up"]') !== null;
      return { body };
    };
    const api = mockApi({
      '/app/v1/login': loginAnswer(sessionUser()),
      '/app/v1/carrierServiceRenaming': { body: { errorcode: 0, message: 'ok', data: [] } },
      '/app/v1/getUnPickupsById': noted('/app/v1/getUnPickupsById', { errorcode: 0, message: 'ok', unpickups: 3, packages: [] }),
      '/app/v1/getUserByUser_id': noted('/app/v1/getUserByUser_id', { errorcode: 1, message: 'ok', users: [userProfile()], lockers: [] }),
      '/app/v1/userGetShipment': noted('/app/v1/userGetShipment', { errorcode: 0, message: 'ok', data: { total: 0, list: [] } }),
      '/app/v1/getUserOperations': noted('/app/v1/getUserOperations', { errorcode: 0, message: 'ok', total: 0, operations: [] }),
      '/app/v1/getAdvertisements': noted('/app/v1/getAdvertisements', { errorcode: 0, message: 'ok', ads: [] }),
    });
    const app = renderApp('/login');
    await fillIn(app.user, await screen.findByLabelText('Email'), 'dana@example.com');
    await fillIn(app.user, screen.getByLabelText('Password'), 'Secret123');
    await app.user.click(screen.getByRole('button', { name: 'Login' }));

    const packages = await screen.findByRole('region', { name: 'Packages Not Picked Up' }, { timeout: 15_000 });
    expect(await within(packages).findByText('3')).toBeInTheDocument();
    for (const path of DASHBOARD_CALLS) {
      expect(api.calls(path), path).toHaveLength(1);
      expect(screenShownAtCall[path], path).toBe(false);
    }
  });
});
