import type { Db } from '../../db/database.js';
import { findThirdPartyOrders } from './third-party-orders.repository.js';

/** A page (from 1) of a merchant's orders with this id: how many, and each with its pickup code. */
export async function thirdPartyOrdersPage(db: Db, filter: { orderId: string; merchantId: string; page: number; size: number }) {
  const page = await findThirdPartyOrders(db, filter);
  return { total: page.total, list: page.list.map((order) => ({ orderId: order.order_id, pickUpCode: order.pickup_code })) };
}
