import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { containingPattern, holdsText } from '../../db/like.js';
import type {
  BuildingRow,
  CampusRow,
  CompanyRow,
  NewBuilding,
  NewCampus,
  NewCompany,
  NewUnit,
  UnitRow,
} from './campuses.table.js';

export async function insertCampus(db: Db, campus: NewCampus): Promise<number> {
  const row = await db.insertInto('campuses').values(campus).returning('bc_id').executeTakeFirstOrThrow();
  return row.bc_id;
}

export async function insertBuilding(db: Db, building: NewBuilding): Promise<number> {
  const row = await db.insertInto('buildings').values(building).returning('building_id').executeTakeFirstOrThrow();
  return row.building_id;
}

export async function insertUnit(db: Db, unit: NewUnit): Promise<number> {
  const row = await db.insertInto('units').values(unit).returning('unit_id').executeTakeFirstOrThrow();
  return row.unit_id;
}

export async function insertCompany(db: Db, company: NewCompany): Promise<number> {
  const row = await db.insertInto('companies').values(company).returning('company_id').executeTakeFirstOrThrow();
  return row.company_id;
}

export async function listCampuses(db: Db): Promise<CampusRow[]> {
  return db.selectFrom('campuses').selectAll().orderBy('bc_name').orderBy('bc_id').execute();
}

export async function listBuildings(db: Db, bcId: number): Promise<BuildingRow[]> {
  return db.selectFrom('buildings').selectAll().where('bc_id', '=', bcId).orderBy('building_name').orderBy('building_id').execute();
}

export async function listUnits(db: Db, buildingId: number, size: number): Promise<{ total: number; list: UnitRow[] }> {
  const base = db.selectFrom('units').where('building_id', '=', buildingId);
  const [count, list] = await Promise.all([
    base.select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow(),
    base.selectAll().orderBy('unit_name').orderBy('unit_id').limit(size).execute(),
  ]);
  return { total: Number(count.count), list };
}

/** A company with the unit, building and campus it sits in, and the campus's property manager. */
export interface CompanyPlacement {
  company_id: number;
  company_name: string;
  airbox_id: string;
  unit_id: number;
  unit_name: string;
  building_id: number;
  building_name: string;
  bc_id: number;
  bc_name: string;
  bcm_user_id: number;
}

function companiesWithPlacement(db: Db) {
  return db
    .selectFrom('companies')
    .innerJoin('units', 'units.unit_id', 'companies.unit_id')
    .innerJoin('buildings', 'buildings.building_id', 'units.building_id')
    .innerJoin('campuses', 'campuses.bc_id', 'buildings.bc_id');
}

export async function findCompanyPlacement(db: Db, companyId: number): Promise<CompanyPlacement | undefined> {
  return companiesWithPlacement(db)
    .select([
      'companies.company_id',
      'companies.company_name',
      'companies.airbox_id',
      'units.unit_id',
      'units.unit_name',
      'buildings.building_id',
      'buildings.building_name',
      'campuses.bc_id',
      'campuses.bc_name',
      'campuses.bcm_user_id',
    ])
    .where('companies.company_id', '=', companyId)
    .executeTakeFirst();
}

export interface CompanySearch {
  /** A part of the name, any case. */
  name?: string | undefined;
  airboxId?: string | undefined;
  bcmUserId?: number | undefined;
  unitId?: number | undefined;
}

/** Companies matching every given filter, by name; total counts them all, list holds the first `size`. */
export async function searchCompanies(
  db: Db,
  search: CompanySearch,
  size: number,
): Promise<{ total: number; list: Pick<CompanyRow, 'company_id' | 'company_name' | 'airbox_id'>[] }> {
  let query = companiesWithPlacement(db);
  if (search.name) {
    query = query.where(holdsText(sql.ref('companies.company_name'), containingPattern(search.name)));
  }
  if (search.airboxId !== undefined) query = query.where('companies.airbox_id', '=', search.airboxId);
  if (search.bcmUserId !== undefined) query = query.where('campuses.bcm_user_id', '=', search.bcmUserId);
  if (search.unitId !== undefined) query = query.where('companies.unit_id', '=', search.unitId);
  const [count, list] = await Promise.all([
    query.select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow(),
    query
      .select(['companies.company_id', 'companies.company_name', 'companies.airbox_id'])
      .orderBy(sql`lower(${sql.ref('companies.company_name')})`)
      .orderBy('companies.company_id')
      .limit(size)
      .execute(),
  ]);
  return { total: Number(count.count), list };
}
