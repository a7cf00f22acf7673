import type { Operation } from '@airbox/contract';
import { toIso, toIsoOrNull } from '../../db/dialect.js';
import type { OperationRow } from './operations.table.js';

/** The wire shape: dollars for money, credits as a magnitude (the web app shows the sign by type). */
export function toOperation(row: OperationRow): Operation {
  return {
    op_id: row.op_id,
    op_type: row.op_type,
    op_timestamp: toIso(row.op_timestamp),
    delivery_time: toIsoOrNull(row.delivery_time),
    pickup_time: toIsoOrNull(row.pickup_time),
    charge_time: toIsoOrNull(row.charge_time),
    op_time: toIsoOrNull(row.op_time),
    quote: row.quote_cents === null ? null : row.quote_cents / 100,
    credits: Math.abs(row.credits_delta),
    overtime: row.overtime_days,
    balance: row.balance_after,
  };
}
