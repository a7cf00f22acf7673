import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from './http';

/**
 * POST getUnPickupsById: how many packages wait in a locker for the user, and (this project's
 * server) each of them with its hub, pickup code, free period and credits due. Shared: the
 * dashboard lists them, and My Messages and the pickup-code page find a message's or a code's
 * waiting package in them to offer SHARE PICKUP (issue 22 item 1).
 */
export const getUnpickups = (uid: number) => request('getUnPickupsByIdCall', { uid });

/** The key every user's waiting packages share, so a share or a revoke refreshes them wherever they are shown. */
const WAITING_PACKAGES_KEY = 'unpickups';

export const getUnpickupsQueryOptions = (uid: number) =>
  queryOptions({
    queryKey: [WAITING_PACKAGES_KEY, uid],
    queryFn: () => getUnpickups(uid),
  });

/** The waiting packages of any user (the first part of getUnpickupsQueryOptions' key). */
export const allUnpickupsQueryKey = () => getUnpickupsQueryOptions(0).queryKey.slice(0, 1);

export const useUnpickups = (uid: number, options: { enabled?: boolean } = {}) => useQuery({ ...getUnpickupsQueryOptions(uid), ...options });

/**
 * On a public page (the pickup-code page), the waiting packages of the visitor if the session
 * says they are signed in: asked only with the session hints, and a 401 (the hints outlived the
 * session) leaves the visitor on the page with nothing offered. Under the same first key, so a
 * share or revoke reads them again.
 */
export function useViewerUnpickups(uid: number | null) {
  return useQuery({
    queryKey: [...getUnpickupsQueryOptions(uid ?? 0).queryKey, 'viewer'],
    queryFn: () => request('getUnPickupsByIdCall', { uid: uid ?? 0 }, { stayOnPage: true }),
    enabled: uid !== null,
    retry: false,
  });
}
