import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';

/** POST getUserByUser_id: the signed-in user's record. */
export const getUser = (userId: number) => request('getUserByUserIdCall', { user_id: userId });

export const getUserQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ['user', userId],
    queryFn: () => getUser(userId),
    // A failure is told as 'Something Wrong' by the screen, not as a service exception.
    meta: { handlesServiceFailure: true },
  });

export const useUser = (userId: number) => useQuery(getUserQueryOptions(userId));
