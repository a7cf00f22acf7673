import type { Generated, Insertable, Selectable } from 'kysely';

/** How a carrier's EasyPost service name is shown to customers (spec 01 §3). */
export interface CarrierServiceRenamingsTable {
  id: Generated<number>;
  carrier: string;
  easypost_original: string;
  renamed: string;
  service_search_queries: string;
}

export type CarrierServiceRenamingRow = Selectable<CarrierServiceRenamingsTable>;
export type NewCarrierServiceRenaming = Insertable<CarrierServiceRenamingsTable>;
