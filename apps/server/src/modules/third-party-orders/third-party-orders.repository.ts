import type { Db } from '../../db/database.js';
import type { NewThirdPartyOrder, ThirdPartyOrderRow } from './third-party-orders.table.js';

export interface ThirdPartyOrderPage {
  total: number;
  list: ThirdPartyOrderRow[];
}

export async function findThirdPartyOrders(
  db: Db,
  filter: { orderId: string; merchantId: string; page: number; size: number },
): Promise<ThirdPartyOrderPage> {
  const matching = db
    .selectFrom('third_party_orders')
    .where('order_id', '=', filter.orderId)
    .where('merchant_id', '=', filter.merchantId);
  const [count, list] = await Promise.all([
    matching.select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow(),
    matching
      .selectAll()
      .orderBy('id')
      .limit(filter.size)
      .offset((filter.page - 1) * filter.size)
      .execute(),
  ]);
  return { total: Number(count.count), list };
}

export async function insertThirdPartyOrder(db: Db, order: NewThirdPartyOrder): Promise<void> {
  await db.insertInto('third_party_orders').values(order).execute();
}
