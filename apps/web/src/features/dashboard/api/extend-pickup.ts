import type { ExtendPickupRequest } from '@airbox/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { getUserQueryOptions } from '../../../lib/user';
import { allUnpickupsQueryKey } from '../../../lib/waiting-packages';
import { getActivityQueryOptions } from './get-activity';

/**
 * GET /app/v1/lockerPackages/extension?packageId=: what a day more costs (credits and dollars) and
 * the new free-until, before anything is charged (issue 22 item 2).
 */
export const getExtensionQuote = (packageId: number) => request('quotePickupExtensionCall', { packageId });

export const getExtensionQuoteQueryOptions = (packageId: number) =>
  queryOptions({
    queryKey: ['pickup-extension-quote', packageId],
    queryFn: () => getExtensionQuote(packageId),
    // Asked afresh each time the dialog opens: the balance and the clock move.
    staleTime: 0,
    retry: false,
  });

export const useExtensionQuote = (packageId: number, enabled: boolean) =>
  useQuery({ ...getExtensionQuoteQueryOptions(packageId), enabled, meta: { handlesServiceFailure: true } });

/** POST /app/v1/lockerPackages/extend (JSON): the day paid with credits (extended now) or PayPal (redirectURL). */
export const extendPickup = (body: ExtendPickupRequest) => request('extendPickupCall', body);

/**
 * Paying with credits changes the waiting packages (the new free-until), the balance and the
 * history: they are read again.
 */
export function useExtendPickup(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: extendPickup,
    meta: { handlesServiceFailure: true },
    onSuccess: async (answer, body) => {
      if (body.payWith !== 'credits') return;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: allUnpickupsQueryKey() }),
        queryClient.invalidateQueries({ queryKey: getUserQueryOptions(userId).queryKey }),
        // Every page of the history (the activity's key under ['operations', userId]).
        queryClient.invalidateQueries({ queryKey: getActivityQueryOptions(userId).queryKey.slice(0, 2) }),
        queryClient.invalidateQueries({ queryKey: getExtensionQuoteQueryOptions(Number(body.packageId)).queryKey }),
      ]);
      return answer;
    },
  });
}
