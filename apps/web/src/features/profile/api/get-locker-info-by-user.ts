import { usableHubs } from '@airbox/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';

/**
 * GET getLockerInfoByUser: the hubs the user may choose as default (the building's for roles 15
 * and 16, the public ones otherwise), without those lacking a name, city, state or zip.
 */
export async function getLockerInfoByUser(userId: number) {
  const answer = await request('getLockerInfoByUserCall', { user_id: userId });
  return usableHubs(answer.locker_info);
}

export const getLockerInfoByUserQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ['locker-info-by-user', userId],
    queryFn: () => getLockerInfoByUser(userId),
    staleTime: 5 * 60_000,
  });

export const useLockerInfoByUser = (userId: number) => useQuery(getLockerInfoByUserQueryOptions(userId));
