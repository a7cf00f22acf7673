import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';

/** GET /openapi/easyPost/getOrderForLater {userId}: the user's orders in progress, newest first (data[]). */
export const getOrders = (userId: number) => request('getOrderForLaterCall', { userId });

export const getOrdersQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ['orders-in-progress', userId],
    queryFn: () => getOrders(userId),
  });

export const useOrders = (userId: number) => useQuery(getOrdersQueryOptions(userId));
