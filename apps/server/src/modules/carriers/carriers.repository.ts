import type { Db } from '../../db/database.js';
import type { CarrierServiceRenamingRow, NewCarrierServiceRenaming } from './carriers.table.js';

export async function listCarrierServiceRenamings(db: Db): Promise<CarrierServiceRenamingRow[]> {
  return db.selectFrom('carrier_service_renamings').selectAll().orderBy('carrier').orderBy('id').execute();
}

export async function insertCarrierServiceRenamings(db: Db, rows: NewCarrierServiceRenaming[]): Promise<void> {
  await db.insertInto('carrier_service_renamings').values(rows).execute();
}
