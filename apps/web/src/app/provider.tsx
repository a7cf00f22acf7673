import { MESSAGES } from '@airbox/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useAlert } from '../components/alert/alert-context';
import { AlertProvider } from '../components/alert/alert-provider';
import { ToastProvider } from '../components/toast/toast-provider';
import { createQueryClient, registerAppQueryClient } from '../lib/query-client';
import { AppThemeProvider } from './theme-provider';

function QueryProvider({ children }: { children: ReactNode }) {
  const alert = useAlert();
  const [queryClient] = useState(() =>
    createQueryClient(() => void alert.show({ icon: 'error', title: MESSAGES.oopsTitle, text: MESSAGES.serviceException })),
  );
  // The client kept (StrictMode makes a second one and drops it): the router's loaders use it too.
  registerAppQueryClient(queryClient);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/** Everything the screens need around them: theme, the alert, the toast, the query client. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <AppThemeProvider>
      <AlertProvider>
        <ToastProvider>
          <QueryProvider>{children}</QueryProvider>
        </ToastProvider>
      </AlertProvider>
    </AppThemeProvider>
  );
}
