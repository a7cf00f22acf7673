// Registration calls say nothing on a network failure (spec 02 §8): the screens show empty lists.
import { usableHubs } from '@airbox/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';

/** GET getLockerInfoByMode: the hubs a registrant may choose as default, incomplete ones dropped. */
export async function getHubs() {
  const answer = await request('getLockerInfoByModeCall', {});
  return usableHubs(answer.locker_info);
}

export const getHubsQueryOptions = () =>
  queryOptions({
    queryKey: ['registration', 'hubs'],
    queryFn: getHubs,
    staleTime: 5 * 60_000,
    meta: { handlesServiceFailure: true },
  });

export const useHubs = () => useQuery(getHubsQueryOptions());
