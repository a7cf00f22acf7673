import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';

/**
 * POST getUnPickupsById: how many packages wait in a locker for the user, and (this project's
 * server) each of them with its hub, pickup code, free period and credits due.
 */
export const getUnpickups = (uid: number) => request('getUnPickupsByIdCall', { uid });

export const getUnpickupsQueryOptions = (uid: number) =>
  queryOptions({
    queryKey: ['unpickups', uid],
    queryFn: () => getUnpickups(uid),
  });

export const useUnpickups = (uid: number) => useQuery(getUnpickupsQueryOptions(uid));
