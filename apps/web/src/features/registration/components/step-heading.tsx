import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';

/**
 * The heading of a wizard step. It takes the focus when the step opens (after Next or Back), so
 * keyboard and screen-reader users continue from the new step's top.
 */
export function StepHeading({ children, focusOnMount = true }: { children: string; focusOnMount?: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) ref.current?.focus();
  }, [focusOnMount]);
  return (
    <Typography ref={ref} tabIndex={-1} variant="h2" component="h2" sx={{ fontSize: '1.25rem', fontWeight: 600, mb: 2, outline: 'none' }}>
      {children}
    </Typography>
  );
}
