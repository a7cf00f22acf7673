import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';

/** GET /app/v1/labelPurchase/unpaid: the customer's unpaid labels (sent to payment, not paid), newest first (data[]). */
export const getUnpaidLabels = () => request('getUnpaidLabelsCall', {});

export const getUnpaidLabelsQueryOptions = (userId: number) =>
  queryOptions({
    // The session says whose they are; the key keeps one customer's apart from the next's.
    queryKey: ['unpaid-labels', userId],
    queryFn: getUnpaidLabels,
  });

export const useUnpaidLabels = (userId: number) => useQuery(getUnpaidLabelsQueryOptions(userId));
