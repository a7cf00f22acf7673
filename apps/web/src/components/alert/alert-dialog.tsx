import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import HelpOutline from '@mui/icons-material/HelpOutlineOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import WarningAmber from '@mui/icons-material/WarningAmber';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import type { AlertIcon, AlertOptions } from './alert-context';

const ICONS: Record<AlertIcon, { Icon: typeof InfoOutlined; color: 'success' | 'error' | 'warning' | 'info' | 'primary' }> = {
  success: { Icon: CheckCircleOutline, color: 'success' },
  error: { Icon: ErrorOutline, color: 'error' },
  warning: { Icon: WarningAmber, color: 'warning' },
  info: { Icon: InfoOutlined, color: 'info' },
  question: { Icon: HelpOutline, color: 'primary' },
};

interface AlertDialogProps {
  /** The alert to show; null while none is open. */
  alert: (AlertOptions & { id: number }) | null;
  onSettle: (confirmed: boolean) => void;
}

/** The sweet-alert-like dialog: icon, title, text and one or two buttons. Loaded with the first alert. */
export default function AlertDialog({ alert: current, onSettle }: AlertDialogProps) {
  // While it fades out after closing, the dialog keeps the last alert's title and text, so it is
  // never an empty, unnamed dialog (axe's aria-dialog-name); a new alert replaces it at once.
  const [last, setLast] = useState(current);
  if (current !== null && current !== last) setLast(current);
  const alert = current ?? last;
  // A closing question is no longer one: its role goes back to dialog as it fades.
  const asksQuestion = current?.cancelText !== undefined;
  const icon = alert?.icon ? ICONS[alert.icon] : null;
  const titleId = alert ? `alert-title-${alert.id}` : undefined;
  const textId = alert ? `alert-text-${alert.id}` : undefined;
  return (
    <Dialog
      open={current !== null}
      onClose={() => onSettle(false)}
      aria-labelledby={alert?.title ? titleId : textId}
      aria-describedby={alert?.title ? textId : undefined}
      maxWidth="xs"
      fullWidth
      role={asksQuestion ? 'alertdialog' : 'dialog'}
    >
      {alert && (
        <>
          {icon && <icon.Icon color={icon.color} aria-hidden sx={{ fontSize: 72, display: 'block', mx: 'auto', mt: 3 }} />}
          {alert.title && (
            <DialogTitle id={titleId} sx={{ textAlign: 'center', fontSize: '1.5rem', pb: 1 }}>
              {alert.title}
            </DialogTitle>
          )}
          <DialogContent sx={{ textAlign: 'center', pt: alert.title ? 0 : 3 }}>
            <DialogContentText id={textId} sx={{ color: 'text.primary', whiteSpace: 'pre-line' }}>
              {alert.text}
            </DialogContentText>
          </DialogContent>
          <DialogActions sx={{ justifyContent: 'center', gap: 1, pb: 3 }}>
            {asksQuestion && (
              <Button variant="outlined" color="secondary" onClick={() => onSettle(false)}>
                {alert.cancelText}
              </Button>
            )}
            <Button variant="contained" autoFocus onClick={() => onSettle(true)}>
              {alert.confirmText ?? 'OK'}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
