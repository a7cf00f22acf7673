import { usableHubs, type HubOption } from '@airbox/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { getUserQueryOptions } from '../../../lib/user';

/**
 * The AirBox hubs a label may be dropped off at (issue 23 item 1): GET getLockerInfoByUser, the
 * hubs the customer may choose (their building's for roles 15 and 16, every public hub otherwise),
 * their own hub first.
 */
export async function getDropOffHubs(userId: number, ownHubId: string | null): Promise<HubOption[]> {
  const answer = await request('getLockerInfoByUserCall', { user_id: userId });
  const hubs = usableHubs(answer.locker_info);
  return [...hubs.filter((hub) => hub.id === ownHubId), ...hubs.filter((hub) => hub.id !== ownHubId)];
}

export const getDropOffHubsQueryOptions = (userId: number, ownHubId: string | null) =>
  queryOptions({
    queryKey: ['drop-off-hubs', userId, ownHubId],
    queryFn: () => getDropOffHubs(userId, ownHubId),
    staleTime: 5 * 60_000,
  });

/** The hubs, and the customer's own (their record's lockerUUID), once both are known. */
export function useDropOffHubs(userId: number) {
  const user = useQuery(getUserQueryOptions(userId));
  const ownHubId = user.data ? (user.data.users[0]?.lockerUUID ?? null) : undefined;
  const hubs = useQuery({ ...getDropOffHubsQueryOptions(userId, ownHubId ?? null), enabled: ownHubId !== undefined });
  return { hubs: hubs.data, ownHubId: ownHubId ?? null, isError: user.isError || hubs.isError };
}
