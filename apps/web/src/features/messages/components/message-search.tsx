import { PICKUP_STATUS_FILTERS, carrierDisplayName } from '@airbox/contract';
import FilterListOutlined from '@mui/icons-material/FilterListOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useId, useState } from 'react';
import type { MessageFilters } from '../api/get-messages';

export const NO_FILTERS: MessageFilters = { carrier: '', is_pickup: '', start_time: '', end_time: '' };

/**
 * The search panel of My Messages: carrier, pickup status and a date range. On a phone it folds
 * behind a Filters button (it filled the whole first screen), which counts the filters in use.
 */
export function MessageSearch({ carriers, onSearch }: { carriers: readonly string[]; onSearch: (filters: MessageFilters) => void }) {
  const [filters, setFilters] = useState<MessageFilters>(NO_FILTERS);
  const [applied, setApplied] = useState(0);
  const [unfolded, setUnfolded] = useState(false);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const formId = useId();
  const set = (change: Partial<MessageFilters>) => setFilters({ ...filters, ...change });
  /** One end of the date range, which cannot pass the other end. */
  const dateField = (field: 'start_time' | 'end_time', label: string, bound: { min?: string; max?: string }) => (
    <TextField
      type="date"
      label={label}
      value={filters[field]}
      onChange={(event) => set({ [field]: event.target.value })}
      size="small"
      slotProps={{ inputLabel: { shrink: true }, htmlInput: bound }}
    />
  );
  const search = (next: MessageFilters) => {
    setApplied(Object.values(next).filter((value) => value !== '').length);
    onSearch(next);
  };
  return (
    <>
      {phone && (
        <Button
          variant="outlined"
          color="secondary"
          startIcon={<FilterListOutlined />}
          aria-expanded={unfolded}
          aria-controls={formId}
          onClick={() => setUnfolded(!unfolded)}
          sx={{ mb: 2 }}
        >
          {applied > 0 ? `Filters (${applied})` : 'Filters'}
        </Button>
      )}
      <Box
        component="form"
        id={formId}
        hidden={phone && !unfolded}
        role="search"
        aria-label="Search messages"
        onSubmit={(event) => {
          event.preventDefault();
          search(filters);
        }}
        sx={{
          display: phone && !unfolded ? 'none' : 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, minmax(0, 1fr)) auto' },
          alignItems: 'start',
          mb: 3,
        }}
      >
        <TextField
          select
          label="Carrier"
          value={filters.carrier}
          onChange={(event) => set({ carrier: event.target.value })}
          size="small"
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">ALL</MenuItem>
          {carriers.map((carrier) => (
            <MenuItem key={carrier} value={carrier}>
              {carrierDisplayName(carrier)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Pickup Status"
          value={filters.is_pickup}
          onChange={(event) => set({ is_pickup: event.target.value as MessageFilters['is_pickup'] })}
          size="small"
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          {PICKUP_STATUS_FILTERS.map((status) => (
            <MenuItem key={status.value} value={status.value}>
              {status.label}
            </MenuItem>
          ))}
        </TextField>
        {dateField('start_time', 'From', { max: filters.end_time || undefined })}
        {dateField('end_time', 'To', { min: filters.start_time || undefined })}
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button type="submit" variant="contained" startIcon={<SearchOutlined />}>
            Search
          </Button>
          <Button
            color="secondary"
            onClick={() => {
              setFilters(NO_FILTERS);
              search(NO_FILTERS);
            }}
          >
            Reset
          </Button>
        </Box>
      </Box>
    </>
  );
}
