import type { BatchCells } from '@airbox/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { keepBatchAnswer } from './batch-answer';

/** POST /app/v1/labelBatches/row (ours): one row's cells, all of them, fixed in place; the batch answers checked again. */
export const updateLabelBatchRow = (input: { batchId: number; row: number; cells: BatchCells }) => request('updateLabelBatchRowCall', input);

export function useUpdateLabelBatchRow() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateLabelBatchRow, onSuccess: ({ data }) => keepBatchAnswer(queryClient, data) });
}
