import { useOrders } from '../api/get-orders';
import { useUnpaidLabels } from '../api/get-unpaid-labels';

/** How many things Orders In Progress lists: the unpaid labels and the orders saved for later; undefined until both are known. */
export function useOrdersInProgressCount(userId: number): number | undefined {
  const orders = useOrders(userId);
  const unpaid = useUnpaidLabels(userId);
  if (!orders.data || !unpaid.data) return undefined;
  return orders.data.data.length + unpaid.data.data.length;
}
