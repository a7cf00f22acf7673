import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from './http';

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
