import type { BatchState, LabelBatch } from '@airbox/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { getLabelBatchesQueryOptions } from './get-label-batches';

/** How often a batch being rated or bought is read again for its progress. */
export const PROGRESS_POLL_MS = 1_500;

/** The states a job is working in: the batch is read again until it leaves them. */
export const WORKING_STATES: readonly BatchState[] = ['rating', 'buying'];

/** GET /app/v1/labelBatches/detail {id} (ours): one batch with every row, its progress and counts. */
export const getLabelBatch = (id: number) => request('getLabelBatchCall', { id });

export const getLabelBatchQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...getLabelBatchesQueryOptions().queryKey, 'detail', id],
    queryFn: async () => (await getLabelBatch(id)).data,
    // While the job rates or buys, the progress is read again (a reload finds it where it is: it is kept per row).
    refetchInterval: (query) => (query.state.data && WORKING_STATES.includes(query.state.data.state) ? PROGRESS_POLL_MS : false),
    refetchIntervalInBackground: false,
    // A batch changes by its jobs and its payment: read again whenever its page opens.
    staleTime: 0,
  });

export const useLabelBatch = (id: number | null) => useQuery({ ...getLabelBatchQueryOptions(id ?? 0), enabled: id !== null });

export type { LabelBatch };
