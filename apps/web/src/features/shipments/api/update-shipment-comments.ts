import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { getShipmentsQueryOptions } from './get-shipments';

/** POST updateShipmentDetail {comments, shipmentIndexID}: errorcode 1 saved; anything else is an ApiError (' Failure'). */
export const updateShipmentComments = ({ shippingIndexID, comments }: { shippingIndexID: number; comments: string }) =>
  request('updateShipmentDetailCall', { comments, shipmentIndexID: shippingIndexID });

export function useUpdateShipmentComments(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateShipmentComments,
    // The screen says ' Failure' for any failure (spec 03 §8).
    meta: { handlesServiceFailure: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getShipmentsQueryOptions(userId).queryKey }),
  });
}
