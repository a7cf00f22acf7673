import { NOTIFICATION_AUTO_CLOSE_MS } from '@airbox/contract';
import { Suspense, lazy, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { AlertContext, type AlertApi, type AlertOptions } from './alert-context';

// The dialog and its modal machinery load with the first alert, not with the first page.
const AlertDialog = lazy(() => import('./alert-dialog'));

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
  const [used, setUsed] = useState(false);
  const currentRef = useRef<OpenAlert | null>(null);
  const nextId = useRef(1);

  const settle = useCallback((confirmed: boolean) => {
    const open = currentRef.current;
    if (!open) return;
    currentRef.current = null;
    setCurrent(null);
    open.resolve(confirmed);
  }, []);

  const api = useMemo<AlertApi>(() => {
    const show = (options: AlertOptions) =>
      new Promise<boolean>((resolve) => {
        settle(false);
        const open = { ...options, id: nextId.current++, resolve };
        currentRef.current = open;
        setCurrent(open);
        setUsed(true);
      });
    return {
      show,
      confirm: (options) => show({ ...options, confirmText: 'CONFIRM', cancelText: 'CANCEL' }),
      retry: (options) => show({ ...options, icon: 'error', confirmText: 'TRY AGAIN', cancelText: 'CLOSE' }),
      close: () => settle(false),
    };
  }, [settle]);

  const asksQuestion = current?.cancelText !== undefined;
  useEffect(() => {
    if (!current || asksQuestion) return;
    const timer = window.setTimeout(() => settle(false), NOTIFICATION_AUTO_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [current, asksQuestion, settle]);

  useEffect(() => () => settle(false), [settle]);

  return (
    <AlertContext.Provider value={api}>
      {children}
      {used && (
        <Suspense fallback={null}>
          <AlertDialog alert={current} onSettle={settle} />
        </Suspense>
      )}
    </AlertContext.Provider>
  );
}
