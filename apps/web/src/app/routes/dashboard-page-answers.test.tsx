import { PAGE_FIRST_CALLS, pageCallKey } from '@airbox/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dashboardAnswers } from '../../testing/fixtures';
import type * as SchemasLoader from '../../lib/schemas-loader';
import { mockApi, renderApp, signIn } from '../../testing/test-utils';

/** How many times the app asked for the contract's schemas (zod and every call's and form's). */
const schemasLoaded = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../lib/schemas-loader', async (importOriginal) => {
  const original = await importOriginal<typeof SchemasLoader>();
  return {
    ...original,
    loadSchemas: () => {
      schemasLoaded.count += 1;
      return original.loadSchemas();
    },
  };
});

/** What the network would answer: another count than the page's, so the test sees which was drawn. */
const NETWORK = dashboardAnswers({ unpickups: 5 });
/** The same calls' answers as the server writes them into the page (each a success, parsed by its schema), by call name. */
const IN_PAGE: Record<string, unknown> = {
  carrierServiceRenamingCall: NETWORK['/app/v1/carrierServiceRenaming'].body,
  getUnPickupsByIdCall: { ...NETWORK['/app/v1/getUnPickupsById'].body, unpickups: 2 },
  getUserByUserIdCall: NETWORK['/app/v1/getUserByUser_id'].body,
  userGetShipmentCall: NETWORK['/app/v1/userGetShipment'].body,
  getUserOperationsCall: NETWORK['/app/v1/getUserOperations'].body,
  getAdvertisementsCall: NETWORK['/app/v1/getAdvertisements'].body,
};

/** The element the server fills in (apps/server plugins/web-app.ts), with the dashboard's first answers for user 7. */
function writeFirstAnswers(answers: Record<string, unknown>) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = 'first-answers';
  element.textContent = JSON.stringify(answers);
  document.head.append(element);
}

afterEach(() => {
  document.getElementById('first-answers')?.remove();
  schemasLoaded.count = 0;
});

describe('a dashboard page carrying its first answers (issue 24)', () => {
  it('draws the dashboard from them without asking any of its first calls over the network, or loading the schemas', async () => {
    signIn({ userId: 7 });
    const api = mockApi(NETWORK);
    const calls = PAGE_FIRST_CALLS['/dashboard']!(7);
    writeFirstAnswers(Object.fromEntries(calls.map(({ name, input }) => [pageCallKey(name, input), IN_PAGE[name]])));

    renderApp('/dashboard');
    const packages = await screen.findByRole('region', { name: 'Packages Not Picked Up' }, { timeout: 15_000 });
    expect(within(packages).getByText('2')).toBeInTheDocument();
    // Every call the dashboard made found its answer in the page: the contract's list and the screen's calls agree.
    expect(api.requests.map((request) => request.path)).toEqual([]);
    expect(schemasLoaded.count).toBe(0);
  });

  it('asks over the network, with the schemas, a call whose answer the page does not carry', async () => {
    signIn({ userId: 7 });
    const api = mockApi(NETWORK);
    const calls = PAGE_FIRST_CALLS['/dashboard']!(7).filter(({ name }) => name !== 'getUnPickupsByIdCall');
    writeFirstAnswers(Object.fromEntries(calls.map(({ name, input }) => [pageCallKey(name, input), IN_PAGE[name]])));

    renderApp('/dashboard');
    const packages = await screen.findByRole('region', { name: 'Packages Not Picked Up' }, { timeout: 15_000 });
    expect(await within(packages).findByText('5')).toBeInTheDocument();
    expect(api.requests.map((request) => request.path)).toEqual(['/app/v1/getUnPickupsById']);
    expect(schemasLoaded.count).toBeGreaterThan(0);
  });
});
