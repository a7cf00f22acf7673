import { REGISTRATION_TIMING } from '@airbox/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';

/** GET businessCampus/unit/list: a building's units, in one page of 500. */
export async function getUnits(buildingId: number) {
  const answer = await request('unitListCall', { building_id: buildingId, size: REGISTRATION_TIMING.fullListSize });
  return answer.data.list;
}

export const getUnitsQueryOptions = (buildingId: number) =>
  queryOptions({
    queryKey: ['registration', 'units', buildingId],
    queryFn: () => getUnits(buildingId),
    meta: { handlesServiceFailure: true },
  });

export const useUnits = (buildingId: number | null) =>
  useQuery({ ...getUnitsQueryOptions(buildingId ?? 0), enabled: buildingId !== null });
