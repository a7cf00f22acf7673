import { useOutletContext } from 'react-router';
import { OrdersInProgress } from '../../features/orders/components/orders-in-progress';
import type { SessionHints } from '../../lib/session';

export function MyOrdersRoute() {
  return <OrdersInProgress session={useOutletContext<SessionHints>()} />;
}
