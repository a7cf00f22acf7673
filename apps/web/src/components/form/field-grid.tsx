import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** Two columns of fields from a small tablet up, one on a phone; a long value never widens a column. */
export function FieldGrid({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, alignItems: 'start', gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}>
      {children}
    </Box>
  );
}

/** A field that spans both columns. */
export function Wide({ children }: { children: ReactNode }) {
  return <Box sx={{ gridColumn: '1 / -1' }}>{children}</Box>;
}
