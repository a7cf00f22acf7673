import type { Db } from '../../db/database.js';
import { listCarrierServiceRenamings } from './carriers.repository.js';
import type { CarrierServiceRenamingRow } from './carriers.table.js';

/** How the portal names each carrier service (carrierServiceRenaming). */
export async function carrierServiceRenamings(db: Db): Promise<CarrierServiceRenamingRow[]> {
  return listCarrierServiceRenamings(db);
}
