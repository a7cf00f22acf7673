import { useOutletContext, useParams } from 'react-router';
import { BuyMembership } from '../../features/membership/components/buy-membership';
import type { SessionHints } from '../../lib/session';

export function BuyMembershipRoute() {
  const { id } = useParams();
  return <BuyMembership key={id} userId={useOutletContext<SessionHints>().userId} planId={id} />;
}
