import { useEffect, useState, type ReactNode } from 'react';
import { AlertProvider } from '../components/alert/alert-provider';
import { ToastProvider } from '../components/toast/toast-provider';
import { QueryClientHolderContext, forgetAppQueryClient, type QueryClientHolder } from './app-query-client';
import { AppThemeProvider } from './theme-provider';

/**
 * Everything the screens need around them: theme, the alert, the toast, and the place of the
 * query client, which the routes' QueryLayout makes and provides.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClientHolder] = useState<QueryClientHolder>(() => ({}));
  useEffect(() => forgetAppQueryClient, []);
  return (
    <AppThemeProvider>
      <AlertProvider>
        <ToastProvider>
          <QueryClientHolderContext value={queryClientHolder}>{children}</QueryClientHolderContext>
        </ToastProvider>
      </AlertProvider>
    </AppThemeProvider>
  );
}
