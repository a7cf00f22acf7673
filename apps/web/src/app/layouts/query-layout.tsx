import { MESSAGES } from '@airbox/contract';
import { QueryClientProvider, useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useContext } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { useAlert } from '../../components/alert/alert-context';
import { ProgressBar } from '../../components/layout/progress-bar';
import { createQueryClient } from '../../lib/query-client';
import { QueryClientHolderContext, provideAppQueryClient } from '../app-query-client';

function CallsProgressBar() {
  const calls = useIsFetching() + useIsMutating();
  // While the next screen loads, the root layout's bar is already shown.
  const navigating = useNavigation().state !== 'idle';
  return <ProgressBar busy={calls > 0 && !navigating} />;
}

/**
 * Around every screen but login (lazy, so TanStack Query stays off the first page): the app's
 * query client, which reports a call that fails without a usable answer with 'Oops... Service
 * exception', and the progress bar while calls run.
 */
export function QueryLayout() {
  const holder = useContext(QueryClientHolderContext);
  const alert = useAlert();
  if (!holder) throw new Error('QueryLayout must be inside AppProvider');
  // The app's one client: made here, or by a router's loader that started its calls first (app-query-client.ts).
  holder.current ??= provideAppQueryClient(createQueryClient, () => void alert.show({ icon: 'error', title: MESSAGES.oopsTitle, text: MESSAGES.serviceException }));
  return (
    <QueryClientProvider client={holder.current}>
      <CallsProgressBar />
      <Outlet />
    </QueryClientProvider>
  );
}
