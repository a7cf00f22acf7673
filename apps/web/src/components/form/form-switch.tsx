import Box from '@mui/material/Box';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useId, type InputHTMLAttributes, type RefCallback } from 'react';
import { Controller, useFormContext } from 'react-hook-form';

/** An on/off setting bound to the form, with a line of explanation (e.g. consent wording). */
export function FormSwitch({ name, label, description }: { name: string; label: string; description?: string }) {
  const { control } = useFormContext();
  const id = useId();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
          <Switch
            id={id}
            name={field.name}
            checked={field.value === true}
            onChange={(event) => field.onChange(event.target.checked)}
            onBlur={field.onBlur}
            slotProps={{ input: { ref: field.ref, 'aria-describedby': description ? `${id}-description` : undefined } as InputHTMLAttributes<HTMLInputElement> & { ref: RefCallback<HTMLInputElement> } }}
          />
          <Box sx={{ pt: 0.75 }}>
            <Typography component="label" htmlFor={id} sx={{ fontWeight: 500, cursor: 'pointer' }}>
              {label}
            </Typography>
            {description && (
              <Typography id={`${id}-description`} variant="body2" color="text.secondary">
                {description}
              </Typography>
            )}
          </Box>
        </Box>
      )}
    />
  );
}
