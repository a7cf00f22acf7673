import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';

/**
 * POST getUserOperations, one row: whether the customer has any transaction yet (a delivery, a
 * pickup, a purchase). With no label either, the dashboard greets a first-time customer.
 */
export const getActivity = (userId: number) =>
  request('getUserOperationsCall', { user_id: userId, otype: 0, start: 0, num: 1, sort: 'op_timestamp', order: 'desc' });

export const getActivityQueryOptions = (userId: number) =>
  queryOptions({
    // Under ['operations', userId], so a purchase's refresh of the history refreshes this too.
    queryKey: ['operations', userId, 'activity'],
    queryFn: () => getActivity(userId),
  });

export const useActivity = (userId: number) => useQuery(getActivityQueryOptions(userId));
