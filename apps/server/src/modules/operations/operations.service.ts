import type { Operation, ServiceRenaming } from '@airbox/contract';
import type { ListOwner } from '../../db/counted-page.js';
import type { Db } from '../../db/database.js';
import { listOperations, type OperationsPageQuery } from './operations.repository.js';
import { toOperation } from './operations.wire.js';

/**
 * Transaction history (spec 03 §9): a page of the user's operations as the calls answer them, each
 * saying what it was for (a label's service by the renaming list, asked of `renamings` when needed),
 * and how many there are.
 */
export async function operationsPage(
  db: Db,
  owner: ListOwner,
  query: OperationsPageQuery,
  renamings: () => Promise<readonly ServiceRenaming[]>,
): Promise<{ total: number; operations: Operation[] }> {
  const { total, rows } = await listOperations(db, owner, query);
  // The renaming list names a label's service: asked only for a page that has a label's line (issue 24).
  const renaming = rows.some((row) => row.label_order_no !== null) ? await renamings() : [];
  return { total, operations: rows.map((row) => toOperation(row, renaming)) };
}
