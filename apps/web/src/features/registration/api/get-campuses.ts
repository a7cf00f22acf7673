import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';

/** GET businessCampus/campus/list: every campus, with its address. */
export async function getCampuses() {
  const answer = await request('campusListCall', {});
  return answer.data;
}

export const getCampusesQueryOptions = () =>
  queryOptions({
    queryKey: ['registration', 'campuses'],
    queryFn: getCampuses,
    staleTime: 5 * 60_000,
    meta: { handlesServiceFailure: true },
  });

export const useCampuses = () => useQuery(getCampusesQueryOptions());
