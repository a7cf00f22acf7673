import { LIMITS, SHIPMENT_CARRIER_FILTERS } from '@airbox/contract';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useNarrow } from '../../../components/layout/use-narrow';
import { SearchPanel } from '../../../components/table/search-panel';
import { NO_SHIPMENT_SEARCH, type ShipmentSearch } from '../api/get-shipments';

const TEXT_FIELDS: { field: Exclude<keyof ShipmentSearch, 'carrier'>; label: string; inputMode?: 'numeric' | 'tel' }[] = [
  { field: 'boxId', label: 'AirBox ID', inputMode: 'numeric' },
  { field: 'trackingNum', label: 'Tracking Number' },
  { field: 'orderNo', label: 'Order No' },
  { field: 'service', label: 'Service' },
  { field: 'mobile', label: 'Mobile', inputMode: 'tel' },
  { field: 'comments', label: 'Comments' },
];

/**
 * The Search Options panel of Purchased Labels (spec 03 §2): AirBox ID, tracking number, carrier
 * (USPS, FedEx, UPS; UPS is sent as UPSDAP), order number, service, mobile and comments, each at
 * most 255 characters. `search` is what the list shows now; the fields are searched on Search.
 */
export function SearchOptions({ search, onSearch }: { search: ShipmentSearch; onSearch: (search: ShipmentSearch) => void }) {
  const [values, setValues] = useState<ShipmentSearch>(search);
  const set = (change: Partial<ShipmentSearch>) => setValues({ ...values, ...change });
  const filtered = Object.values(search).some((value) => value !== '');
  // On a phone or tablet the panel starts closed, unless a remembered search is in force.
  const narrow = useNarrow('md');
  const textField = ({ field, label, inputMode }: (typeof TEXT_FIELDS)[number]) => (
    <TextField
      key={field}
      label={label}
      size="small"
      value={values[field]}
      onChange={(event) => set({ [field]: event.target.value })}
      slotProps={{ htmlInput: { maxLength: LIMITS.fieldMax, inputMode } }}
    />
  );
  return (
    <SearchPanel
      label="Search purchased labels"
      defaultExpanded={filtered || !narrow}
      onSearch={() => onSearch(values)}
      onReset={() => {
        setValues(NO_SHIPMENT_SEARCH);
        onSearch(NO_SHIPMENT_SEARCH);
      }}
    >
      {TEXT_FIELDS.slice(0, 2).map(textField)}
      <TextField
        select
        label="Carrier"
        size="small"
        value={values.carrier}
        onChange={(event) => set({ carrier: event.target.value })}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">ALL</MenuItem>
        {SHIPMENT_CARRIER_FILTERS.map((carrier) => (
          <MenuItem key={carrier.value} value={carrier.value}>
            {carrier.label}
          </MenuItem>
        ))}
      </TextField>
      {TEXT_FIELDS.slice(2).map(textField)}
    </SearchPanel>
  );
}
