import {
  buildingListCall,
  campusListCall,
  companyInfoCall,
  companyListCall,
  getLockerInfoByBuildingCall,
  getLockerInfoByModeCall,
  READ_ERRORCODE,
  unitListCall,
} from '@airbox/contract';
import type { FastifyInstance } from 'fastify';
import {
  findCompanyPlacement,
  listBuildings,
  listCampuses,
  listUnits,
  searchCompanies,
} from '../../modules/campuses/campuses.repository.js';
import { nearestFirst } from '../../modules/hubs/hubs.distance.js';
import { listHubs, listHubsOfBuilding } from '../../modules/hubs/hubs.repository.js';
import { selectableLockers } from '../../modules/hubs/hubs.wire.js';
import { defineCall } from './define-call.js';

const ok = { errorcode: READ_ERRORCODE.ok, message: 'success' } as const;

/**
 * The campus directory and the hubs a newcomer picks from (spec 02 §7). Public: the enterprise
 * wizard uses them before the account exists. The response schemas name every field sent.
 */
export default async function businessCampusRoutes(app: FastifyInstance) {
  defineCall(app, campusListCall).handle(async () => {
    const campuses = await listCampuses(app.db);
    return { ...ok, data: campuses.map(({ bcm_user_id: _manager, ...campus }) => campus) };
  });

  defineCall(app, buildingListCall).handle(async (input) => {
    const buildings = await listBuildings(app.db, input.bc_id);
    return { ...ok, data: buildings.map(({ building_id, building_name }) => ({ building_id, building_name })) };
  });

  defineCall(app, unitListCall).handle(async (input) => {
    const units = await listUnits(app.db, input.building_id, input.size);
    return { ...ok, data: { total: units.total, list: units.list.map(({ unit_id, unit_name }) => ({ unit_id, unit_name })) } };
  });

  defineCall(app, companyInfoCall).handle(async (input) => {
    const company = await findCompanyPlacement(app.db, input.company_id);
    if (!company) return { ...ok, data: [] };
    const { bc_id, building_id, unit_id, bc_name, building_name, unit_name, company_name } = company;
    return { ...ok, data: [{ bc_id, building_id, unit_id, bc_name, building_name, unit_name, company_name }] };
  });

  // Throttled: the directory should not be copied out quickly.
  defineCall(app, companyListCall, { throttled: 'directory' }).handle(async (input) => {
    const page = await searchCompanies(
      app.db,
      { name: input.company_name, airboxId: input.airbox_id, bcmUserId: input.bcm_user_id, unitId: input.unit_id },
      input.size,
    );
    return { ...ok, data: page };
  });

  defineCall(app, getLockerInfoByBuildingCall).handle(async (input) => {
    const hubs = await listHubsOfBuilding(app.db, input.business_building_id);
    return { ...ok, locker_info: selectableLockers(hubs) };
  });

  defineCall(app, getLockerInfoByModeCall).handle(async (input) => {
    const lockers = selectableLockers(await listHubs(app.db));
    return { ...ok, locker_info: input.zip_code ? await nearestFirst(lockers, input.zip_code) : lockers };
  });
}
