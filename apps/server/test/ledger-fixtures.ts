import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/database.js';
import type { NewUser } from '../src/modules/users/users.table.js';
import { insertFixtureUser } from './fixtures.js';
import { DEMO_PASSWORD, signIn } from './helper.js';

let counter = 0;

/** The hub of the fixture customers in a database without demo data, where the demo's first hub would be. */
const FIXTURE_HUB = {
  id: '6b1f3c2e-9a4d-4e8f-b7c5-0d2a1e3f4c5b',
  business_name: 'AirBox Fixture Hub',
  address: '1530 Broadway',
  city: 'Seattle',
  state: 'WA',
  zip_code: '98122',
  location: '47.6145,-122.3208',
};

/**
 * The fixture customers' hub: the first hub by name (the demo's, where it is seeded), else one of
 * the fixtures' own, made once, so that a file needs no demo data for its customers.
 */
export async function customerHub(db: Db): Promise<string> {
  const first = await db.selectFrom('hubs').select('id').orderBy('business_name').executeTakeFirst();
  if (first) return first.id;
  await db
    .insertInto('hubs')
    .values({ ...FIXTURE_HUB, created_at: new Date().toISOString() })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
  return FIXTURE_HUB.id;
}

/** A fresh active customer with its own AirBox ID at customerHub(), signed in; credits and flags as given. */
export async function newCustomer(app: FastifyInstance, changes: Partial<NewUser> = {}) {
  counter += 1;
  const unique = String(800_000 + counter);
  const email = `ledger-${unique}@example.com`;
  const { userId, boxId } = await insertFixtureUser(app.db, {
    role_id: 5,
    status: 1,
    email,
    password: DEMO_PASSWORD,
    box_id: `9${unique}`,
    locker_id: await customerHub(app.db),
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
