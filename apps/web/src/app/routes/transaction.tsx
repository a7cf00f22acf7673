import { useOutletContext } from 'react-router';
import { TransactionHistory } from '../../features/transactions/components/transaction-history';
import type { SessionHints } from '../../lib/session';

export function TransactionRoute() {
  return <TransactionHistory userId={useOutletContext<SessionHints>().userId} />;
}
