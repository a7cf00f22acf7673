import { hubAddress, type HubOption } from '@airbox/contract';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller, useFormContext } from 'react-hook-form';

/** The default delivery hub, or '(none)' (an empty lockerUUID). */
export function HubChoice({ name, hubs, loading }: { name: string; hubs: readonly HubOption[]; loading: boolean }) {
  const { control } = useFormContext();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => {
        const value = hubs.some((hub) => hub.id === field.value) ? String(field.value) : '';
        return (
          <TextField
            select
            name={field.name}
            inputRef={field.ref}
            value={value}
            onChange={(event) => field.onChange(event.target.value)}
            onBlur={field.onBlur}
            label="Delivery hub"
            fullWidth
            disabled={loading}
            error={fieldState.error !== undefined}
            helperText={fieldState.error?.message ?? 'Where your parcels are delivered'}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">(none)</MenuItem>
            {hubs.map((hub) => (
              <MenuItem key={hub.id} value={hub.id} sx={{ whiteSpace: 'normal' }}>
                {hub.business_name} — {hubAddress(hub)}
              </MenuItem>
            ))}
          </TextField>
        );
      }}
    />
  );
}
