import { useOutletContext } from 'react-router';
import { MembershipPlans } from '../../features/membership/components/membership-plans';
import type { SessionHints } from '../../lib/session';

export function MembershipRoute() {
  return <MembershipPlans userId={useOutletContext<SessionHints>().userId} />;
}
