import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';

/** GET /app/v1/labelPurchase/unpaid {id}: the unpaid label to review and pay (data is empty when it is not the customer's, or no longer unpaid). */
export const getUnpaidLabel = (id: number) => request('getUnpaidLabelsCall', { id });

export const getUnpaidLabelQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['label-purchase', 'unpaid-label', id],
    // Reviewing shows the label as it is now (it may have been paid or deleted meanwhile).
    queryFn: () => getUnpaidLabel(id),
    staleTime: 0,
  });

export const useUnpaidLabel = (id: number | undefined) => useQuery({ ...getUnpaidLabelQueryOptions(id ?? 0), enabled: id !== undefined });
