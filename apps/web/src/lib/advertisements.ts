import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from './http';

/** GET getAdvertisements: the dashboard shows the first one's content in a banner. */
export const getAdvertisements = () => request('getAdvertisementsCall', {});

export const getAdvertisementsQueryOptions = () =>
  queryOptions({
    queryKey: ['advertisements'],
    queryFn: getAdvertisements,
    staleTime: 5 * 60_000,
  });

export const useAdvertisements = () => useQuery(getAdvertisementsQueryOptions());
