import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';

/** GET getMemberships: the three plans with their prices. */
export const getMemberships = () => request('getMembershipsCall', {});

export const getMembershipsQueryOptions = () =>
  queryOptions({
    queryKey: ['memberships'],
    queryFn: getMemberships,
    staleTime: 5 * 60_000,
  });

export const useMemberships = () => useQuery(getMembershipsQueryOptions());
