import { randomUUID } from 'node:crypto';
import { ROLE, USER_STATUS } from '@airbox/contract';
import type { Db } from '../src/db/database.js';
import { insertBuilding, insertCampus } from '../src/modules/campuses/campuses.repository.js';
import { insertHubs, linkHubsToBuildings } from '../src/modules/hubs/hubs.repository.js';
import type { NewContact } from '../src/modules/contacts/contacts.table.js';
import type { NewUser } from '../src/modules/users/users.table.js';
import { boxIdSequence, insertFixtureUser } from './fixtures.js';

/** Fixtures of the account tests (spec 03): customers, business users, hubs and a building. */

export const FIXTURE_PASSWORD = 'FixturePass1';
let serial = 0;

/** A fresh, valid AirBox ID starting with 7 (these fixtures' own range). */
export const accountBoxId = boxIdSequence('7', 200_000, 13);

export interface FixtureUser {
  userId: number;
  email: string;
  boxId: string;
}

/** An active user with a full profile; role 5 unless told. */
export async function insertAccountUser(db: Db, fields: Partial<NewUser> = {}): Promise<FixtureUser> {
  serial += 1;
  const email = fields.email ?? `account.${serial}.${randomUUID().slice(0, 8)}@example.com`;
  const { userId, boxId } = await insertFixtureUser(db, {
    role_id: ROLE.customer,
    status: USER_STATUS.active,
    password: FIXTURE_PASSWORD,
    first_name: 'Casey',
    last_name: 'Customer',
    pin: '246810',
    cell_phone: '415-555-0101',
    address_line_1: '1 Main St',
    city: 'San Francisco',
    state: 'CA',
    zip_code: '94105',
    ...fields,
    email,
    box_id: fields.box_id ?? accountBoxId(),
  });
  return { userId, email, boxId };
}

/**
 * A contact of the user's address book, as the app saves one: 1 Elm St, Portland, a phone and no
 * e-mail, saved now; any column given instead.
 */
export function contactRow(userId: number, fields: Partial<NewContact> & Pick<NewContact, 'name'>): NewContact {
  const now = new Date().toISOString();
  return {
    user_id: userId,
    first_name: '',
    last_name: '',
    company: '',
    address1: '1 Elm St',
    address2: '',
    city: 'Portland',
    state: 'OR',
    country: 'USA',
    zipcode: '97201',
    email: '',
    phone: '503-555-0100',
    residential: 0,
    created_at: now,
    updated_at: now,
    ...fields,
  };
}

export interface FixtureHubs {
  /** Hubs serving the building. */
  buildingHubs: string[];
  /** A hub not serving the building. */
  otherHub: string;
  buildingId: number;
}

/** Three hubs and a building (of a property manager's campus) served by two of them. */
export async function insertHubsAndBuilding(db: Db): Promise<FixtureHubs> {
  const now = new Date().toISOString();
  const hubs = ['Fixture Hub North', 'Fixture Hub South', 'Fixture Hub Elsewhere'].map((business_name, index) => ({
    id: randomUUID(),
    business_name,
    address: `${100 + index} Fixture Ave`,
    city: 'Oakland',
    state: 'CA',
    zip_code: '94607',
    location: null,
    created_at: now,
  }));
  await insertHubs(db, hubs);
  const manager = await insertAccountUser(db, { role_id: ROLE.business });
  const bcId = await insertCampus(db, {
    bc_name: 'Fixture Campus',
    address1: '100 Fixture Ave',
    city: 'Oakland',
    state: 'CA',
    zip_code: '94607',
    bcm_user_id: manager.userId,
  });
  const buildingId = await insertBuilding(db, { bc_id: bcId, building_name: 'Fixture Tower' });
  await linkHubsToBuildings(db, [
    { building_id: buildingId, hub_id: hubs[0]!.id },
    { building_id: buildingId, hub_id: hubs[1]!.id },
  ]);
  return { buildingHubs: [hubs[0]!.id, hubs[1]!.id], otherHub: hubs[2]!.id, buildingId };
}
