import { TRANSACTION_MESSAGES } from '@airbox/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderApp, signIn } from '../../../testing/test-utils';
import { signedCredits } from './transaction-history';

const operation = (overrides: Record<string, unknown>) => ({
  op_id: 1,
  op_type: 1,
  op_timestamp: '2026-11-20T18:30:00.000Z',
  delivery_time: null,
  pickup_time: null,
  charge_time: null,
  op_time: null,
  quote: null,
  credits: 1,
  overtime: 0,
  balance: 9,
  ...overrides,
});

describe('transaction signs', () => {
  it.each([
    [2, 1, '-1'],
    [4, 2, '-2'],
    [3, 10, '+10'],
    [11, 10, '+10'],
    [12, 60, '+60'],
    [13, 150, '+150'],
    [1, 1, '1'],
    [99, 0, '0'],
  ])('type %i with %i credits shows %s', (opType, credits, shown) => {
    expect(signedCredits({ op_type: opType, credits })).toBe(shown);
  });
});

describe('Transaction History', () => {
  it('lists the operations with their types and signs, and sorts on the server', async () => {
    signIn({ userId: 7 });
    const api = mockApi({
      '/app/v1/getUserOperations': {
        body: {
          errorcode: 0,
          message: 'ok',
          total: 3,
          operations: [
            operation({ op_id: 1, op_type: 11, credits: 10, quote: 25, balance: 10 }),
            operation({ op_id: 2, op_type: 2, credits: 2, overtime: 1, balance: 8 }),
            operation({ op_id: 3, op_type: 7, credits: 0, balance: 8 }),
          ],
        },
      },
    });
    const { user } = renderApp('/transaction');
    const table = await screen.findByRole('table', { name: 'Transaction History' });
    await within(table).findByText('CREDIT PLAN');
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => [...row.querySelectorAll('td')].slice(1).map((cell) => cell.textContent))).toEqual([
      [],
      ['CREDIT PLAN', '+10', '$25.00', '–', '10'],
      ['Pick up', '-2', '–', '1 day', '8'],
      ['UNKNOW TYPE', '0', '–', '–', '8'],
    ]);
    const first = api.calls('/app/v1/getUserOperations')[0];
    expect(Object.fromEntries(first?.fields ?? [])).toMatchObject({ user_id: '7', start: '0', num: '10', sort: 'op_timestamp', order: 'desc' });

    await user.click(within(table).getByRole('button', { name: 'Credits' }));
    await waitFor(() => expect(api.calls('/app/v1/getUserOperations').at(-1)?.fields.get('sort')).toBe('credits'));
    expect(api.calls('/app/v1/getUserOperations').at(-1)?.fields.get('order')).toBe('desc');
    await user.click(within(table).getByRole('button', { name: 'Credits' }));
    await waitFor(() => expect(api.calls('/app/v1/getUserOperations').at(-1)?.fields.get('order')).toBe('asc'));
  });

  it("says 'You have no recent transactions.' when there are none", async () => {
    signIn();
    mockApi({ '/app/v1/getUserOperations': { body: { errorcode: 0, message: 'ok', total: 0, operations: [] } } });
    renderApp('/transaction');
    expect(await screen.findByText(TRANSACTION_MESSAGES.empty)).toBeInTheDocument();
  });
});
