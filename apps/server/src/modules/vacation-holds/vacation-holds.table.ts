import type { Generated, Insertable, Selectable } from 'kysely';
import type { Timestamp } from '../../db/dialect.js';

/** A customer's vacation hold (issue 22 item 2): Pacific days 'YYYY-MM-DD', both included. */
export interface VacationHoldsTable {
  id: Generated<number>;
  user_id: number;
  start_date: string;
  end_date: string;
  created_at: Timestamp;
}

export type VacationHoldRow = Selectable<VacationHoldsTable>;
export type NewVacationHold = Insertable<VacationHoldsTable>;
