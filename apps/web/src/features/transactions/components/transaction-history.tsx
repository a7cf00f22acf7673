import {
  TRANSACTION_MESSAGES,
  TRANSACTION_PAGE_SIZES,
  creditSign,
  formatUsd,
  operationAmountCents,
  transactionTypeName,
  type Operation,
} from '@airbox/contract';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { DateTime } from '../../../components/date-time';
import { PageCard } from '../../../components/layout/page-card';
import { DataTable } from '../../../components/table/data-table';
import { offsetPager } from '../../../components/table/table-pager';
import type { Column } from '../../../components/table/types';
import { useOperations, type OperationsPage } from '../api/get-operations';

/** Credits as shown: '-1' for pickups, '+10' for purchases, the bare number otherwise. */
export function signedCredits(operation: Pick<Operation, 'op_type' | 'credits'>): string {
  const sign = creditSign(operation.op_type);
  return `${sign}${sign ? Math.abs(operation.credits) : operation.credits}`;
}

/**
 * Money as the customer sees it moved: '−$14.55' paid (a true minus sign), '+$14.55' given back;
 * null when none moved.
 */
export function signedAmount(operation: Pick<Operation, 'quote'>): string | null {
  const cents = operationAmountCents(operation);
  if (cents === null) return null;
  return `${cents < 0 ? '\u2212' : cents > 0 ? '+' : ''}${formatUsd(Math.abs(cents))}`;
}

type SortField = OperationsPage['sort'];

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * What the line was for, as the server says it ('Shipping label AB… · USPS'); a server of the
 * spec's contract says nothing, so the late days its fields carry are said here instead.
 */
const whatFor = (operation: Operation) => operation.description ?? (operation.overtime ? `Late fee · ${plural(operation.overtime, 'day')}` : '');

/** Credits of a movement in the spec's signs, coloured; a line that moved none shows a dash, not '+0'. */
function Credits({ operation }: { operation: Operation }) {
  if (operation.credits === 0) return <>–</>;
  const credits = signedCredits(operation);
  const color = credits.startsWith('-') ? 'error.main' : credits.startsWith('+') ? 'success.main' : undefined;
  return (
    <Box component="span" sx={{ fontWeight: 600, color }}>
      {credits}
    </Box>
  );
}

/** The money with its sign; money coming back is green. */
function Amount({ operation }: { operation: Operation }) {
  const amount = signedAmount(operation);
  if (amount === null) return <>–</>;
  return (
    <Box component="span" sx={{ fontWeight: 600, whiteSpace: 'nowrap', color: amount.startsWith('+') ? 'success.main' : undefined }}>
      {amount}
    </Box>
  );
}

const COLUMNS: Column<Operation, SortField>[] = [
  { header: 'Date', sort: 'op_timestamp', cell: (operation) => <DateTime value={operation.op_timestamp} />, sx: { whiteSpace: 'nowrap' } },
  { header: 'Type', sort: 'op_type', cell: (operation) => transactionTypeName(operation.op_type), sx: { whiteSpace: 'nowrap' } },
  { header: 'What', cell: (operation) => whatFor(operation) || '–', sx: { minWidth: 220, overflowWrap: 'anywhere' } },
  { header: 'Credits', sort: 'credits', align: 'right', cell: (operation) => <Credits operation={operation} /> },
  { header: 'Amount', align: 'right', cell: (operation) => <Amount operation={operation} /> },
  { header: 'Balance', sort: 'balance', align: 'right', cell: (operation) => operation.balance },
];

/**
 * An operation on a phone: its type and, at the right, the money (else the credits) it moved;
 * what it was for; then the date, the credits beside the money, and the balance.
 */
function OperationCard({ operation }: { operation: Operation }) {
  const what = whatFor(operation);
  const moneyMoved = signedAmount(operation) !== null;
  const creditsMoved = operation.credits !== 0;
  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 1 }}>
        <Typography sx={{ fontWeight: 600 }}>{transactionTypeName(operation.op_type)}</Typography>
        <Typography component="span" sx={{ fontWeight: 700 }}>
          {moneyMoved ? (
            <Amount operation={operation} />
          ) : (
            creditsMoved && (
              <>
                <Credits operation={operation} /> credit{Math.abs(operation.credits) === 1 ? '' : 's'}
              </>
            )
          )}
        </Typography>
      </Box>
      {what && <Typography sx={{ overflowWrap: 'anywhere' }}>{what}</Typography>}
      <Typography variant="body2" color="text.secondary">
        <DateTime value={operation.op_timestamp} />
        {' · '}
        {moneyMoved && creditsMoved && (
          <>
            Credits <Credits operation={operation} />
            {' · '}
          </>
        )}
        Balance {operation.balance}
      </Typography>
    </>
  );
}

/** /transaction (spec 03 §2, §9): the user's transactions, sorted on the server, paged. */
export function TransactionHistory({ userId }: { userId: number }) {
  const [page, setPage] = useState<OperationsPage>({ start: 0, num: TRANSACTION_PAGE_SIZES[0], sort: 'op_timestamp', order: 'desc' });
  const operations = useOperations(userId, page);

  return (
    <PageCard title="Transaction History" hideTitle>
      <DataTable
        label="Transaction History"
        columns={COLUMNS}
        rows={operations.data?.operations ?? []}
        rowKey={(operation) => operation.op_id}
        card={(operation) => <OperationCard operation={operation} />}
        empty={TRANSACTION_MESSAGES.empty}
        loading={operations.isPending}
        minWidth={760}
        sort={{ field: page.sort, order: page.order, onChange: (sort, order) => setPage({ ...page, start: 0, sort, order }) }}
        pager={offsetPager(page, operations.data?.total ?? 0, TRANSACTION_PAGE_SIZES, (next) => setPage({ ...page, ...next }))}
      />
    </PageCard>
  );
}
