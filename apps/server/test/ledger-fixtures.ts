import type { FastifyInstance } from 'fastify';
import type { NewUser } from '../src/modules/users/users.table.js';
import { insertFixtureUser } from './fixtures.js';
import { DEMO_PASSWORD, signIn } from './helper.js';

let counter = 0;

/** A fresh active customer with its own AirBox ID, signed in; credits and flags as given. */
export async function newCustomer(app: FastifyInstance, changes: Partial<NewUser> = {}) {
  counter += 1;
  const unique = String(800_000 + counter);
  const email = `ledger-${unique}@example.com`;
  const hub = await app.db.selectFrom('hubs').select('id').orderBy('business_name').executeTakeFirstOrThrow();
  const { userId, boxId } = await insertFixtureUser(app.db, {
    role_id: 5,
    status: 1,
    email,
    password: DEMO_PASSWORD,
    box_id: `9${unique}`,
    locker_id: hub.id,
    notify_by_email: 0,
    notify_by_text: 0,
    ...changes,
  });
  const { cookie } = await signIn(app, email);
  return { userId, email, cookie, boxId };
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
