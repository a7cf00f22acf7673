import { randomInt } from 'node:crypto';
import { boxIdProblem, COMPANY_ROLES, type MyAddress, type RoleId, USER_STATUS } from '@airbox/contract';
import type { Db } from '../../db/database.js';
import { hashPassword } from './passwords.js';
import { isBoxIdTaken } from '../box-ids/box-ids.repository.js';
import { findCompanyPlacement } from '../campuses/campuses.repository.js';
import { findHub } from '../hubs/hubs.repository.js';
import { insertUser } from './users.repository.js';
import type { NewUser, UserRow } from './users.table.js';

/**
 * The user's own addresses, as the label and pickup pages offer them (getMyAddress): home, and
 * their hub's street with their AirBox ID and its hours when they have a hub.
 */
export async function myAddresses(db: Db, user: UserRow): Promise<MyAddress[]> {
  // Roles 15 and 16 use their company's name in their address (spec 03 §2, §6).
  const company =
    COMPANY_ROLES.includes(user.role_id as RoleId) && user.business_company_id !== null
      ? ((await findCompanyPlacement(db, user.business_company_id))?.company_name ?? '')
      : '';
  const person = { firstName: user.first_name, lastName: user.last_name, phone: user.cell_phone, email: user.email };
  const addresses: MyAddress[] = [
    {
      kind: 'home',
      ...person,
      company,
      address1: user.address_line_1,
      address2: user.address_line_2,
      city: user.city,
      state: user.state,
      zipcode: user.zip_code,
      hours: '',
    },
  ];
  const hub = user.locker_id ? await findHub(db, user.locker_id) : undefined;
  if (hub) {
    // The hub's street with the AirBox ID, as the customer's mailing address reads: what comes back reaches their locker.
    addresses.push({ kind: 'hub', ...person, company: hub.business_name, address1: hub.address, address2: `#${user.box_id}`, city: hub.city, state: hub.state, zipcode: hub.zip_code, hours: hub.hours });
  }
  return addresses;
}

/**
 * What createUser needs: e-mail, role, status and either the password (hashed here with argon2id)
 * or a hash made by hashPassword already. Any other column may be given; the rest take the
 * defaults below.
 */
export type CreateUserInput = Pick<NewUser, 'email' | 'role_id' | 'status'> &
  Partial<Omit<NewUser, 'user_id' | 'email' | 'role_id' | 'status' | 'password_hash'>> &
  ({ password: string; passwordHash?: never } | { passwordHash: string; password?: never });

export interface CreatedUser {
  userId: number;
  boxId: string;
}

/**
 * Creates a user record without the sign-up flow (operators' user:create, test fixtures):
 * created_at and updated_at are `now`, activated_at is `now` unless the user is not activated,
 * the references (hub, membership, campus placement) are empty unless given, and the AirBox ID
 * is the given one or a random free one; either way it passes boxIdProblem(). The e-mail is
 * stored in lower case (insertUser). Throws on a given AirBox ID that may not be used.
 */
export async function createUser(db: Db, input: CreateUserInput, now: Date): Promise<CreatedUser> {
  const { password, passwordHash, ...fields } = input;
  const problem = fields.box_id === undefined ? null : boxIdProblem(fields.box_id);
  if (problem !== null) throw new Error(`AirBox ID ${fields.box_id}: ${problem}`);
  const nowIso = now.toISOString();
  const boxId = fields.box_id ?? (await freeBoxId(db));
  const userId = await insertUser(db, {
    locker_id: null,
    membership: null,
    membership_expire: null,
    bcm_user_id: null,
    business_company_id: null,
    unit_id: null,
    building_id: null,
    bc_id: null,
    created_at: nowIso,
    updated_at: nowIso,
    activated_at: fields.status === USER_STATUS.notActivated ? null : nowIso,
    ...fields,
    password_hash: passwordHash ?? (await hashPassword(password!)),
    box_id: boxId,
  });
  return { userId, boxId };
}

/** A random AirBox ID that passes boxIdProblem() and no user or company has. */
async function freeBoxId(db: Db): Promise<string> {
  for (;;) {
    const boxId = String(randomInt(1_000_000, 10_000_000));
    if (boxIdProblem(boxId) === null && !(await isBoxIdTaken(db, boxId))) return boxId;
  }
}
