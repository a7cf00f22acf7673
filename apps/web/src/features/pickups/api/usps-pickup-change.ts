import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request, type CallInput } from '../../../lib/http';
import { getUserPickupsQueryOptions } from './get-user-pickups';
import { getUspsPickupInquiryQueryOptions } from './usps-pickup-inquiry';

/**
 * POST /openapi/USPS/CarrierPickupChange (ours): moves a scheduled USPS pickup to another day of
 * its window, or changes its package location or instructions. code 0 changed; -1 with the reason.
 */
export const uspsPickupChange = (input: CallInput<'uspsPickupChangeCall'>) => request('uspsPickupChangeCall', input);

export function useUspsPickupChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uspsPickupChange,
    meta: { handlesServiceFailure: true },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getUspsPickupInquiryQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: getUserPickupsQueryOptions().queryKey }),
      ]),
  });
}
