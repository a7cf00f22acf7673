import type { Db } from '../../db/database.js';
import type { NewOperation, OperationRow } from './operations.table.js';

export async function insertOperation(db: Db, operation: NewOperation): Promise<number> {
  const row = await db.insertInto('operations').values(operation).returning('op_id').executeTakeFirstOrThrow();
  return row.op_id;
}

const SORT_COLUMNS = {
  op_timestamp: 'op_timestamp',
  op_type: 'op_type',
  credits: 'credits_delta',
  balance: 'balance_after',
} as const;

export interface OperationsPageQuery {
  start: number;
  num: number;
  /** 0: every type. */
  otype: number;
  sort: keyof typeof SORT_COLUMNS;
  order: 'asc' | 'desc';
}

/** A page of one user's operations and how many there are; ties keep the order they were written in. */
export async function listOperations(db: Db, userId: number, query: OperationsPageQuery): Promise<{ total: number; rows: OperationRow[] }> {
  let base = db.selectFrom('operations').where('user_id', '=', userId);
  if (query.otype !== 0) base = base.where('op_type', '=', query.otype);
  const { count } = await base.select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll()
    .orderBy(SORT_COLUMNS[query.sort], query.order)
    .orderBy('op_id', query.order)
    .limit(query.num)
    .offset(query.start)
    .execute();
  return { total: Number(count), rows };
}
