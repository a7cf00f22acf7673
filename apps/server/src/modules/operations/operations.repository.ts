import type { Db } from '../../db/database.js';
import { isSqlite } from '../../db/dialect.js';
import type { NewOperation, OperationRow } from './operations.table.js';

export async function insertOperation(db: Db, operation: NewOperation): Promise<number> {
  const row = await db.insertInto('operations').values(operation).returning('op_id').executeTakeFirstOrThrow();
  return row.op_id;
}

const SORT_COLUMNS = {
  op_timestamp: 'operations.op_timestamp',
  op_type: 'operations.op_type',
  credits: 'operations.credits_delta',
  balance: 'operations.balance_after',
} as const;

export interface OperationsPageQuery {
  start: number;
  num: number;
  /** 0: every type. */
  otype: number;
  sort: keyof typeof SORT_COLUMNS;
  order: 'asc' | 'desc';
}

/**
 * An operation with what it was for, as far as it is known: the label (its order number, carrier
 * and service), the carrier pickup (its carrier and day), the locker package (its carrier,
 * tracking number and hub). Null where the line names none, or what it named is gone.
 */
export interface OperationLine extends OperationRow {
  label_order_no: string | null;
  label_carrier: string | null;
  label_service: string | null;
  pickup_carrier: string | null;
  pickup_date: string | null;
  package_carrier: string | null;
  package_tracking_no: string | null;
  hub_name: string | null;
}

/** A page of one user's operations with what each was for, and how many there are; ties keep the order they were written in. */
export async function listOperations(db: Db, userId: number, query: OperationsPageQuery): Promise<{ total: number; rows: OperationLine[] }> {
  let base = db.selectFrom('operations').where('operations.user_id', '=', userId);
  if (query.otype !== 0) base = base.where('operations.op_type', '=', query.otype);
  const counted = base.select((eb) => eb.fn.countAll().as('count'));
  const count = async () => Number((await counted.executeTakeFirstOrThrow()).count);
  const page = base
    .leftJoin('shipments', 'shipments.id', 'operations.shipment_id')
    .leftJoin('pickups', 'pickups.id', 'operations.pickup_id')
    .leftJoin('locker_packages', 'locker_packages.id', 'operations.package_id')
    .leftJoin('hubs', 'hubs.id', 'locker_packages.hub_id')
    .selectAll('operations')
    .select([
      'shipments.order_no as label_order_no',
      'shipments.carrier as label_carrier',
      'shipments.service as label_service',
      'pickups.carrier as pickup_carrier',
      'pickups.pickup_date as pickup_date',
      'locker_packages.carrier as package_carrier',
      'locker_packages.tracking_no as package_tracking_no',
      'hubs.business_name as hub_name',
    ])
    .orderBy(SORT_COLUMNS[query.sort], query.order)
    .orderBy('operations.op_id', query.order)
    .limit(query.num)
    .offset(query.start);
  if (isSqlite(db)) {
    // In process, the count from the index and then the page's few rows cost less than one
    // statement counting every matching row beside the page (as My Messages' list).
    const total = await count();
    return { total, rows: await page.execute() };
  }
  // PostgreSQL: the page and the count in one statement, one round trip less a call (issue 24); the
  // count a subquery run once, so the page still stops at its last row (a window would join every
  // matching row first). A page past the end has no row to carry the count: only then is it asked on its own.
  const withCount = await page.select(counted.as('total_count')).execute();
  const rows = withCount.map(({ total_count: _count, ...row }) => row);
  if (withCount[0]) return { total: Number(withCount[0].total_count), rows };
  return { total: query.start === 0 ? 0 : await count(), rows };
}
