// Registration calls say nothing on a network failure (spec 02 §8): the screens show empty lists.
import { usableHubs } from '@airbox/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';

/**
 * GET getLockerInfoByMode: the hubs a registrant may choose as default, incomplete ones dropped;
 * with the ZIP code entered at step 1, nearest first with their distance (issue 11; a server that
 * follows the spec alone answers its own order and no distance).
 */
export async function getHubs(zipCode?: string) {
  const answer = await request('getLockerInfoByModeCall', zipCode ? { zip_code: zipCode } : {});
  return usableHubs(answer.locker_info);
}

export const getHubsQueryOptions = (zipCode?: string) =>
  queryOptions({
    queryKey: ['registration', 'hubs', zipCode ?? ''],
    queryFn: () => getHubs(zipCode),
    staleTime: 5 * 60_000,
    meta: { handlesServiceFailure: true },
  });

export const useHubs = (zipCode?: string) => useQuery(getHubsQueryOptions(zipCode));
