import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { Column, TableSort } from './types';

/** On a phone, where there are no headers to click: the sort field to choose and the order to flip. */
export function SortChoice<Row, SortField extends string>({
  columns,
  sort,
}: {
  columns: readonly Column<Row, SortField>[];
  sort: TableSort<SortField>;
}) {
  const fields = columns.flatMap((column) => (column.sort === undefined ? [] : [{ field: column.sort, header: column.header }]));
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 2 }}>
      <TextField
        select
        size="small"
        label="Sort by"
        value={sort.field}
        onChange={(event) => {
          const chosen = fields.find(({ field }) => field === event.target.value);
          if (chosen) sort.onChange(chosen.field, sort.order);
        }}
        sx={{ flex: 1 }}
      >
        {fields.map(({ field, header }) => (
          <MenuItem key={field} value={field}>
            {header}
          </MenuItem>
        ))}
      </TextField>
      <Button
        variant="outlined"
        color="secondary"
        onClick={() => sort.onChange(sort.field, sort.order === 'desc' ? 'asc' : 'desc')}
        startIcon={sort.order === 'desc' ? <ArrowDownward /> : <ArrowUpward />}
      >
        {sort.order === 'desc' ? 'Descending' : 'Ascending'}
      </Button>
    </Box>
  );
}
