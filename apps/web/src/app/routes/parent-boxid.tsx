import { useOutletContext } from 'react-router';
import { AirboxId } from '../../features/profile/components/airbox-id';
import type { SessionHints } from '../../lib/session';

export function ParentBoxIdRoute() {
  return <AirboxId session={useOutletContext<SessionHints>()} />;
}
