import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { dashboardAnswers } from '../../testing/fixtures';
import { mockApi, renderApp, signIn } from '../../testing/test-utils';

/** The signed-in layout's code, held back until the test lets it load (a slow network on a first visit). */
const layoutCode = vi.hoisted(() => {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { held, release };
});

vi.mock('../layouts/signed-in-layout', async (importOriginal) => {
  await layoutCode.held;
  return importOriginal();
});

const DASHBOARD_CALLS = ['/app/v1/getUnPickupsById', '/app/v1/getUserByUser_id', '/app/v1/userGetShipment', '/app/v1/getUserOperations', '/app/v1/getAdvertisements'];

describe('a page opened on the dashboard (a reload, a link, a first visit)', () => {
  it("sends the dashboard's calls while the signed-in shell's code is still loading, and asks each once (issue 24)", async () => {
    signIn();
    const api = mockApi(dashboardAnswers({ unpickups: 2 }));
    renderApp('/dashboard');
    for (const path of DASHBOARD_CALLS) await waitFor(() => expect(api.calls(path), path).toHaveLength(1), { timeout: 15_000 });
    expect(screen.queryByRole('region', { name: 'Packages Not Picked Up' })).toBeNull();

    layoutCode.release();
    const packages = await screen.findByRole('region', { name: 'Packages Not Picked Up' }, { timeout: 15_000 });
    expect(await within(packages).findByText('2')).toBeInTheDocument();
    for (const path of DASHBOARD_CALLS) expect(api.calls(path), path).toHaveLength(1);
  });
});
