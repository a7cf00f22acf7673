import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** Two columns of fields from a small tablet up, one on a phone. */
export function FieldGrid({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, alignItems: 'start' }}>{children}</Box>
  );
}

/** A field that spans both columns. */
export function Wide({ children }: { children: ReactNode }) {
  return <Box sx={{ gridColumn: '1 / -1' }}>{children}</Box>;
}
