import { TRANSACTION_MESSAGES } from '@airbox/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderApp, signIn } from '../../../testing/test-utils';
import { stubPhoneViewport } from '../../../testing/viewport';
import { signedAmount, signedCredits } from './transaction-history';

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

describe('transaction amounts', () => {
  it.each([
    [14.55, '\u2212$14.55'],
    [-14.55, '+$14.55'],
    [0, '$0.00'],
    [null, null],
  ])('a quote of %j shows %j', (quote, shown) => {
    expect(signedAmount({ quote })).toBe(shown);
  });
});

/** The server's answer of a page holding these operations, all there are. */
const operationsAnswer = (operations: ReturnType<typeof operation>[]) => ({
  '/app/v1/getUserOperations': { body: { errorcode: 0, message: 'ok', total: operations.length, operations } },
});

describe('Transaction History', () => {
  it('says what each line was for, with the money and the credits in the signs the customer reads', async () => {
    signIn({ userId: 7 });
    mockApi(operationsAnswer([
      operation({ op_id: 1, op_type: 3, credits: 0, quote: -14.55, balance: 12, description: 'Refund of label AB2611230000042 · USPS' }),
      operation({ op_id: 2, op_type: 3, credits: 0, quote: 4.5, balance: 12, description: 'Carrier pickup · FedEx · Dec 1' }),
      operation({ op_id: 3, op_type: 3, credits: 0, quote: 14.55, balance: 12, description: 'Shipping label AB2611230000042 · USPS' }),
      operation({ op_id: 4, op_type: 2, credits: 3, overtime: 2, balance: 12, description: 'FedEx 1Z999 at AirBox Hub · Late fee · 2 days' }),
      operation({ op_id: 5, op_type: 11, credits: 15, quote: 44.85, balance: 15, description: '15 credits' }),
    ]));
    renderApp('/transaction');
    const table = await screen.findByRole('table', { name: 'Transaction History' });
    await within(table).findByText('15 credits');
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Date', 'Type', 'What', 'Credits', 'Amount', 'Balance']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.querySelectorAll('td')].slice(1).map((cell) => cell.textContent))).toEqual([
      ['Purchase', 'Refund of label AB2611230000042 · USPS', '–', '+$14.55', '12'],
      ['Purchase', 'Carrier pickup · FedEx · Dec 1', '–', '\u2212$4.50', '12'],
      ['Purchase', 'Shipping label AB2611230000042 · USPS', '–', '\u2212$14.55', '12'],
      ['Pick up', 'FedEx 1Z999 at AirBox Hub · Late fee · 2 days', '-3', '–', '12'],
      ['CREDIT PLAN', '15 credits', '+15', '\u2212$44.85', '15'],
    ]);
    // No credit movement is a plain dash, not a coloured '+0'.
    expect(rows[0]!.querySelectorAll('td')[3]!.children).toHaveLength(0);
  });

  it('shows the same on a phone, one card a line', async () => {
    stubPhoneViewport();
    signIn({ userId: 7 });
    mockApi(operationsAnswer([
      operation({ op_id: 1, op_type: 3, credits: 0, quote: -14.55, balance: 12, description: 'Refund of label AB2611230000042 · USPS' }),
      operation({ op_id: 2, op_type: 2, credits: 1, balance: 12, description: 'FedEx 1Z999 at AirBox Hub' }),
      operation({ op_id: 3, op_type: 11, credits: 15, quote: 44.85, balance: 15, description: '15 credits' }),
    ]));
    renderApp('/transaction');
    const list = await screen.findByRole('list', { name: 'Transaction History' });
    const cards = await within(list).findAllByRole('listitem');
    expect(cards.map((card) => card.textContent)).toEqual([
      expect.stringMatching(/^Purchase\+\$14\.55Refund of label AB2611230000042 · USPS.* PST · Balance 12$/),
      expect.stringMatching(/^Pick up-1 creditFedEx 1Z999 at AirBox Hub.* · Balance 12$/),
      expect.stringMatching(/^CREDIT PLAN\u2212\$44\.8515 credits.* PST · Credits \+15 · Balance 15$/),
    ]);
  });

  it('lists the operations with their types and signs, and sorts on the server', async () => {
    signIn({ userId: 7 });
    const api = mockApi(operationsAnswer([
      operation({ op_id: 1, op_type: 11, credits: 10, quote: 25, balance: 10 }),
      operation({ op_id: 2, op_type: 2, credits: 2, overtime: 1, balance: 8 }),
      operation({ op_id: 3, op_type: 7, credits: 0, balance: 8 }),
    ]));
    const { user } = renderApp('/transaction');
    const table = await screen.findByRole('table', { name: 'Transaction History' });
    await within(table).findByText('CREDIT PLAN');
    const rows = within(table).getAllByRole('row');
    // A server of the spec's contract says nothing of what a line was for: the late days still show.
    expect(rows.map((row) => [...row.querySelectorAll('td')].slice(1).map((cell) => cell.textContent))).toEqual([
      [],
      ['CREDIT PLAN', '–', '+10', '\u2212$25.00', '10'],
      ['Pick up', 'Late fee · 1 day', '-2', '–', '8'],
      ['UNKNOW TYPE', '–', '–', '–', '8'],
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
    mockApi(operationsAnswer([]));
    renderApp('/transaction');
    expect(await screen.findByText(TRANSACTION_MESSAGES.empty)).toBeInTheDocument();
  });
});
