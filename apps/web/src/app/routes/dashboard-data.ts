import { getActivityQueryOptions } from '../../features/dashboard/api/get-activity';
import { getRecentShipmentsQueryOptions } from '../../features/dashboard/api/get-recent-shipments';
import { getUnpickupsQueryOptions } from '../../lib/waiting-packages';
import { getAdvertisementsQueryOptions } from '../../lib/advertisements';
import { readSession } from '../../lib/session';
import { getUserQueryOptions } from '../../lib/user';
import { withAppQueryClient } from '../app-query-client';

/**
 * Starts the dashboard's calls in the app's query cache as the route is entered, alongside its
 * code rather than after it (the router's loader for the dashboard; it does not wait for them).
 * The screen then finds each query in flight or answered under the same key. A call the dashboard
 * adds belongs here too; one left out is only asked when the screen renders, as before.
 * Nothing without the session hints: the guard sends such a visit to login. The carrier services'
 * renaming is left to the screen: the login has just loaded it, and the screen asks it again.
 */
export function prefetchDashboardData(): void {
  const session = readSession();
  if (!session) return;
  withAppQueryClient((queryClient) => {
    void queryClient.prefetchQuery(getUnpickupsQueryOptions(session.userId));
    void queryClient.prefetchQuery(getUserQueryOptions(session.userId));
    void queryClient.prefetchQuery(getRecentShipmentsQueryOptions(session.userId));
    void queryClient.prefetchQuery(getActivityQueryOptions(session.userId));
    void queryClient.prefetchQuery(getAdvertisementsQueryOptions());
  });
}
