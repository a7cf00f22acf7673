import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';

/** GET /openapi/easyPost/getOrderForLater {userId, id}: the order in progress to continue (data is empty when it is not the customer's). */
export const getOrderForLater = (userId: number, id: number) => request('getOrderForLaterCall', { userId, id });

export const getOrderForLaterQueryOptions = (userId: number, id: number) =>
  queryOptions({
    queryKey: ['label-purchase', 'order-for-later', userId, id],
    // Continuing shows the order as it is now, not as an earlier visit read it.
    queryFn: () => getOrderForLater(userId, id),
    staleTime: 0,
  });

export const useOrderForLater = (userId: number, id: number | undefined) =>
  useQuery({ ...getOrderForLaterQueryOptions(userId, id ?? 0), enabled: id !== undefined });
