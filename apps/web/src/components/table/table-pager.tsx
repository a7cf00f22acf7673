import TablePagination from '@mui/material/TablePagination';

export interface TablePagerProps {
  count: number;
  page: number;
  rowsPerPage: number;
  rowsPerPageOptions: readonly number[];
  onPageChange: (page: number) => void;
  onRowsPerPageChange: (rowsPerPage: number) => void;
}

/** A page of a list the server pages by offset: the first row's index and how many rows. */
export interface OffsetPage {
  start: number;
  num: number;
}

/**
 * The pager of a list paged by offset (`start`, `num`): a page change moves the offset, a page
 * size change goes back to the first row. `onChange` gets the new offset and size.
 */
export function offsetPager(
  paging: OffsetPage,
  count: number,
  rowsPerPageOptions: readonly number[],
  onChange: (next: OffsetPage) => void,
): TablePagerProps {
  return {
    count,
    page: Math.floor(paging.start / paging.num),
    rowsPerPage: paging.num,
    rowsPerPageOptions,
    onPageChange: (next) => onChange({ start: next * paging.num, num: paging.num }),
    onRowsPerPageChange: (num) => onChange({ start: 0, num }),
  };
}

/**
 * The pager under a table: page sizes, the range shown and the arrows. Zero-based `page` as MUI
 * counts; wraps on a narrow screen instead of pushing the arrows out of sight.
 */
export function TablePager({ count, page, rowsPerPage, rowsPerPageOptions, onPageChange, onRowsPerPageChange }: TablePagerProps) {
  return (
    <TablePagination
      component="div"
      count={count}
      // MUI refuses a page past the end while a smaller count is arriving.
      page={count > 0 ? Math.min(page, Math.max(0, Math.ceil(count / rowsPerPage) - 1)) : 0}
      rowsPerPage={rowsPerPage}
      rowsPerPageOptions={[...rowsPerPageOptions]}
      onPageChange={(_event, next) => onPageChange(next)}
      onRowsPerPageChange={(event) => onRowsPerPageChange(Number(event.target.value))}
      sx={{
        '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', px: { xs: 0, sm: 2 }, rowGap: 0.5 },
        '& .MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } },
      }}
    />
  );
}
