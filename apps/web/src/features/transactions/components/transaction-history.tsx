import {
  TRANSACTION_MESSAGES,
  TRANSACTION_PAGE_SIZES,
  creditSign,
  formatDateTime,
  formatUsd,
  transactionTypeName,
  type Operation,
} from '@airbox/contract';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { PageCard } from '../../../components/layout/page-card';
import { TableEmptyRow } from '../../../components/table/table-empty-row';
import { TablePager } from '../../../components/table/table-pager';
import { useOperations, type OperationsPage } from '../api/get-operations';

/** Credits as shown: '-1' for pickups, '+10' for purchases, the bare number otherwise. */
export function signedCredits(operation: Pick<Operation, 'op_type' | 'credits'>): string {
  const sign = creditSign(operation.op_type);
  return `${sign}${sign ? Math.abs(operation.credits) : operation.credits}`;
}

type SortField = OperationsPage['sort'];

const creditColor = (credits: string) => (credits.startsWith('-') ? 'error.main' : credits.startsWith('+') ? 'success.main' : undefined);

const COLUMNS: { label: string; sort?: SortField; align?: 'right' }[] = [
  { label: 'Date', sort: 'op_timestamp' },
  { label: 'Type', sort: 'op_type' },
  { label: 'Credits', sort: 'credits', align: 'right' },
  { label: 'Amount', align: 'right' },
  { label: 'Overtime', align: 'right' },
  { label: 'Balance', sort: 'balance', align: 'right' },
];

/** /transaction (spec 03 §2, §9): the user's transactions, sorted on the server, paged. */
export function TransactionHistory({ userId }: { userId: number }) {
  const [page, setPage] = useState<OperationsPage>({ start: 0, num: TRANSACTION_PAGE_SIZES[0], sort: 'op_timestamp', order: 'desc' });
  const operations = useOperations(userId, page);
  const narrow = useMediaQuery('(max-width:599.95px)');
  const rows = operations.data?.operations ?? [];

  const sortBy = (field: SortField) =>
    setPage({ ...page, start: 0, sort: field, order: page.sort === field && page.order === 'desc' ? 'asc' : 'desc' });

  return (
    <PageCard title="Transaction History" hideTitle>
      {narrow ? (
        <>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 2 }}>
            <TextField
              select
              size="small"
              label="Sort by"
              value={page.sort}
              onChange={(event) => setPage({ ...page, start: 0, sort: event.target.value as SortField })}
              sx={{ flex: 1 }}
            >
              {COLUMNS.filter((column) => column.sort).map((column) => (
                <MenuItem key={column.sort} value={column.sort}>
                  {column.label}
                </MenuItem>
              ))}
            </TextField>
            <Button
              variant="outlined"
              color="secondary"
              onClick={() => setPage({ ...page, start: 0, order: page.order === 'desc' ? 'asc' : 'desc' })}
              startIcon={page.order === 'desc' ? <ArrowDownward /> : <ArrowUpward />}
            >
              {page.order === 'desc' ? 'Descending' : 'Ascending'}
            </Button>
          </Box>
          <Stack component="ul" spacing={1.5} aria-label="Transaction History" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {rows.map((operation) => {
              const credits = signedCredits(operation);
              return (
                <Paper component="li" key={operation.op_id} variant="outlined" sx={{ p: 1.5 }}>
                  <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                    <Typography sx={{ fontWeight: 600 }}>{transactionTypeName(operation.op_type)}</Typography>
                    <Typography sx={{ fontWeight: 700, color: creditColor(credits) }}>
                      {credits} credit{Math.abs(operation.credits) === 1 ? '' : 's'}
                    </Typography>
                  </Box>
                  <Typography variant="body2" color="text.secondary">
                    {formatDateTime(operation.op_timestamp)}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {[
                      operation.quote === null ? null : `Amount ${formatUsd(Math.round(operation.quote * 100))}`,
                      operation.overtime ? `Overtime ${operation.overtime} day${operation.overtime === 1 ? '' : 's'}` : null,
                      `Balance ${operation.balance}`,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Typography>
                </Paper>
              );
            })}
            {rows.length === 0 && !operations.isPending && (
              <Typography component="li" color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
                {TRANSACTION_MESSAGES.empty}
              </Typography>
            )}
          </Stack>
        </>
      ) : (
        <TableContainer sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Transactions table">
          <Table aria-label="Transaction History" size="small" sx={{ minWidth: 720, '& th': { fontWeight: 600, whiteSpace: 'nowrap' } }}>
            <TableHead>
              <TableRow>
                {COLUMNS.map((column) => (
                  <TableCell
                    key={column.label}
                    align={column.align}
                    sortDirection={column.sort && page.sort === column.sort ? page.order : false}
                  >
                    {column.sort ? (
                      <TableSortLabel
                        active={page.sort === column.sort}
                        direction={page.sort === column.sort ? page.order : 'desc'}
                        onClick={() => sortBy(column.sort!)}
                      >
                        {column.label}
                      </TableSortLabel>
                    ) : (
                      column.label
                    )}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((operation) => {
                const credits = signedCredits(operation);
                return (
                  <TableRow key={operation.op_id} hover>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(operation.op_timestamp)}</TableCell>
                    <TableCell>{transactionTypeName(operation.op_type)}</TableCell>
                    <TableCell
                      align="right"
                      sx={{ fontWeight: 600, color: creditColor(credits) }}
                    >
                      {credits}
                    </TableCell>
                    <TableCell align="right">{operation.quote === null ? '–' : formatUsd(Math.round(operation.quote * 100))}</TableCell>
                    <TableCell align="right">{operation.overtime ? `${operation.overtime} day${operation.overtime === 1 ? '' : 's'}` : '–'}</TableCell>
                    <TableCell align="right">{operation.balance}</TableCell>
                  </TableRow>
                );
              })}
              {rows.length === 0 && !operations.isPending && (
                <TableEmptyRow colSpan={COLUMNS.length} message={TRANSACTION_MESSAGES.empty} />
              )}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <TablePager
        count={operations.data?.total ?? 0}
        page={Math.floor(page.start / page.num)}
        rowsPerPage={page.num}
        rowsPerPageOptions={TRANSACTION_PAGE_SIZES}
        onPageChange={(next) => setPage({ ...page, start: next * page.num })}
        onRowsPerPageChange={(num) => setPage({ ...page, start: 0, num })}
      />
    </PageCard>
  );
}
