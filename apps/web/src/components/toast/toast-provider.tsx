import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import Close from '@mui/icons-material/Close';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ToastContext, type ToastApi, type ToastSeverity } from './toast-context';
import { toastDuration } from './toast-duration';

/** The icon's colour on the toast: pale on the light page's dark toast, deep on the dark page's light one. */
const TOAST_ICON: Record<'light' | 'dark', Record<ToastSeverity, string>> = {
  light: { info: '#7dd3fc', success: '#86efac' },
  dark: { info: '#0369a1', success: '#15803d' },
};

interface OpenToast {
  id: number;
  text: string;
  severity: ToastSeverity;
}

/**
 * The app's toast. MUI's Snackbar was the library candidate, but it mounts its content only
 * while open, and a live region added together with its text is not reliably announced; so the
 * region (role=status, aria-live polite) is always in the page and the toast is drawn inside it.
 * It closes after toastDuration (the spec's 10.5 s for notices, 01 §9, longer for a text too long
 * to read in that time), or by its close button or Escape, and stays while the pointer or focus
 * is on it.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<OpenToast | null>(null);
  const [held, setHeld] = useState(false);
  const nextId = useRef(1);

  const api = useMemo<ToastApi>(
    () => ({ show: (text, severity = 'success') => setToast({ id: nextId.current++, text, severity }) }),
    [],
  );
  const close = useCallback(() => {
    setToast(null);
    setHeld(false);
  }, []);

  useEffect(() => {
    if (!toast || held) return;
    const timer = window.setTimeout(close, toastDuration(toast.text));
    return () => window.clearTimeout(timer);
  }, [toast, held, close]);

  const Icon = toast?.severity === 'info' ? InfoOutlined : CheckCircleOutline;
  return (
    <ToastContext.Provider value={api}>
      {children}
      {/* Only the text is in the live region, so the close button's name is not read with it. A line
          break in the text is kept (a heading line: registration's 'Check your email'). */}
      <Paper
        elevation={toast ? 6 : 0}
        onMouseEnter={() => setHeld(true)}
        onMouseLeave={() => setHeld(false)}
        onFocus={() => setHeld(true)}
        onBlur={() => setHeld(false)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') close();
        }}
        sx={{
          position: 'fixed',
          zIndex: 'snackbar',
          left: '50%',
          transform: 'translateX(-50%)',
          bottom: { xs: 16, sm: 24 },
          width: 'max-content',
          maxWidth: 'calc(100vw - 32px)',
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          pl: toast ? 2 : 0,
          pr: toast ? 0.5 : 0,
          py: toast ? 0.5 : 0,
          bgcolor: toast ? 'secondary.main' : 'transparent',
          color: 'secondary.contrastText',
          pointerEvents: toast ? 'auto' : 'none',
          '@keyframes toast-in': { from: { opacity: 0 }, to: { opacity: 1 } },
          animation: toast ? 'toast-in 150ms ease-out' : 'none',
          '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
          // The toast is the page's inverse (dark on a light page, light on a dark one): its ring is its text's colour.
          '& .Mui-focusVisible': { outlineColor: 'currentColor' },
        }}
      >
        <Box role="status" aria-live="polite" aria-atomic="true" sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          {toast && (
            <>
              <Icon aria-hidden sx={{ color: (theme) => TOAST_ICON[theme.palette.mode][toast.severity] }} />
              <Typography key={toast.id} sx={{ py: 1, whiteSpace: 'pre-line' }}>
                {toast.text}
              </Typography>
            </>
          )}
        </Box>
        {toast && (
          <IconButton aria-label="Close" size="small" onClick={close} sx={{ color: 'inherit' }}>
            <Close fontSize="small" />
          </IconButton>
        )}
      </Paper>
    </ToastContext.Provider>
  );
}
