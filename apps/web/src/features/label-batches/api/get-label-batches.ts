import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';

/** GET /app/v1/labelBatches (ours, issue 25 item 1): the customer's batches, newest first, without their rows. */
export const getLabelBatches = () => request('getLabelBatchesCall', {});

/** Its key is the prefix of every batch's key too, so a change to one batch reloads the list. */
export const getLabelBatchesQueryOptions = () =>
  queryOptions({
    queryKey: ['label-batches'],
    queryFn: getLabelBatches,
    // Read again each time the list shows: a batch's job moves it on while its own page is open.
    staleTime: 0,
  });

export const useLabelBatches = () => useQuery(getLabelBatchesQueryOptions());
