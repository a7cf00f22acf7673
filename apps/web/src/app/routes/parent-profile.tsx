import { useOutletContext } from 'react-router';
import { ProfilePage } from '../../features/profile/components/profile-page';
import type { SessionHints } from '../../lib/session';

export function ParentProfileRoute() {
  return <ProfilePage session={useOutletContext<SessionHints>()} />;
}
