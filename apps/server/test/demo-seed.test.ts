import { boxIdProblem, REGISTRATION_MESSAGES as M } from '@airbox/contract';
import { describe, expect, it } from 'vitest';
import { DEMO_INVITATION_CODES, DEMO_SERVED_ZIPS } from '../src/seed/demo-registration.js';
import { cookiesOf, postForm, useTestApp, useTestDatabase } from './helper.js';

const database = useTestDatabase();
const t = useTestApp(database, { seedDemoData: true });

/** What the start banner and the README promise a newcomer about the demo registration data. */
describe('demo registration data', () => {
  it('the printed invitation codes work, with the printed role, for business@example.com', async () => {
    const manager = await t.app.db.selectFrom('users').select('user_id').where('email', '=', 'business@example.com').executeTakeFirstOrThrow();
    for (const invitation of DEMO_INVITATION_CODES) {
      const response = await t.app.inject({ method: 'GET', url: `/app/v1/businessCampus/verifyCode?code=${invitation.code}` });
      expect(response.json()).toEqual({
        errorcode: 1,
        message: 'success',
        data: [{ bcm_company_name: 'Bayside Property Management', bcm_user_id: manager.user_id, role_id: invitation.role }],
      });
    }
    const codes = await t.app.db.selectFrom('invitation_codes').select(['max_uses', 'expires_at']).execute();
    expect(codes).toEqual(DEMO_INVITATION_CODES.map(() => ({ max_uses: null, expires_at: null })));
  });

  it('serves exactly the printed zips, which include every hub zip', async () => {
    const served = (await t.app.db.selectFrom('served_zips').select('zip_code').orderBy('zip_code').execute()).map((row) => row.zip_code);
    expect(served).toEqual([...DEMO_SERVED_ZIPS].sort());
    const hubZips = await t.app.db.selectFrom('hubs').select('zip_code').execute();
    for (const { zip_code } of hubZips) expect(served).toContain(zip_code);
    expect((await postForm(t.app, '/app/v1/firstLogin', { zip_code: DEMO_SERVED_ZIPS[0] })).json().errorcode).toBe(1);
  });

  it('has two or more campuses of 2+ buildings, each served by a hub, with valid company AirBox IDs', async () => {
    const campuses = (await t.app.inject({ method: 'GET', url: '/app/v1/businessCampus/campus/list' })).json().data as { bc_id: number }[];
    expect(campuses.length).toBeGreaterThanOrEqual(2);
    for (const campus of campuses) {
      const buildings = (await t.app.inject({ method: 'GET', url: `/app/v1/businessCampus/building/list?bc_id=${campus.bc_id}` })).json().data;
      expect(buildings.length).toBeGreaterThanOrEqual(2);
      for (const building of buildings as { building_id: number }[]) {
        const lockers = await t.app.inject({ method: 'GET', url: `/app/v1/getLockerInfoByBuilding?business_building_id=${building.building_id}` });
        expect(lockers.json().locker_info.length).toBeGreaterThanOrEqual(1);
      }
    }
    const companies = await t.app.db.selectFrom('companies').select('airbox_id').execute();
    expect(companies.length).toBeGreaterThanOrEqual(6);
    for (const { airbox_id } of companies) expect(boxIdProblem(airbox_id)).toBeNull();
  });

  it('a newcomer can register with DEMO15 and a demo company', async () => {
    const company = (await t.app.inject({ method: 'GET', url: '/app/v1/businessCampus/company/list?company_name=Zilker' })).json().data.list[0];
    const info = (await t.app.inject({ method: 'GET', url: `/app/v1/businessCampus/company/info?company_id=${company.company_id}` })).json().data[0];
    const hub = (await t.app.inject({ method: 'GET', url: `/app/v1/getLockerInfoByBuilding?business_building_id=${info.building_id}` })).json().locker_info[0];
    const suggested = await postForm(t.app, '/app/v1/getBoxid', { phoneNumber: '512' });
    const BOXID = suggested.json().BOXID;
    const response = await postForm(t.app, '/app/v1/regist_userInfo', {
      First_name: 'Demo',
      Last_name: 'Newcomer',
      Email: 'demo.newcomer@example.com',
      Password: 'Welcome123',
      Cell_phone_number: '512-555-0100',
      Address_line_1: '2100 Riverside Dr',
      Address_line_2: `Unit/Suite ${info.unit_name}`,
      State_province_region: 'TX',
      City: 'Austin',
      Zip_code: '78741',
      BOXID,
      PinNo: '135790',
      lockerUUID: hub.id,
      Activation_code: 'DEMO15',
      role_id: 15,
      business_company_id: company.company_id,
      unit_id: info.unit_id,
      building_id: info.building_id,
      bc_id: info.bc_id,
    }, cookiesOf(suggested));
    expect(response.json()).toEqual({ errorcode: 1, message: M.activationSent });
  });
});
