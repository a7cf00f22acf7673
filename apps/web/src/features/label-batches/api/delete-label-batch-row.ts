import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { keepBatchAnswer } from './batch-answer';

/** POST /app/v1/labelBatches/row/delete (ours): a row taken out of a batch not paid (the others keep their numbers). */
export const deleteLabelBatchRow = (input: { batchId: number; row: number }) => request('deleteLabelBatchRowCall', input);

export function useDeleteLabelBatchRow() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteLabelBatchRow, onSuccess: ({ data }) => keepBatchAnswer(queryClient, data) });
}
