import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { getLabelBatchQueryOptions } from './get-label-batch';
import { getLabelBatchesQueryOptions } from './get-label-batches';

/** POST /app/v1/labelBatches/delete {id} (ours): a batch not paid deleted (its open payment cancelled). */
export const deleteLabelBatch = (id: number) => request('deleteLabelBatchCall', { id });

export function useDeleteLabelBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLabelBatch,
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: getLabelBatchQueryOptions(id).queryKey });
      void queryClient.invalidateQueries({ queryKey: getLabelBatchesQueryOptions().queryKey, exact: true });
    },
  });
}
