import type { Db } from '../../db/database.js';
import { type CompanySearch, findCompanyPlacement, listBuildings, listCampuses, listUnits, searchCompanies } from './campuses.repository.js';

/**
 * The campus directory a newcomer picks from (spec 02 §7), public: the enterprise wizard reads it
 * before the account exists, so it answers only the fields the calls name.
 */

/** Every campus, without its manager's user id. */
export async function campusDirectory(db: Db) {
  return (await listCampuses(db)).map(({ bcm_user_id: _manager, ...campus }) => campus);
}

export async function buildingsOfCampus(db: Db, bcId: number) {
  return (await listBuildings(db, bcId)).map(({ building_id, building_name }) => ({ building_id, building_name }));
}

/** The first `size` units of a building, and how many it has. */
export async function unitsOfBuilding(db: Db, buildingId: number, size: number) {
  const units = await listUnits(db, buildingId, size);
  return { total: units.total, list: units.list.map(({ unit_id, unit_name }) => ({ unit_id, unit_name })) };
}

/** Where a company sits: its campus, building and unit, with their names; undefined for an unknown company. */
export async function companyPlacement(db: Db, companyId: number) {
  const company = await findCompanyPlacement(db, companyId);
  if (!company) return undefined;
  const { bc_id, building_id, unit_id, bc_name, building_name, unit_name, company_name } = company;
  return { bc_id, building_id, unit_id, bc_name, building_name, unit_name, company_name };
}

/** Companies matching every given filter, by name: how many, and the first `size`. */
export async function companyPage(db: Db, search: CompanySearch, size: number) {
  return searchCompanies(db, search, size);
}
