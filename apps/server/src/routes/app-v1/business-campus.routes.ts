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
import { buildingsOfCampus, campusDirectory, companyPage, companyPlacement, unitsOfBuilding } from '../../modules/campuses/campuses.service.js';
import { lockersNear, lockersOfBuilding } from '../../modules/hubs/hubs.service.js';
import { defineCall } from './define-call.js';

const ok = { errorcode: READ_ERRORCODE.ok, message: 'success' } as const;

/**
 * The campus directory and the hubs a newcomer picks from (spec 02 §7). Public: the enterprise
 * wizard uses them before the account exists. The response schemas name every field sent.
 */
export default async function businessCampusRoutes(app: FastifyInstance) {
  // Throttled per address, every one: the directory should not be copied out quickly (companies
  // are numbered, units come 500 a call).
  const directory = { throttled: 'directory' } as const;
  defineCall(app, campusListCall, directory).handle(async () => ({ ...ok, data: await campusDirectory(app.db) }));

  defineCall(app, buildingListCall, directory).handle(async (input) => ({ ...ok, data: await buildingsOfCampus(app.db, input.bc_id) }));

  defineCall(app, unitListCall, directory).handle(async (input) => ({ ...ok, data: await unitsOfBuilding(app.db, input.building_id, input.size) }));

  defineCall(app, companyInfoCall, directory).handle(async (input) => {
    const company = await companyPlacement(app.db, input.company_id);
    return { ...ok, data: company ? [company] : [] };
  });

  defineCall(app, companyListCall, directory).handle(async (input) => {
    const page = await companyPage(
      app.db,
      { name: input.company_name, airboxId: input.airbox_id, bcmUserId: input.bcm_user_id, unitId: input.unit_id },
      input.size,
    );
    return { ...ok, data: page };
  });

  defineCall(app, getLockerInfoByBuildingCall, directory).handle(async (input) => ({ ...ok, locker_info: await lockersOfBuilding(app.db, input.business_building_id) }));

  defineCall(app, getLockerInfoByModeCall, directory).handle(async (input) => ({ ...ok, locker_info: await lockersNear(app.db, input.zip_code) }));
}
