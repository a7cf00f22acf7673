import { REGISTRATION_TIMING, type Company } from '@airbox/contract';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type UIEvent } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { useCompanySearch, useUnitCompanies } from '../api/get-companies';

const { companySearchPageSize: PAGE_SIZE, companySearchDebounceMs: DEBOUNCE_MS } = REGISTRATION_TIMING;

/**
 * The searchable company list (spec 02 §4). Typing searches the property manager's companies by
 * name, or by AirBox ID when the text is 7 digits, 500 ms after the last keystroke, 10 at a time
 * and 10 more each time the list is scrolled to its bottom. With a unit chosen and nothing typed,
 * it lists that unit's companies. The form keeps `company_id`.
 */
export function CompanyPicker({
  bcmUserId,
  unitId,
  selected,
  onChoose,
}: {
  bcmUserId: number | null;
  unitId: number | null;
  selected: Company | null;
  onChoose: (company: Company | null) => void;
}) {
  const { control } = useFormContext();
  const [open, setOpen] = useState(false);
  const [searchText, setSearchText] = useState('');
  const [size, setSize] = useState<number>(PAGE_SIZE);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const byUnit = unitId !== null && searchText === '';
  const unitCompanies = useUnitCompanies(unitId);
  const search = useCompanySearch({ text: searchText, size, bcmUserId }, !byUnit && (open || searchText !== ''));
  const found = byUnit ? (unitCompanies.data ?? []) : (search.data?.list ?? []);
  const total = byUnit ? found.length : (search.data?.total ?? 0);
  const options = selected && !found.some((company) => company.company_id === selected.company_id) ? [selected, ...found] : found;
  const loading = byUnit ? unitCompanies.isFetching : search.isFetching;

  function typed(text: string) {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      setSearchText(text.trim());
      setSize(PAGE_SIZE);
    }, DEBOUNCE_MS);
  }

  function scrolled(event: UIEvent<HTMLElement>) {
    const list = event.currentTarget;
    const atBottom = list.scrollTop + list.clientHeight >= list.scrollHeight - 8;
    if (atBottom && !byUnit && !search.isFetching && found.length < total) setSize((current) => current + PAGE_SIZE);
  }

  return (
    <Controller
      name="company_id"
      control={control}
      render={({ field, fieldState }) => (
        <Autocomplete
          options={options}
          value={selected}
          onChange={(_event, company) => onChoose(company)}
          onBlur={field.onBlur}
          open={open}
          onOpen={() => setOpen(true)}
          onClose={() => setOpen(false)}
          onInputChange={(_event, text, reason) => {
            if (reason === 'input') typed(text);
            else if (reason === 'clear') typed('');
          }}
          filterOptions={(companies) => companies}
          loading={loading}
          getOptionLabel={(company) => company.company_name}
          isOptionEqualToValue={(option, value) => option.company_id === value.company_id}
          renderOption={({ key, ...props }, company) => (
            <Box component="li" key={key} {...props} sx={{ display: 'block !important' }}>
              <Typography sx={{ fontWeight: 500 }}>{company.company_name}</Typography>
              <Typography variant="body2" color="text.secondary">
                AirBox ID {company.airbox_id}
              </Typography>
            </Box>
          )}
          slotProps={{ listbox: { onScroll: scrolled } }}
          noOptionsText={searchText ? 'No company found' : 'Type a company name or AirBox ID'}
          loadingText="Searching…"
          renderInput={(params) => (
            <TextField
              {...params}
              inputRef={field.ref}
              name={field.name}
              label="Company"
              required
              placeholder="Company name or 7-digit AirBox ID"
              error={fieldState.error !== undefined}
              helperText={fieldState.error?.message ?? (selected ? `AirBox ID ${selected.airbox_id}` : 'Search by company name or AirBox ID')}
            />
          )}
        />
      )}
    />
  );
}
