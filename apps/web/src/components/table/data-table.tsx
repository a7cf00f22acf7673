import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import type { Breakpoint, Theme } from '@mui/material/styles';
import type { SxProps } from '@mui/system';
import type { ReactNode } from 'react';
import { useNarrow } from '../layout/use-narrow';
import { SortChoice } from './sort-choice';
import { TableEmptyRow } from './table-empty-row';
import { TablePager, type TablePagerProps } from './table-pager';
import type { Column, TableSelection, TableSort } from './types';

interface DataTableProps<Row, Key extends string | number, SortField extends string> {
  /** Names the table, or the list of cards on a phone. */
  label: string;
  columns: readonly Column<Row, SortField>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  /** A row as a card on a phone, where the columns do not fit. */
  card: (row: Row) => ReactNode;
  /** Said when there is nothing to list (not while the first answer is awaited). */
  empty: string;
  loading: boolean;
  /** The table's least width; a narrower screen scrolls it sideways. */
  minWidth: number;
  /** Cards below this breakpoint (default `sm`, phones); a table of many columns may switch at `md`. */
  cardsBelow?: Breakpoint;
  /** Cells closer together: a table that must fit a laptop's screen without scrolling sideways. */
  compact?: boolean;
  sort?: TableSort<SortField>;
  selection?: TableSelection<Row, Key>;
  /** Absent for a short list shown whole. */
  pager?: TablePagerProps;
}

/**
 * A list of a signed-in screen: a table with sortable headers on a computer, cards on a phone,
 * optional row selection, the empty message and the pager underneath.
 */
export function DataTable<Row, Key extends string | number, SortField extends string = never>(props: DataTableProps<Row, Key, SortField>) {
  const narrow = useNarrow(props.cardsBelow);
  return (
    <>
      {narrow ? <CardList {...props} /> : <WideTable {...props} />}
      {props.pager && <TablePager {...props.pager} />}
    </>
  );
}

/**
 * A column that stays in sight at the right edge while a wide table scrolls sideways (a row's
 * actions), on the row's own background.
 */
const STICKY_RIGHT: SxProps<Theme> = {
  position: 'sticky',
  right: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  boxShadow: (theme) => `inset 1px 0 0 ${theme.palette.divider}`,
};

const cellSx = (sx: SxProps<Theme> | undefined) => (sx === undefined ? [] : Array.isArray(sx) ? sx : [sx]);

/** What the select-all checkbox shows for the rows on screen. */
function selectAll<Row, Key extends string | number>(rows: readonly Row[], rowKey: (row: Row) => Key, selection: TableSelection<Row, Key>) {
  const keys = rows.filter((row) => canSelect(selection, row)).map(rowKey);
  const chosen = keys.filter((key) => selection.selected.has(key)).length;
  return {
    checked: keys.length > 0 && chosen === keys.length,
    indeterminate: chosen > 0 && chosen < keys.length,
    disabled: keys.length === 0,
    // The rows on screen are chosen or let go; those chosen on other pages stay as they are.
    onChange: (checked: boolean) =>
      selection.onChange(new Set([...[...selection.selected].filter((key) => !keys.includes(key)), ...(checked ? keys : [])])),
    label: selection.allLabel,
  };
}

const canSelect = <Row, Key>(selection: TableSelection<Row, Key>, row: Row) => selection.selectable?.(row) ?? true;

function toggle<Key>(selected: ReadonlySet<Key>, key: Key): ReadonlySet<Key> {
  const next = new Set(selected);
  if (next.has(key)) next.delete(key);
  else next.add(key);
  return next;
}

function WideTable<Row, Key extends string | number, SortField extends string>({
  label,
  columns,
  rows,
  rowKey,
  empty,
  loading,
  minWidth,
  compact = false,
  sort,
  selection,
}: DataTableProps<Row, Key, SortField>) {
  const all = selection ? selectAll(rows, rowKey, selection) : null;
  // A compact table's boxes take less room: the table must fit a laptop's screen.
  const box = compact ? ({ size: 'small', sx: { p: 0.5 } } as const) : {};
  const boxCell = compact ? { px: 0.5, width: 36 } : {};
  return (
    <TableContainer sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={`${label} table`}>
      <Table
        aria-label={label}
        size="small"
        sx={{ minWidth, '& th': { fontWeight: 600, whiteSpace: 'nowrap' }, ...(compact ? { '& th, & td': { px: 1, py: 1, verticalAlign: 'top' } } : {}) }}
      >
        <TableHead>
          <TableRow>
            {all && (
              <TableCell padding="checkbox" sx={boxCell}>
                <Checkbox
                  {...box}
                  checked={all.checked}
                  indeterminate={all.indeterminate}
                  disabled={all.disabled}
                  onChange={(event) => all.onChange(event.target.checked)}
                  slotProps={{ input: { 'aria-label': all.label } }}
                />
              </TableCell>
            )}
            {columns.map((column) => {
              const field = column.sort;
              const active = field !== undefined && sort?.field === field;
              return (
                <TableCell
                  key={column.header}
                  align={column.align}
                  sortDirection={active ? sort.order : false}
                  sx={column.sticky ? STICKY_RIGHT : undefined}
                >
                  {field !== undefined && sort ? (
                    <TableSortLabel
                      active={active}
                      direction={active ? sort.order : 'desc'}
                      onClick={() => sort.onChange(field, active && sort.order === 'desc' ? 'asc' : 'desc')}
                    >
                      {column.header}
                    </TableSortLabel>
                  ) : (
                    column.header
                  )}
                </TableCell>
              );
            })}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => {
            const key = rowKey(row);
            return (
              <TableRow key={key} hover>
                {selection && (
                  // A chosen row is marked at its start, not tinted whole: a tint under the row's
                  // coloured buttons would take their text below the contrast it needs.
                  <TableCell padding="checkbox" sx={[boxCell, selection.selected.has(key) && { boxShadow: (theme) => `inset 3px 0 0 ${theme.palette.primary.main}` }]}>
                    {canSelect(selection, row) && (
                      <Checkbox
                        {...box}
                        checked={selection.selected.has(key)}
                        onChange={() => selection.onChange(toggle(selection.selected, key))}
                        slotProps={{ input: { 'aria-label': selection.rowLabel(row) } }}
                      />
                    )}
                  </TableCell>
                )}
                {columns.map((column) => (
                  <TableCell key={column.header} align={column.align} sx={column.sticky ? [STICKY_RIGHT, ...cellSx(column.sx)] : column.sx}>
                    {column.cell(row)}
                  </TableCell>
                ))}
              </TableRow>
            );
          })}
          {rows.length === 0 && !loading && <TableEmptyRow colSpan={columns.length + (selection ? 1 : 0)} message={empty} />}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function CardList<Row, Key extends string | number, SortField extends string>({
  label,
  columns,
  rows,
  rowKey,
  card,
  empty,
  loading,
  sort,
  selection,
}: DataTableProps<Row, Key, SortField>) {
  const all = selection ? selectAll(rows, rowKey, selection) : null;
  return (
    <>
      {sort && <SortChoice columns={columns} sort={sort} />}
      <Stack component="ul" spacing={1.5} aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {all && !all.disabled && (
          <Box component="li">
            <FormControlLabel
              control={
                <Checkbox checked={all.checked} indeterminate={all.indeterminate} onChange={(event) => all.onChange(event.target.checked)} />
              }
              label={all.label}
            />
          </Box>
        )}
        {rows.map((row) => {
          const key = rowKey(row);
          return (
            <Paper component="li" key={key} variant="outlined" sx={{ p: 1.5 }}>
              {selection && canSelect(selection, row) ? (
                <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
                  <Checkbox
                    checked={selection.selected.has(key)}
                    onChange={() => selection.onChange(toggle(selection.selected, key))}
                    slotProps={{ input: { 'aria-label': selection.rowLabel(row) } }}
                    sx={{ m: -0.5 }}
                  />
                  <Box sx={{ flex: 1, minWidth: 0 }}>{card(row)}</Box>
                </Box>
              ) : (
                card(row)
              )}
            </Paper>
          );
        })}
        {rows.length === 0 && !loading && (
          <Typography component="li" color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
            {empty}
          </Typography>
        )}
      </Stack>
    </>
  );
}
