import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useWizardContext } from './use-wizard';

/**
 * The heading of a wizard step. It takes the focus when the step changes (after Next, Back or a
 * jump to an earlier step), so keyboard and screen-reader users continue from the new step's top;
 * the first step shown leaves the focus where the page put it.
 */
export function StepHeading({ children }: { children: string }) {
  const { step, moved } = useWizardContext();
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (moved) ref.current?.focus();
  }, [step, moved]);
  return (
    <Typography ref={ref} tabIndex={-1} variant="h2" component="h2" sx={{ fontSize: '1.25rem', fontWeight: 600, mb: 2, outline: 'none' }}>
      {children}
    </Typography>
  );
}
