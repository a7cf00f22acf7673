import type { Selectable } from 'kysely';

/** A plan customers buy (spec 03 §9): 1 the credit plan, 2 six months, 3 twelve months. */
export interface MembershipsTable {
  id: number;
  name: string;
  /** Price per unit in cents (per credit for the credit plan). */
  price_cents: number;
  /** The undiscounted price in cents. */
  initial_cents: number;
  /** Credits granted per unit bought. */
  credits: number;
  /** Months of membership per unit; 0 for the credit plan. */
  months: number;
}

export type MembershipRow = Selectable<MembershipsTable>;
