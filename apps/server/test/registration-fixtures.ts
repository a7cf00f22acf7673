import { randomUUID } from 'node:crypto';
import { ROLE, USER_STATUS } from '@airbox/contract';
import type { Db } from '../src/db/database.js';
import { insertBuilding, insertCampus, insertCompany, insertUnit } from '../src/modules/campuses/campuses.repository.js';
import { insertHubs, linkHubsToBuildings } from '../src/modules/hubs/hubs.repository.js';
import { insertInvitationCode, insertServedZips } from '../src/modules/registration/registration.repository.js';
import type { NewInvitationCode } from '../src/modules/registration/registration.table.js';
import { boxIdSequence, insertFixtureUser } from './fixtures.js';
import { DEMO_PASSWORD } from './helper.js';

let serial = 0;

/** A fresh, valid AirBox ID starting with 6 (the fixtures' own range). */
export const freshBoxId = boxIdSequence('6', 100_000, 7);

export function freshEmail(label = 'newcomer'): string {
  serial += 1;
  return `${label}.${serial}@example.com`;
}

export async function insertTestUser(db: Db, fields: { email: string; role_id?: number; box_id?: string; business_name?: string }) {
  const { userId } = await insertFixtureUser(db, {
    role_id: fields.role_id ?? ROLE.customer,
    status: USER_STATUS.active,
    email: fields.email,
    password: DEMO_PASSWORD,
    box_id: fields.box_id ?? freshBoxId(),
    ...(fields.business_name ? { business_name: fields.business_name } : {}),
  });
  return userId;
}

export async function insertCode(db: Db, code: Partial<NewInvitationCode> & Pick<NewInvitationCode, 'code' | 'bcm_user_id'>) {
  return insertInvitationCode(db, {
    role_id: ROLE.companyUser,
    company_id: null,
    max_uses: null,
    expires_at: null,
    created_at: new Date().toISOString(),
    ...code,
  });
}

/**
 * A small directory made by the registration tests themselves (not the demo seed): two property
 * managers, each with a campus; hubs serving some buildings; served zips; a code of each kind.
 */
export async function createDirectory(db: Db) {
  const manager = await insertTestUser(db, { email: 'manager@example.com', role_id: ROLE.business, business_name: 'Harbor Properties' });
  const otherManager = await insertTestUser(db, { email: 'other-manager@example.com', role_id: ROLE.business });
  const hub = (business_name: string, fields: { zip_code?: string; city?: string; location?: string | null } = {}) => ({
    id: randomUUID(),
    business_name,
    address: '1 Test St',
    city: fields.city ?? 'San Francisco',
    state: 'CA',
    zip_code: fields.zip_code ?? '94110',
    location: fields.location === undefined ? '37.7,-122.4' : fields.location,
    created_at: new Date().toISOString(),
  });
  const hubs = {
    north: hub('Harbor North Lockers'),
    south: hub('Harbor South Lockers', { location: null }),
    public: hub('Public Library Lockers', { zip_code: '94103' }),
    other: hub('Elsewhere Lockers', { zip_code: '10001', city: 'New York' }),
    incomplete: hub('Unnamed Lockers', { city: '' }),
  };
  await insertHubs(db, Object.values(hubs));

  const harbor = await insertCampus(db, {
    bc_name: 'Harbor Campus',
    address1: '500 Harbor Way',
    address2: 'Gate 2',
    city: 'San Francisco',
    state: 'CA',
    zip_code: '94110',
    bcm_user_id: manager,
  });
  const north = await insertBuilding(db, { bc_id: harbor, building_name: 'North' });
  const south = await insertBuilding(db, { bc_id: harbor, building_name: 'South' });
  await linkHubsToBuildings(db, [
    { building_id: north, hub_id: hubs.north.id },
    { building_id: north, hub_id: hubs.public.id },
    { building_id: south, hub_id: hubs.south.id },
  ]);
  const units = {
    n100: await insertUnit(db, { building_id: north, unit_name: 'Suite 100' }),
    n200: await insertUnit(db, { building_id: north, unit_name: 'Suite 200' }),
    n300: await insertUnit(db, { building_id: north, unit_name: 'Suite 300' }),
    s10: await insertUnit(db, { building_id: south, unit_name: 'Suite 10' }),
  };
  const companies = {
    widgets: await insertCompany(db, { unit_id: units.n100, company_name: 'Acme Widgets', airbox_id: '7305186' }),
    gadgets: await insertCompany(db, { unit_id: units.n100, company_name: 'acme Gadgets', airbox_id: '7305187' }),
    percent: await insertCompany(db, { unit_id: units.n200, company_name: '100% Organic', airbox_id: '7305188' }),
    south: await insertCompany(db, { unit_id: units.s10, company_name: 'Southside Studio', airbox_id: '7305189' }),
  };

  const elsewhere = await insertCampus(db, {
    bc_name: 'Elsewhere Campus',
    address1: '1 Far Rd',
    city: 'New York',
    state: 'NY',
    zip_code: '10001',
    bcm_user_id: otherManager,
  });
  const far = await insertBuilding(db, { bc_id: elsewhere, building_name: 'Far Tower' });
  await linkHubsToBuildings(db, [{ building_id: far, hub_id: hubs.other.id }]);
  const farUnit = await insertUnit(db, { building_id: far, unit_name: 'Floor 1' });
  const farCompany = await insertCompany(db, { unit_id: farUnit, company_name: 'Acme Elsewhere', airbox_id: '7305190' });

  await insertServedZips(db, ['94110', '94103']);
  const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
  const codes = {
    open15: await insertCode(db, { code: 'OPEN15', bcm_user_id: manager, role_id: ROLE.companyUser }),
    fixed16: await insertCode(db, { code: 'FIX16A', bcm_user_id: manager, role_id: ROLE.companyEmployee, company_id: companies.south, max_uses: 50 }),
    expired: await insertCode(db, { code: 'EXPIRD', bcm_user_id: manager, expires_at: hourAgo }),
    usedUp: await insertCode(db, { code: 'USEDUP', bcm_user_id: manager, max_uses: 1, uses: 1 }),
  };
  return {
    manager,
    otherManager,
    hubs,
    campuses: { harbor, elsewhere },
    buildings: { north, south, far },
    units: { ...units, far: farUnit },
    companies: { ...companies, far: farCompany },
    /** Where a user of a company belongs: the users' columns, as the registration form names them too. */
    placements: {
      widgets: { business_company_id: companies.widgets, unit_id: units.n100, building_id: north, bc_id: harbor, bcm_user_id: manager },
      south: { business_company_id: companies.south, unit_id: units.s10, building_id: south, bc_id: harbor, bcm_user_id: manager },
      far: { business_company_id: farCompany, unit_id: farUnit, building_id: far, bc_id: elsewhere, bcm_user_id: otherManager },
    },
    codes,
  };
}
export type Directory = Awaited<ReturnType<typeof createDirectory>>;
