import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';

export interface PickupsPage {
  start: number;
  num: number;
}

/**
 * GET /app/v1/getUserPickups {start, num} (ours): a page of the signed-in customer's pickups, one
 * item a carrier visit (a USPS pickup for several labels is one, with its labels), upcoming first.
 */
export const getUserPickups = (page: PickupsPage) => request('getUserPickupsCall', page);

/** Without a page: the key of every page, for invalidation after a pickup is scheduled, changed or cancelled. */
export const getUserPickupsQueryOptions = (page?: PickupsPage) =>
  queryOptions({
    queryKey: page ? ['pickups', 'list', page] : ['pickups', 'list'],
    queryFn: () => getUserPickups(page ?? { start: 0, num: 10 }),
    placeholderData: keepPreviousData,
    // Pickups move on (booked, picked up, cancelled at USPS) without this screen: each opening asks again.
    staleTime: 0,
  });

export const useUserPickups = (page: PickupsPage) => useQuery(getUserPickupsQueryOptions(page));
