import type { Operation } from '@airbox/contract';
import type { Db } from '../../db/database.js';
import { listOperations, type OperationsPageQuery } from './operations.repository.js';
import { toOperation } from './operations.wire.js';

/** Transaction history (spec 03 §9): a page of the user's operations as the calls answer them, each saying what it was for, and how many there are. */
export async function operationsPage(db: Db, userId: number, query: OperationsPageQuery): Promise<{ total: number; operations: Operation[] }> {
  const { total, rows } = await listOperations(db, userId, query);
  return { total, operations: rows.map(toOperation) };
}
