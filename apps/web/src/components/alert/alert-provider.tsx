import { NOTIFICATION_AUTO_CLOSE_MS } from '@airbox/contract';
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
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { AlertContext, type AlertApi, type AlertIcon, type AlertOptions } from './alert-context';

const ICONS: Record<AlertIcon, { Icon: typeof InfoOutlined; color: 'success' | 'error' | 'warning' | 'info' | 'primary' }> = {
  success: { Icon: CheckCircleOutline, color: 'success' },
  error: { Icon: ErrorOutline, color: 'error' },
  warning: { Icon: WarningAmber, color: 'warning' },
  info: { Icon: InfoOutlined, color: 'info' },
  question: { Icon: HelpOutline, color: 'primary' },
};

interface OpenAlert extends AlertOptions {
  id: number;
  resolve: (confirmed: boolean) => void;
}

/**
 * The app's one alert, in the manner of sweet-alert: an icon, a title, a text and buttons.
 * Plain notices close by themselves after NOTIFICATION_AUTO_CLOSE_MS; questions wait for an answer.
 */
export function AlertProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<OpenAlert | null>(null);
  const currentRef = useRef<OpenAlert | null>(null);
  const nextId = useRef(1);

  const settle = useCallback((confirmed: boolean) => {
    const open = currentRef.current;
    if (!open) return;
    currentRef.current = null;
    setCurrent(null);
    open.resolve(confirmed);
  }, []);

  const api = useMemo<AlertApi>(
    () => ({
      show: (options) =>
        new Promise<boolean>((resolve) => {
          settle(false);
          const open = { ...options, id: nextId.current++, resolve };
          currentRef.current = open;
          setCurrent(open);
        }),
      close: () => settle(false),
    }),
    [settle],
  );

  const asksQuestion = current?.cancelText !== undefined;
  useEffect(() => {
    if (!current || asksQuestion) return;
    const timer = window.setTimeout(() => settle(false), NOTIFICATION_AUTO_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [current, asksQuestion, settle]);

  useEffect(() => () => settle(false), [settle]);

  const icon = current?.icon ? ICONS[current.icon] : null;
  const titleId = current ? `alert-title-${current.id}` : undefined;
  const textId = current ? `alert-text-${current.id}` : undefined;

  return (
    <AlertContext.Provider value={api}>
      {children}
      <Dialog
        open={current !== null}
        onClose={() => settle(false)}
        aria-labelledby={current?.title ? titleId : textId}
        aria-describedby={current?.title ? textId : undefined}
        maxWidth="xs"
        fullWidth
        role={asksQuestion ? 'alertdialog' : 'dialog'}
      >
        {current && (
          <>
            {icon && (
              <icon.Icon
                color={icon.color}
                aria-hidden
                sx={{ fontSize: 72, display: 'block', mx: 'auto', mt: 3 }}
              />
            )}
            {current.title && (
              <DialogTitle id={titleId} sx={{ textAlign: 'center', fontSize: '1.5rem', pb: 1 }}>
                {current.title}
              </DialogTitle>
            )}
            <DialogContent sx={{ textAlign: 'center', pt: current.title ? 0 : 3 }}>
              <DialogContentText id={textId} sx={{ color: 'text.primary', whiteSpace: 'pre-line' }}>
                {current.text}
              </DialogContentText>
            </DialogContent>
            <DialogActions sx={{ justifyContent: 'center', gap: 1, pb: 3 }}>
              {asksQuestion && (
                <Button variant="outlined" color="secondary" onClick={() => settle(false)}>
                  {current.cancelText}
                </Button>
              )}
              <Button variant="contained" autoFocus onClick={() => settle(true)}>
                {current.confirmText ?? 'OK'}
              </Button>
            </DialogActions>
          </>
        )}
      </Dialog>
    </AlertContext.Provider>
  );
}
