import type SvgIcon from '@mui/material/SvgIcon';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * The page a payment ends on: a large icon, then the outcome announced (`role`: status, or alert
 * for a refusal) with its heading first and what else it says, then what the customer can do.
 */
export function PaymentOutcome({
  icon: Icon,
  iconColor,
  maxWidth,
  role,
  heading,
  children,
  actions,
}: {
  icon: typeof SvgIcon;
  iconColor: 'success' | 'warning' | 'error' | 'info';
  maxWidth: number;
  role: 'status' | 'alert';
  heading: string;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 6 }, textAlign: 'center', maxWidth, mx: 'auto' }}>
      <Icon color={iconColor} sx={{ fontSize: 80 }} aria-hidden />
      <div role={role}>
        <Typography variant="h2" component="p" sx={{ mt: 2, fontSize: '1.75rem' }}>
          {heading}
        </Typography>
        {children}
      </div>
      {actions}
    </Paper>
  );
}
