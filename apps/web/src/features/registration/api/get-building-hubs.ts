import { usableHubs } from '@airbox/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';

/** GET getLockerInfoByBuilding: the hubs of one building, incomplete ones dropped. */
export async function getBuildingHubs(buildingId: number) {
  const answer = await request('getLockerInfoByBuildingCall', { business_building_id: buildingId });
  return usableHubs(answer.locker_info);
}

export const getBuildingHubsQueryOptions = (buildingId: number) =>
  queryOptions({
    queryKey: ['registration', 'building-hubs', buildingId],
    queryFn: () => getBuildingHubs(buildingId),
    meta: { handlesServiceFailure: true },
  });

export const useBuildingHubs = (buildingId: number | null) =>
  useQuery({ ...getBuildingHubsQueryOptions(buildingId ?? 0), enabled: buildingId !== null });
