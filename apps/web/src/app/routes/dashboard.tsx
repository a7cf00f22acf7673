import { useOutletContext } from 'react-router';
import { Dashboard } from '../../features/dashboard/components/dashboard';
import type { SessionHints } from '../../lib/session';

export function DashboardRoute() {
  return <Dashboard session={useOutletContext<SessionHints>()} />;
}
