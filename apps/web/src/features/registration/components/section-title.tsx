import Typography from '@mui/material/Typography';

/** A small heading that groups the fields of a step. */
export function SectionTitle({ children }: { children: string }) {
  return (
    <Typography variant="h3" component="h3" sx={{ fontSize: '0.95rem', fontWeight: 600, color: 'text.secondary', mt: 1, gridColumn: '1 / -1' }}>
      {children}
    </Typography>
  );
}
