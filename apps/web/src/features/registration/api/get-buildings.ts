import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';

/** GET businessCampus/building/list: a campus's buildings. */
export async function getBuildings(campusId: number) {
  const answer = await request('buildingListCall', { bc_id: campusId });
  return answer.data;
}

export const getBuildingsQueryOptions = (campusId: number) =>
  queryOptions({
    queryKey: ['registration', 'buildings', campusId],
    queryFn: () => getBuildings(campusId),
    meta: { handlesServiceFailure: true },
  });

export const useBuildings = (campusId: number | null) =>
  useQuery({ ...getBuildingsQueryOptions(campusId ?? 0), enabled: campusId !== null });
