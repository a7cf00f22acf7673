import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request, type CallInput } from '../../../lib/http';
import { keepBatchAnswer } from './batch-answer';

/** POST /app/v1/labelBatches/rate (ours): every row verified and rated with one rule; 'rating' while the job asks the carriers. */
export const rateLabelBatch = (input: CallInput<'rateLabelBatchCall'>) => request('rateLabelBatchCall', input);

export function useRateLabelBatch() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: rateLabelBatch, onSuccess: ({ data }) => keepBatchAnswer(queryClient, data) });
}
