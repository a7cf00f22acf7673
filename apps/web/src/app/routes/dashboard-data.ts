import { formatHubDateTime } from '@airbox/contract';
import { getActivityQueryOptions } from '../../features/dashboard/api/get-activity';
import { getRecentShipmentsQueryOptions } from '../../features/dashboard/api/get-recent-shipments';
import { getUnpickupsQueryOptions } from '../../lib/waiting-packages';
import { getAdvertisementsQueryOptions } from '../../lib/advertisements';
import { createQueryClient } from '../../lib/query-client';
import { readSession } from '../../lib/session';
import { getUserQueryOptions } from '../../lib/user';
import { getAppQueryClient } from '../app-query-client';

/**
 * Starts the dashboard's calls in the app's query cache as the route is entered, alongside its
 * code rather than after it (the router's loader for the dashboard; it does not wait for them).
 * On a page opened on the dashboard, the client is made here if QueryLayout has not made it yet
 * (it adopts this one), so the calls leave as soon as this small chunk has loaded instead of after
 * every chunk of the signed-in shell (issue 24). The screen then finds each query in flight or
 * answered under the same key. A call the dashboard adds belongs here too; one left out is only
 * asked when the screen renders. Nothing without the session hints: the guard sends such a visit
 * to login. The carrier services' renaming is left to the screen: the login has just loaded it,
 * and the screen asks it again.
 */
export function prefetchDashboardData(): void {
  const session = readSession();
  if (!session) return;
  const queryClient = getAppQueryClient(createQueryClient);
  void queryClient.prefetchQuery(getUnpickupsQueryOptions(session.userId));
  void queryClient.prefetchQuery(getUserQueryOptions(session.userId));
  void queryClient.prefetchQuery(getRecentShipmentsQueryOptions(session.userId));
  void queryClient.prefetchQuery(getActivityQueryOptions(session.userId));
  void queryClient.prefetchQuery(getAdvertisementsQueryOptions());
  // The page's first date format loads the browser's locale data: 40-55 ms on this machine, four
  // times that at Lighthouse's CPU (issue 24). Done now, in a task of its own while the shell's
  // code downloads, it is no longer inside the dashboard's first render; a formatter for another
  // hub's time zone then costs well under a millisecond.
  setTimeout(() => formatHubDateTime(Date.now()), 0);
}
