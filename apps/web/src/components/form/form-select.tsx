import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller, useFormContext } from 'react-hook-form';

export interface SelectOption {
  value: string | number;
  label: string;
}

/**
 * A drop-down list bound to the form by name. `onSelect` replaces the plain change when choosing
 * has consequences (clearing dependent fields, loading a list).
 */
export function FormSelect({
  name,
  label,
  options,
  required,
  disabled,
  helperText,
  autoComplete,
  emptyLabel,
  wrapOptions,
  onSelect,
}: {
  name: string;
  label: string;
  options: readonly SelectOption[];
  required?: boolean;
  disabled?: boolean;
  helperText?: string;
  autoComplete?: string;
  /** A first choice of none ('(none)'), kept as '' and shown in the field when chosen. */
  emptyLabel?: string;
  /** Long options (a hub's name and address) wrap in the menu instead of widening it. */
  wrapOptions?: boolean;
  onSelect?: (value: string | number) => void;
}) {
  const { control } = useFormContext();
  const choices = emptyLabel === undefined ? options : [{ value: '', label: emptyLabel }, ...options];
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => {
        // The field holds a number for ids; the list's values are compared as text.
        const value = choices.some((option) => String(option.value) === String(field.value)) ? String(field.value) : '';
        return (
          <TextField
            select
            name={field.name}
            inputRef={field.ref}
            value={value}
            onChange={(event) => {
              const chosen = choices.find((option) => String(option.value) === event.target.value);
              if (!chosen) return;
              if (onSelect) onSelect(chosen.value);
              else field.onChange(chosen.value);
            }}
            onBlur={field.onBlur}
            label={label}
            required={required}
            disabled={disabled}
            autoComplete={autoComplete}
            fullWidth
            error={fieldState.error !== undefined}
            helperText={fieldState.error?.message ?? helperText}
            slotProps={emptyLabel === undefined ? undefined : { select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            {choices.map((option) => (
              <MenuItem key={option.value} value={String(option.value)} sx={wrapOptions ? { whiteSpace: 'normal' } : undefined}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
        );
      }}
    />
  );
}
