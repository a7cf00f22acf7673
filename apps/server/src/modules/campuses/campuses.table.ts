import type { Generated, Insertable, Selectable } from 'kysely';

/** A business campus, run by a property manager (a role-10 user). */
export interface CampusesTable {
  bc_id: Generated<number>;
  bc_name: string;
  address1: string;
  address2: Generated<string>;
  city: string;
  state: string;
  zip_code: string;
  bcm_user_id: number;
}

export interface BuildingsTable {
  building_id: Generated<number>;
  bc_id: number;
  building_name: string;
}

export interface UnitsTable {
  unit_id: Generated<number>;
  building_id: number;
  unit_name: string;
}

/** A company renting a unit; its AirBox ID is unique among companies and users alike. */
export interface CompaniesTable {
  company_id: Generated<number>;
  unit_id: number;
  company_name: string;
  airbox_id: string;
}

/** Which hubs serve a building (a hub may serve several, a building may have several). */
export interface HubBuildingsTable {
  building_id: number;
  hub_id: string;
}

export type CampusRow = Selectable<CampusesTable>;
export type NewCampus = Insertable<CampusesTable>;
export type BuildingRow = Selectable<BuildingsTable>;
export type NewBuilding = Insertable<BuildingsTable>;
export type UnitRow = Selectable<UnitsTable>;
export type NewUnit = Insertable<UnitsTable>;
export type CompanyRow = Selectable<CompaniesTable>;
export type NewCompany = Insertable<CompaniesTable>;
export type NewHubBuilding = Insertable<HubBuildingsTable>;
