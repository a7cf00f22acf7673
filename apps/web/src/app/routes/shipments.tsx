import { useOutletContext } from 'react-router';
import { PurchasedLabels } from '../../features/shipments/components/purchased-labels';
import type { SessionHints } from '../../lib/session';

export function ShipmentsRoute() {
  return <PurchasedLabels session={useOutletContext<SessionHints>()} />;
}
