import {
  TRANSACTION_MESSAGES,
  TRANSACTION_PAGE_SIZES,
  creditSign,
  formatUsd,
  transactionTypeName,
  type Operation,
} from '@airbox/contract';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { DateTime } from '../../../components/date-time';
import { PageCard } from '../../../components/layout/page-card';
import { DataTable } from '../../../components/table/data-table';
import type { Column } from '../../../components/table/types';
import { useOperations, type OperationsPage } from '../api/get-operations';

/** Credits as shown: '-1' for pickups, '+10' for purchases, the bare number otherwise. */
export function signedCredits(operation: Pick<Operation, 'op_type' | 'credits'>): string {
  const sign = creditSign(operation.op_type);
  return `${sign}${sign ? Math.abs(operation.credits) : operation.credits}`;
}

type SortField = OperationsPage['sort'];

const creditColor = (credits: string) => (credits.startsWith('-') ? 'error.main' : credits.startsWith('+') ? 'success.main' : undefined);

const overtimeDays = (operation: Operation) => `${operation.overtime} day${operation.overtime === 1 ? '' : 's'}`;
const amount = (operation: Operation) => (operation.quote === null ? null : formatUsd(Math.round(operation.quote * 100)));

function Credits({ operation }: { operation: Operation }) {
  const credits = signedCredits(operation);
  return (
    <Box component="span" sx={{ fontWeight: 600, color: creditColor(credits) }}>
      {credits}
    </Box>
  );
}

const COLUMNS: Column<Operation, SortField>[] = [
  { header: 'Date', sort: 'op_timestamp', cell: (operation) => <DateTime value={operation.op_timestamp} /> },
  { header: 'Type', sort: 'op_type', cell: (operation) => transactionTypeName(operation.op_type) },
  { header: 'Credits', sort: 'credits', align: 'right', cell: (operation) => <Credits operation={operation} /> },
  { header: 'Amount', align: 'right', cell: (operation) => amount(operation) ?? '–' },
  { header: 'Overtime', align: 'right', cell: (operation) => (operation.overtime ? overtimeDays(operation) : '–') },
  { header: 'Balance', sort: 'balance', align: 'right', cell: (operation) => operation.balance },
];

/** An operation on a phone: type and credits, then the date, and the amount, overtime and balance. */
function OperationCard({ operation }: { operation: Operation }) {
  const credits = signedCredits(operation);
  const price = amount(operation);
  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
        <Typography sx={{ fontWeight: 600 }}>{transactionTypeName(operation.op_type)}</Typography>
        <Typography sx={{ fontWeight: 700, color: creditColor(credits) }}>
          {credits} credit{Math.abs(operation.credits) === 1 ? '' : 's'}
        </Typography>
      </Box>
      <Typography variant="body2" color="text.secondary">
        <DateTime value={operation.op_timestamp} />
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {[price === null ? null : `Amount ${price}`, operation.overtime ? `Overtime ${overtimeDays(operation)}` : null, `Balance ${operation.balance}`]
          .filter(Boolean)
          .join(' · ')}
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
        minWidth={720}
        sort={{ field: page.sort, order: page.order, onChange: (sort, order) => setPage({ ...page, start: 0, sort, order }) }}
        pager={{
          count: operations.data?.total ?? 0,
          page: Math.floor(page.start / page.num),
          rowsPerPage: page.num,
          rowsPerPageOptions: TRANSACTION_PAGE_SIZES,
          onPageChange: (next) => setPage({ ...page, start: next * page.num }),
          onRowsPerPageChange: (num) => setPage({ ...page, start: 0, num }),
        }}
      />
    </PageCard>
  );
}
