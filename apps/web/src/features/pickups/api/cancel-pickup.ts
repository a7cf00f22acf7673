import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request, type CallInput } from '../../../lib/http';
import { getPickupStatusQueryOptions } from './check-pickup-status';
import { getUserPickupsQueryOptions } from './get-user-pickups';
import { getUspsPickupInquiryQueryOptions } from './usps-pickup-inquiry';

/**
 * POST /app/v1/cancelPickup {shippingdetails_id, wholePickup} (ours): cancels a label's scheduled
 * pickup (USPS, or FedEx where the carrier allows it; a paid pickup is not refunded, as agreed);
 * of a USPS pickup for several labels, the label is taken off it unless wholePickup. errorcode 0
 * cancelled; -1 no such pickup; -2 the carrier refused, with its reason.
 */
export const cancelPickup = (input: CallInput<'cancelPickupCall'>) => request('cancelPickupCall', input);

export function useCancelPickup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelPickup,
    meta: { handlesServiceFailure: true },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getPickupStatusQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: getUspsPickupInquiryQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: getUserPickupsQueryOptions().queryKey }),
      ]),
  });
}
