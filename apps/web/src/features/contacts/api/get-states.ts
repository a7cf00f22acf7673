import { US_STATES } from '@airbox/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';

/** The state list call, loaded on opening My Contacts (spec 03 §7). */
export async function getStates() {
  const answer = await request('getStatesCall', {});
  return answer.data;
}

export const getStatesQueryOptions = () =>
  queryOptions({
    queryKey: ['states'],
    queryFn: getStates,
    staleTime: Infinity,
    // Until it answers (or if it fails) the contract's own list is offered.
    placeholderData: US_STATES.map((state) => ({ ...state })),
    meta: { handlesServiceFailure: true },
  });

export const useStates = () => useQuery(getStatesQueryOptions());
