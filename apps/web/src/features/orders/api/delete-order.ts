import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { getOrdersQueryOptions } from './get-orders';

/** POST /openapi/easyPost/deleteOrderForLater (JSON) {id}: code 0 deleted; -1 no such order of the user. */
export const deleteOrder = (id: number) => request('deleteOrderForLaterCall', { id });

export function useDeleteOrder(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: getOrdersQueryOptions(userId).queryKey }),
  });
}
