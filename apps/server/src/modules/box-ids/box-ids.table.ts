import type { Timestamp } from '../../db/dialect.js';

/** An AirBox ID getBoxid suggested; offered to nobody else until it expires. */
export interface BoxIdReservationsTable {
  box_id: string;
  expires_at: Timestamp;
  /** SHA-256 of the visitor cookie of whoever it was suggested to; only they may register with it. */
  holder_hash: string | null;
  /** SHA-256 of the client network it was asked from (clientNetwork); null for holds made before migration 0035. */
  holder_network: string | null;
}
