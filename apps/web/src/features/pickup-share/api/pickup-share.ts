import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';

/** GET /app/v1/pickupShare?token=…: the shared pickup's public page (no sign-in). */
export const getPublicPickupShare = (token: string) => request('getPublicPickupShareCall', { token });

export const usePublicPickupShare = (token: string) =>
  useQuery({
    ...queryOptions({ queryKey: ['pickup-share', token], queryFn: () => getPublicPickupShare(token), retry: false }),
    enabled: token !== '',
  });
