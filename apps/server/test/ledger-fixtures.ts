import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../src/modules/auth/passwords.js';
import { insertUser } from '../src/modules/users/users.repository.js';
import type { NewUser } from '../src/modules/users/users.table.js';
import { DEMO_PASSWORD, signIn } from './helper.js';

let counter = 0;

/** A fresh active customer with its own AirBox ID, signed in; credits and flags as given. */
export async function newCustomer(app: FastifyInstance, changes: Partial<NewUser> = {}) {
  counter += 1;
  const unique = String(800_000 + counter);
  const email = `ledger-${unique}@example.com`;
  const now = new Date().toISOString();
  const hub = await app.db.selectFrom('hubs').select('id').orderBy('business_name').executeTakeFirstOrThrow();
  const userId = await insertUser(app.db, {
    role_id: 5,
    status: 1,
    email,
    password_hash: await hashPassword(DEMO_PASSWORD),
    box_id: `9${unique}`,
    locker_id: hub.id,
    membership: null,
    membership_expire: null,
    bcm_user_id: null,
    business_company_id: null,
    unit_id: null,
    building_id: null,
    bc_id: null,
    created_at: now,
    updated_at: now,
    activated_at: now,
    notify_by_email: 0,
    notify_by_text: 0,
    ...changes,
  });
  const { cookie } = await signIn(app, email);
  return { userId, email, cookie, boxId: changes.box_id ?? `9${unique}` };
}

export async function userRow(app: FastifyInstance, userId: number) {
  return app.db.selectFrom('users').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
}

export async function operationsOf(app: FastifyInstance, userId: number) {
  return app.db.selectFrom('operations').selectAll().where('user_id', '=', userId).orderBy('op_id').execute();
}

/** The path and query of a redirect's location (absolute PUBLIC_URL links included). */
export function locationPath(location: string | string[] | number | undefined): string {
  const url = new URL(String(location), 'http://localhost:8080');
  return `${url.pathname}${url.search}`;
}
