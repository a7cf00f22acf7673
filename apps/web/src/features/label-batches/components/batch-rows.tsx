import { formatUsd, toCents, type BatchColumn, type LabelBatchRow } from '@airbox/contract';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { DataTable } from '../../../components/table/data-table';
import { RowActions, type RowAction } from '../../../components/table/row-actions';
import type { Column } from '../../../components/table/types';
import { BATCH_TEXT, COLUMN_NAMES, ROW_STATE_NAMES, cellError, reasonOf, rowErrors } from '../utils/batch-text';

const ROW_STATE_COLORS: Record<LabelBatchRow['state'], 'default' | 'error' | 'success' | 'info' | 'warning'> = {
  invalid: 'error',
  ready: 'default',
  rated: 'info',
  queued: 'default',
  bought: 'success',
  failed: 'warning',
};

/** One cell's text, and under it its error (red, naming the column) when it has one. */
function Cell({ row, column, children }: { row: LabelBatchRow; column: BatchColumn; children?: ReactNode }) {
  const error = cellError(row, column);
  const text = children ?? row.cells[column];
  if (!error && text === '') return null;
  return (
    <Box sx={{ minWidth: 0 }} data-cell={column}>
      {text !== '' && (
        <Typography variant="body2" component="span" sx={{ overflowWrap: 'anywhere', display: 'block', color: error ? 'error.main' : undefined }}>
          {text}
        </Typography>
      )}
      {error && (
        <Typography variant="caption" component="span" color="error" sx={{ display: 'block', fontWeight: 500, overflowWrap: 'anywhere' }}>
          {COLUMN_NAMES[column]}: {error}
        </Typography>
      )}
    </Box>
  );
}

/** Cells read as one line (city, state, ZIP), each wrong one in red, their errors under the line. */
function CellsLine({ row, columns }: { row: LabelBatchRow; columns: readonly BatchColumn[] }) {
  const shown = columns.filter((column) => row.cells[column] !== '');
  return (
    <Box sx={{ minWidth: 0 }}>
      {shown.length > 0 && (
        <Typography variant="body2" component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
          {shown.map((column, index) => (
            <Box key={column} component="span" data-cell={column} sx={{ color: cellError(row, column) ? 'error.main' : undefined }}>
              {index > 0 ? ' ' : ''}
              {row.cells[column]}
            </Box>
          ))}
        </Typography>
      )}
      {columns.map((column) => {
        const error = cellError(row, column);
        return (
          error && (
            <Typography key={column} variant="caption" component="span" color="error" sx={{ display: 'block', fontWeight: 500, overflowWrap: 'anywhere' }}>
              {COLUMN_NAMES[column]}: {error}
            </Typography>
          )
        );
      })}
    </Box>
  );
}

function Recipient({ row }: { row: LabelBatchRow }) {
  const { cells } = row;
  return (
    <>
      <Cell row={row} column="name" />
      <Cell row={row} column="company" />
      <Cell row={row} column="street1" />
      <Cell row={row} column="street2" />
      <CellsLine row={row} columns={cells.country !== '' && cells.country.toUpperCase() !== 'US' ? ['city', 'state', 'zip', 'country'] : ['city', 'state', 'zip']} />
      {cellError(row, 'country') && cells.country.toUpperCase() === 'US' && <Cell row={row} column="country" />}
      <Cell row={row} column="phone" />
      <Cell row={row} column="email" />
    </>
  );
}

function Parcel({ row }: { row: LabelBatchRow }) {
  const { cells } = row;
  const weight = [cells.weight_lb && `${cells.weight_lb} lb`, cells.weight_oz && `${cells.weight_oz} oz`].filter(Boolean).join(' ');
  const sides = [cells.length, cells.width, cells.height].some((side) => side !== '') ? `${cells.length || '?'} × ${cells.width || '?'} × ${cells.height || '?'} in` : '';
  return (
    <>
      <Cell row={row} column="package" />
      <Cell row={row} column="weight_lb">
        {weight}
      </Cell>
      {cellError(row, 'weight_oz') && <Cell row={row} column="weight_oz">{''}</Cell>}
      <Cell row={row} column="length">
        {sides}
      </Cell>
      {cellError(row, 'width') && <Cell row={row} column="width">{''}</Cell>}
      {cellError(row, 'height') && <Cell row={row} column="height">{''}</Cell>}
    </>
  );
}

function Details({ row }: { row: LabelBatchRow }) {
  return (
    <>
      <Cell row={row} column="service">
        {row.cells.service !== '' ? `Service: ${row.cells.service}` : ''}
      </Cell>
      <Cell row={row} column="reference">
        {row.cells.reference !== '' ? `Ref. ${row.cells.reference}` : ''}
      </Cell>
      <Cell row={row} column="comments" />
    </>
  );
}

/** What the row came to: its rate, its label, its refusal, its whole-row errors and the carrier's notes. */
function Outcome({ row, serviceName }: { row: LabelBatchRow; serviceName: (carrier: string, service: string) => string }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, minWidth: 0 }}>
      <Box>
        <Chip size="small" label={ROW_STATE_NAMES[row.state]} color={ROW_STATE_COLORS[row.state]} />
      </Box>
      {row.rate && (
        <Typography variant="body2">
          {serviceName(row.rate.carrier, row.rate.service)} <strong>{formatUsd(toCents(row.rate.rate))}</strong>
        </Typography>
      )}
      {row.trackingNum !== '' && (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {row.orderNo} · {row.trackingNum}
        </Typography>
      )}
      {row.state === 'failed' && (
        <Typography variant="body2" color="warning.dark" sx={{ overflowWrap: 'anywhere' }}>
          {reasonOf(row.note)}
          {row.refund && ` (${row.refund === 'refunded' ? BATCH_TEXT.refundedRow(row.refundAmount) : BATCH_TEXT.refundPending(row.refundAmount)})`}
        </Typography>
      )}
      {rowErrors(row).map((message) => (
        <Typography key={message} variant="caption" color="error" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
          {message}
        </Typography>
      ))}
      {row.notes.map((note) => (
        <Typography key={note} variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {note}
        </Typography>
      ))}
    </Box>
  );
}

/**
 * A batch's rows (issue 25 item 1): a table on a computer, cards on a phone, as Purchased Labels.
 * Every cell's error is said at the cell, the row's own (a duplicate, an address not verified) under
 * its state; EDIT and DELETE while the batch is not paid.
 */
export function BatchRows({
  rows,
  editable,
  serviceName,
  onEdit,
  onDelete,
}: {
  rows: readonly LabelBatchRow[];
  editable: boolean;
  serviceName: (carrier: string, service: string) => string;
  onEdit: (row: LabelBatchRow) => void;
  onDelete: (row: LabelBatchRow) => void;
}) {
  const actions = (row: LabelBatchRow): RowAction[] =>
    editable
      ? [
          { label: BATCH_TEXT.edit, onClick: () => onEdit(row) },
          { label: BATCH_TEXT.delete, color: 'error', onClick: () => onDelete(row) },
        ]
      : [];
  const columns: Column<LabelBatchRow>[] = [
    { header: 'Row', cell: (row) => <Typography variant="body2">{row.row}</Typography>, sx: { width: 48 } },
    { header: 'Recipient', cell: (row) => <Recipient row={row} />, sx: { width: '28%' } },
    { header: 'Package', cell: (row) => <Parcel row={row} />, sx: { width: '18%' } },
    { header: 'Service and reference', cell: (row) => <Details row={row} />, sx: { width: '18%' } },
    { header: 'Rate or result', cell: (row) => <Outcome row={row} serviceName={serviceName} /> },
  ];
  if (editable) columns.push({ header: 'Actions', cell: (row) => <RowActions actions={actions(row)} rowName={`row ${row.row}`} />, sticky: true, sx: { width: 96 } });
  return (
    <DataTable
      label="Rows of the batch"
      columns={columns}
      rows={rows}
      rowKey={(row) => row.row}
      card={(row) => (
        <Paper variant="outlined" sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 1, borderColor: row.errors.length > 0 ? 'error.main' : undefined }}>
          <Typography variant="subtitle2" component="h3">
            Row {row.row}
          </Typography>
          <Outcome row={row} serviceName={serviceName} />
          <Box>
            <Recipient row={row} />
          </Box>
          <Box>
            <Parcel row={row} />
            <Details row={row} />
          </Box>
          {editable && <RowActions actions={actions(row)} rowName={`row ${row.row}`} layout="row" />}
        </Paper>
      )}
      empty="No rows left in this batch."
      loading={false}
      minWidth={820}
      compact
      cardsBelow="md"
    />
  );
}
