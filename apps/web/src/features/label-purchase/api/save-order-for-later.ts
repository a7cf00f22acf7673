import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request, type CallInput } from '../../../lib/http';

/** POST /openapi/easyPost/saveOrderForLater (JSON): keeps the page as an order in progress (id: that order). */
export const saveOrderForLater = (input: CallInput<'saveOrderForLaterCall'>) => request('saveOrderForLaterCall', input);

export function useSaveOrderForLater() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveOrderForLater,
    meta: { handlesServiceFailure: true },
    // Orders In Progress, which the page goes to next, belongs to another feature whose keys this
    // one cannot name: everything read so far is marked stale, so it lists the saved order.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
