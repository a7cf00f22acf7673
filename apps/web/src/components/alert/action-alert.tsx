import Alert, { type AlertProps } from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';

/** A message announced at once (role alert) with the one thing to do about it beside it: 'Try again', 'Edit addresses'. */
export function ActionAlert({
  severity = 'error',
  action,
  onAction,
  children,
}: {
  severity?: AlertProps['severity'];
  /** The button's text. */
  action: string;
  onAction: () => void;
  children: ReactNode;
}) {
  return (
    <Alert
      severity={severity}
      role="alert"
      action={
        <Button color="inherit" onClick={onAction}>
          {action}
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
