import type { OPERATION_SORT_FIELDS } from '@airbox/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';

export interface OperationsPage {
  start: number;
  num: number;
  sort: (typeof OPERATION_SORT_FIELDS)[number];
  order: 'asc' | 'desc';
}

/** POST getUserOperations: a sorted page of the user's transactions (every type: otype 0). */
export const getOperations = (userId: number, page: OperationsPage) =>
  request('getUserOperationsCall', { user_id: userId, otype: 0, ...page });

export const getOperationsQueryOptions = (userId: number, page?: OperationsPage) =>
  queryOptions({
    queryKey: page ? ['operations', userId, page] : ['operations', userId],
    queryFn: () => getOperations(userId, page ?? { start: 0, num: 10, sort: 'op_timestamp', order: 'desc' }),
    placeholderData: keepPreviousData,
  });

export const useOperations = (userId: number, page: OperationsPage) => useQuery(getOperationsQueryOptions(userId, page));
