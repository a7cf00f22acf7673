import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';

/** GET getPublicTracking: a label's tracking for its recipient, by the token of their link (no sign-in). */
export const getTracking = (token: string) => request('getPublicTrackingCall', { token });

export const getTrackingQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['public-tracking', token],
    queryFn: () => getTracking(token),
    // A link that leads nowhere stays so: asking again would only spend the throttle.
    retry: false,
  });

export const useTracking = (token: string) => useQuery({ ...getTrackingQueryOptions(token), enabled: token !== '' });
