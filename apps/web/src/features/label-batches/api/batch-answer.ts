import type { LabelBatch } from '@airbox/contract';
import type { QueryClient } from '@tanstack/react-query';
import { keepAnswer } from '../../../lib/query-client';
import { getLabelBatchQueryOptions } from './get-label-batch';
import { getLabelBatchesQueryOptions } from './get-label-batches';

/** A call that answers the whole batch: the answer is kept as the batch's, and the list (its summary) is read again. */
export async function keepBatchAnswer(queryClient: QueryClient, batch: LabelBatch): Promise<void> {
  await keepAnswer(queryClient, getLabelBatchQueryOptions(batch.id).queryKey, batch);
  void queryClient.invalidateQueries({ queryKey: getLabelBatchesQueryOptions().queryKey, exact: true });
}
