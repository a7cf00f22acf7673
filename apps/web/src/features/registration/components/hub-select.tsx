import { hubAddress, type HubOption } from '@airbox/contract';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useFormContext } from 'react-hook-form';

/** '2.4 mi' (one decimal under 10 miles, whole miles beyond): how far a hub is from the registrant's ZIP code. */
export function formatMiles(miles: number): string {
  return `${miles < 10 ? miles.toFixed(1) : Math.round(miles).toLocaleString('en-US')} mi`;
}

/** The chosen hub under the field: its address, and its distance when known. */
const hubLine = (hub: HubOption) => (hub.distance_mi === null ? hubAddress(hub) : `${hubAddress(hub)} · ${formatMiles(hub.distance_mi)}`);

/**
 * A searchable list of delivery hubs showing each one's name and address, and its distance from
 * the registrant's ZIP code when the server gave it (the list then comes nearest first); the form
 * keeps its id.
 */
export function HubSelect({
  name,
  label,
  hubs,
  loading,
  disabled,
  helperText,
}: {
  name: string;
  label: string;
  hubs: readonly HubOption[];
  loading: boolean;
  disabled?: boolean;
  helperText?: string;
}) {
  const { control } = useFormContext();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => {
        const chosen = hubs.find((hub) => hub.id === field.value) ?? null;
        return (
        <Autocomplete
          options={hubs}
          value={chosen}
          onChange={(_event, hub) => field.onChange(hub?.id ?? '')}
          onBlur={field.onBlur}
          loading={loading}
          disabled={disabled}
          getOptionLabel={(hub) => hub.business_name}
          isOptionEqualToValue={(option, value) => option.id === value.id}
          filterOptions={(options, { inputValue }) => {
            const wanted = inputValue.trim().toLowerCase();
            return options.filter((hub) => `${hub.business_name} ${hubAddress(hub)}`.toLowerCase().includes(wanted));
          }}
          renderOption={({ key, ...props }, hub) => (
            <Box component="li" key={key} {...props} sx={{ display: 'block !important' }}>
              <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
                <Typography sx={{ fontWeight: 500, flex: 1, minWidth: 0 }}>{hub.business_name}</Typography>
                {hub.distance_mi !== null && (
                  <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                    {formatMiles(hub.distance_mi)}
                  </Typography>
                )}
              </Box>
              <Typography variant="body2" color="text.secondary">
                {hubAddress(hub)}
              </Typography>
            </Box>
          )}
          noOptionsText="No delivery hub found"
          renderInput={(params) => (
            <TextField
              {...params}
              inputRef={field.ref}
              name={field.name}
              label={label}
              required
              error={fieldState.error !== undefined}
              helperText={fieldState.error?.message ?? (chosen ? hubLine(chosen) : helperText)}
            />
          )}
        />
        );
      }}
    />
  );
}
