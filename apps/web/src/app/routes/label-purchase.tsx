import { useLocation, useOutletContext } from 'react-router';
import { LabelPurchase } from '../../features/label-purchase/components/label-purchase';
import type { SessionHints } from '../../lib/session';

/**
 * /shipment/#/Shipment/shipmentRate?param=... : the router matches /shipment, the page reads the
 * hash. The customer is the session's.
 */
export function LabelPurchaseRoute() {
  const { hash } = useLocation();
  return <LabelPurchase key={hash} userId={useOutletContext<SessionHints>().userId} hash={hash} />;
}
