import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { getUnpaidLabelsQueryOptions } from './get-unpaid-labels';

/** POST /app/v1/labelPurchase/deleteUnpaid (JSON) {id}: errorcode 0 deleted (its open payment cancelled); -1 refused, the message says why. */
export const deleteUnpaidLabel = (id: number) => request('deleteUnpaidLabelCall', { id });

export function useDeleteUnpaidLabel(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUnpaidLabel,
    onSettled: () => queryClient.invalidateQueries({ queryKey: getUnpaidLabelsQueryOptions(userId).queryKey }),
  });
}
