import { formatHubDateTime, stateTimeZone } from '@airbox/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { request } from './http';
import { readSession } from './session';

/** POST getUserByUser_id: the signed-in user's record. Shared: the dashboard and the account screens read it; a profile change invalidates it. */
export const getUser = (userId: number) => request('getUserByUserIdCall', { user_id: userId });

export const getUserQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ['user', userId],
    queryFn: () => getUser(userId),
    // A failure is told as 'Something Wrong' by the screen, not as a service exception.
    meta: { handlesServiceFailure: true },
  });

export const useUser = (userId: number) => useQuery(getUserQueryOptions(userId));

/**
 * The time zone every date is shown in (issue 11): the customer's hub's, from the state of their
 * default locker in their record (read once and shared); the service's own Pacific time until it
 * is known or when nobody is signed in.
 */
export function useCustomerTimeZone(): string {
  const userId = readSession()?.userId ?? 0;
  const { data } = useQuery({ ...getUserQueryOptions(userId), enabled: userId > 0 });
  return stateTimeZone(data?.lockers[0]?.state);
}

/** formatHubDateTime in the customer's time zone: '11/23/2026 3:48 PM EST'. */
export function useFormatDateTime(): (value: string | number | Date | null | undefined) => string {
  const timeZone = useCustomerTimeZone();
  return useCallback((value) => formatHubDateTime(value, timeZone), [timeZone]);
}
