import { TRANSACTION_PAGE_SIZES } from '@airbox/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useOperations } from '../../features/transactions/api/get-operations';
import type * as TransactionHistoryModule from '../../features/transactions/components/transaction-history';
import { mockApi, renderApp, signIn } from '../../testing/test-utils';
import { stubDesktopViewport } from '../../testing/viewport';

/** Transaction History as it is, except that it fails to render an answer with 99 operations. */
vi.mock('../../features/transactions/components/transaction-history', async (importOriginal) => {
  const real = await importOriginal<typeof TransactionHistoryModule>();
  return {
    ...real,
    TransactionHistory: ({ userId }: { userId: number }) => {
      const operations = useOperations(userId, { start: 0, num: TRANSACTION_PAGE_SIZES[0], sort: 'op_timestamp', order: 'desc' });
      if (operations.data?.total === 99) throw new Error('Cannot show 99 operations');
      return <real.TransactionHistory userId={userId} />;
    },
  };
});

/** The Membership Plan screen's code cannot be loaded (a deploy since the page opened, say). */
vi.mock('./membership', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

const answer = (total: number) => ({ body: { errorcode: 0, message: 'ok', total, operations: [] } });

describe("a signed-in screen's error boundary", () => {
  beforeEach(() => {
    stubDesktopViewport();
    // React reports the error it caught; the test expects it.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('shows Retry in place of a failing screen, keeps the navigation, and Retry renders it again from a fresh call', async () => {
    signIn();
    let calls = 0;
    const api = mockApi({ '/app/v1/getUserOperations': () => answer(++calls === 1 ? 99 : 0) });
    const { user } = renderApp('/transaction');

    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('link', { name: 'My Contacts' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Transaction History' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('You have no recent transactions.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).not.toBeInTheDocument();
    expect(api.calls('/app/v1/getUserOperations')).toHaveLength(2);
  });

  it('leaves the other screens working: the sidebar opens another one', async () => {
    signIn();
    mockApi({
      '/app/v1/getUserOperations': answer(99),
      '/app/v1/getUserShipmentAddress': { body: { errorcode: 0, message: 'ok', data: { total: 0, list: [] } } },
      '/app/v1/getStates': { body: { errorcode: 0, message: 'ok', data: [] } },
    });
    const { user } = renderApp('/transaction');
    await screen.findByRole('heading', { name: 'Something went wrong' });
    await user.click(within(screen.getByRole('navigation', { name: 'Main menu' })).getByRole('link', { name: 'My Contacts' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'My Contacts' })).toBeInTheDocument());
    expect(await screen.findByText('You have no saved contacts.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).not.toBeInTheDocument();
  });

  it("sends a screen whose code does not load to the root's page, which offers a reload", async () => {
    signIn();
    mockApi({});
    renderApp('/membership');
    expect(await screen.findByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });
});
