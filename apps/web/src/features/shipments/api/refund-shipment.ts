import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { getShipmentsQueryOptions } from './get-shipments';

/** POST /openapi/easyPost/refund {id: shippingIndexID}: code 0 asked (refund_status submitted); -1 refused with the reason. */
export const refundShipment = (shippingIndexID: number) => request('refundCall', { id: shippingIndexID });

export function useRefundShipment(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundShipment,
    // Asked or refused, the row may have changed: the list reloads.
    onSettled: () => queryClient.invalidateQueries({ queryKey: getShipmentsQueryOptions(userId).queryKey }),
  });
}
