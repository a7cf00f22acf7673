import { MutationCache, QueryCache, QueryClient, type DataTag, type QueryKey } from '@tanstack/react-query';
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

/**
 * Keeps a call's answer as a query's data: a change whose answer is the record it changed. A read
 * of that query still on its way is cancelled first: sent before the change, it would answer the
 * record as it was after the change's answer and replace it (seen on a busy machine: a batch rated
 * while its page was still reading it showed RATE ALL again and no longer read its progress).
 */
export async function keepAnswer<T>(queryClient: QueryClient, queryKey: DataTag<QueryKey, T, ApiError | Error>, answer: NoInfer<T>): Promise<void> {
  await queryClient.cancelQueries({ queryKey, exact: true });
  queryClient.setQueryData(queryKey, answer);
}
