import type { Theme } from '@mui/material/styles';
import type { SxProps } from '@mui/system';
import type { ReactNode } from 'react';

export type SortOrder = 'asc' | 'desc';

export interface Column<Row, SortField extends string = never> {
  header: string;
  cell: (row: Row) => ReactNode;
  align?: 'right';
  /** The server's sort field behind this header; the header sorts when it has one. */
  sort?: SortField;
  /** The column's cell styles (width, wrapping, weight). */
  sx?: SxProps<Theme>;
  /** Stays at the right edge while the table scrolls sideways (the last column: a row's actions). */
  sticky?: boolean;
}

/** Sorting done by the server: the current field and order, and what a header click asks for. */
export interface TableSort<SortField extends string> {
  field: SortField;
  order: SortOrder;
  onChange: (field: SortField, order: SortOrder) => void;
}

/** Checkboxes on the rows and one that selects every row shown; the caller keeps the set. */
export interface TableSelection<Row, Key> {
  selected: ReadonlySet<Key>;
  onChange: (selected: ReadonlySet<Key>) => void;
  /** The select-all checkbox's name, e.g. 'Select every message on this page'. */
  allLabel: string;
  /** A row checkbox's name. */
  rowLabel: (row: Row) => string;
  /** Which rows can be chosen (every row when absent): the others have no checkbox. */
  selectable?: (row: Row) => boolean;
}
