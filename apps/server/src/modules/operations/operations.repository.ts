import type { Db } from '../../db/database.js';
import { compiledPage, type ListOwner } from '../../db/counted-page.js';
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

/** The user's operations of type `otype`, or of every type when it is 0: one statement for both, so it can be compiled once. */
function ofUser(db: Db, userId: number, otype: number) {
  return db
    .selectFrom('operations')
    .where('operations.user_id', '=', userId)
    .where((eb) => eb.or([eb(eb.val(otype), '=', 0), eb('operations.op_type', '=', otype)]));
}

/** How many of the user's operations match, and a page of them with what each was for, sorted by `sort` in `order` (ties in the order they were written). */
function pageQueries(db: Db, userId: number, otype: number, sort: OperationsPageQuery['sort'], order: OperationsPageQuery['order'], limit: number, offset: number) {
  const counted = ofUser(db, userId, otype).select((eb) => eb.fn.countAll().as('count'));
  const page = ofUser(db, userId, otype)
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
    .orderBy(SORT_COLUMNS[sort], order)
    .orderBy('operations.op_id', order)
    .limit(limit)
    .offset(offset);
  return { counted, page, withCount: page.select(counted.as('total_count')) };
}

/** The queries of each sort and order, compiled once (issue 24: building them was a tenth of the call's CPU). */
const sorted = new Map<string, ReturnType<typeof compiledSort>>();
function compiledSort(sort: OperationsPageQuery['sort'], order: OperationsPageQuery['order']) {
  return compiledPage((db: Db, userId: number, limit: number, offset: number, otype: number) => pageQueries(db, userId, otype, sort, order, limit, offset), 1);
}

/** A page of one user's operations with what each was for, and how many there are (compiledPage); ties keep the order they were written in. */
export async function listOperations(db: Db, owner: ListOwner, query: OperationsPageQuery): Promise<{ total: number; rows: OperationLine[] }> {
  const key = `${query.sort} ${query.order}`;
  let queries = sorted.get(key);
  if (!queries) {
    queries = compiledSort(query.sort, query.order);
    sorted.set(key, queries);
  }
  return queries(db, owner, query.num, query.start, query.otype);
}
