import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './http';

declare module '@tanstack/react-query' {
  interface Register {
    defaultError: ApiError | Error;
    /** `handlesServiceFailure`: the screen shows its own message for a failed call. */
    queryMeta: { handlesServiceFailure?: boolean };
    mutationMeta: { handlesServiceFailure?: boolean };
  }
}

/**
 * The app's query client. A call that fails without a usable answer (network, 5xx) reports it
 * through `onServiceFailure` once, wherever it was made; other failures are the screen's to show.
 */
export function createQueryClient(onServiceFailure: () => void): QueryClient {
  const report = (error: unknown, meta: { handlesServiceFailure?: boolean } | undefined) => {
    // Anything but an ApiError (a chunk that failed to load, say) is a service failure too.
    const serviceFailure = !(error instanceof ApiError) || error.isServiceFailure;
    if (serviceFailure && !meta?.handlesServiceFailure) onServiceFailure();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => report(error, query.meta) }),
    mutationCache: new MutationCache({ onError: (error, _variables, _context, mutation) => report(error, mutation.meta) }),
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}

let appQueryClient: QueryClient | undefined;
let waiting: ((client: QueryClient) => void)[] = [];

/**
 * Makes the query client the app's providers hold known to code outside React: the router's
 * loaders start a screen's calls in it (app/routes/dashboard-data.ts). Called by the provider on
 * each render with the client it keeps; a later app (a test's) replaces an earlier one.
 */
export function registerAppQueryClient(client: QueryClient): void {
  if (appQueryClient === client) return;
  appQueryClient = client;
  const pending = waiting;
  waiting = [];
  // After the render that registers it: a fetch started here must not touch React mid-render.
  for (const run of pending) queueMicrotask(() => run(client));
}

/**
 * Runs `start` with the app's query client: at once, or as soon as the providers have made it (a
 * page opened on a signed-in screen runs the router's first loaders before React renders them).
 */
export function withAppQueryClient(start: (client: QueryClient) => void): void {
  if (appQueryClient) start(appQueryClient);
  else waiting.push(start);
}
