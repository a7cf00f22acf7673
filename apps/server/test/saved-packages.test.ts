import {
  ACCOUNT_CAPS,
  API_ERRORCODE,
  CARRIER_PACKAGE_MESSAGES,
  SAVED_PACKAGE_ERRORCODE,
  SAVED_PACKAGE_MESSAGES,
  deleteSavedPackageCall,
  getSavedPackagesCall,
  savePackageCall,
} from '@airbox/contract';
import { describe, expect, it } from 'vitest';
import { FIXTURE_PASSWORD, insertAccountUser } from './account-fixtures.js';
import { signIn, useTestApp, useTestDatabase } from './helper.js';

/**
 * The label page's saved packages (issue 21 item 12), called as the web app calls them: JSON
 * bodies with the Package step's values as its form holds them (strings, empty sides for a Flat
 * Rate package), the session cookie the only identity.
 */
const database = useTestDatabase();
const t = useTestApp(database, { seedDemoData: false });

async function newCustomer() {
  const user = await insertAccountUser(t.app.db);
  const { cookie } = await signIn(t.app, user.email, FIXTURE_PASSWORD);
  return { ...user, cookie };
}

type Customer = Awaited<ReturnType<typeof newCustomer>>;

const SHOE_BOX = { predefinedPackage: '', length: '14', width: '8', height: '5', weightLb: '2', weightOz: '4' };
const SMALL_FLAT_RATE = { predefinedPackage: 'SmallFlatRateBox', length: '', width: '', height: '', weightLb: '1', weightOz: '' };

const save = (user: Customer, name: string, parcel: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: savePackageCall.method, url: savePackageCall.path, headers: { cookie: user.cookie, ...headers }, payload: { name, parcel } });
const remove = (user: Customer, id: number | string) =>
  t.app.inject({ method: deleteSavedPackageCall.method, url: deleteSavedPackageCall.path, headers: { cookie: user.cookie }, payload: { id } });

async function listOf(user: Customer) {
  const response = await t.app.inject({ method: 'GET', url: getSavedPackagesCall.path, headers: { cookie: user.cookie } });
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return response.json().data as Array<{ id: number; name: string; predefinedPackage: string | null; length: number; width: number; height: number; weight: number }>;
}

describe('saved packages', () => {
  it('saves the customer’s own box and a USPS Flat Rate package, lists them by name, and deletes one', async () => {
    const user = await newCustomer();
    expect(await listOf(user)).toEqual([]);

    const shoe = await save(user, '  Shoe   box ', SHOE_BOX);
    expect(shoe.statusCode).toBe(200);
    expect(shoe.json()).toEqual({ errorcode: SAVED_PACKAGE_ERRORCODE.ok, message: SAVED_PACKAGE_MESSAGES.saved('Shoe box'), data: { id: expect.any(Number) } });
    expect((await save(user, 'A flat rate', SMALL_FLAT_RATE)).json().errorcode).toBe(SAVED_PACKAGE_ERRORCODE.ok);

    const list = await listOf(user);
    expect(list).toEqual([
      { id: expect.any(Number), name: 'A flat rate', predefinedPackage: 'SmallFlatRateBox', length: 8.625, width: 5.375, height: 1.625, weight: 16 },
      { id: shoe.json().data.id, name: 'Shoe box', predefinedPackage: null, length: 14, width: 8, height: 5, weight: 36 },
    ]);

    const deleted = await remove(user, shoe.json().data.id);
    expect(deleted.json()).toEqual({ errorcode: SAVED_PACKAGE_ERRORCODE.ok, message: SAVED_PACKAGE_MESSAGES.deleted('Shoe box') });
    expect((await listOf(user)).map((saved) => saved.name)).toEqual(['A flat rate']);
  });

  it('refuses a name the customer already uses, whatever its case, and keeps the first', async () => {
    const user = await newCustomer();
    await save(user, 'Shoe box', SHOE_BOX);
    const again = await save(user, 'SHOE BOX', SMALL_FLAT_RATE);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ errorcode: SAVED_PACKAGE_ERRORCODE.duplicateName, message: SAVED_PACKAGE_MESSAGES.duplicateName('SHOE BOX') });
    expect(await listOf(user)).toMatchObject([{ name: 'Shoe box', predefinedPackage: null }]);
    // Another customer may use the same name.
    expect((await save(await newCustomer(), 'Shoe box', SHOE_BOX)).statusCode).toBe(200);
  });

  it('refuses a package name that is not a USPS Flat Rate package, an empty name and a box without sides, saving nothing', async () => {
    const user = await newCustomer();
    const unknown = await save(user, 'Fake', { ...SMALL_FLAT_RATE, predefinedPackage: 'FedExBox' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain(CARRIER_PACKAGE_MESSAGES.unknown);
    expect((await save(user, '   ', SHOE_BOX)).statusCode).toBe(400);
    expect((await save(user, 'No sides', { ...SHOE_BOX, length: '' })).statusCode).toBe(400);
    expect((await save(user, 'Too heavy', { ...SMALL_FLAT_RATE, weightLb: '71' })).statusCode).toBe(400);
    expect(await listOf(user)).toEqual([]);
  });

  it('answers someone else’s package as not found and deletes nothing; each sees only their own', async () => {
    const owner = await newCustomer();
    const other = await newCustomer();
    const id = (await save(owner, 'Shoe box', SHOE_BOX)).json().data.id as number;
    expect(await listOf(other)).toEqual([]);
    const refused = await remove(other, id);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ errorcode: SAVED_PACKAGE_ERRORCODE.notFound, message: SAVED_PACKAGE_MESSAGES.notFound });
    // One that does not exist answers the same.
    expect((await remove(other, id + 1000)).json()).toEqual(refused.json());
    expect(await listOf(owner)).toHaveLength(1);
    // Another customer's user_id in the body is refused (the session is the identity); nothing is written for either.
    const spoofed = await t.app.inject({ method: 'POST', url: savePackageCall.path, headers: { cookie: other.cookie }, payload: { name: 'Mine', parcel: SHOE_BOX, user_id: owner.userId } });
    expect(spoofed.statusCode).toBe(403);
    expect((await listOf(owner)).map((saved) => saved.name)).toEqual(['Shoe box']);
    expect(await listOf(other)).toEqual([]);
  });

  it(`keeps at most ${ACCOUNT_CAPS.savedPackages}, even 10 saved at once, and says so; a delete makes room`, async () => {
    const user = await newCustomer();
    const at = new Date().toISOString();
    await t.app.db
      .insertInto('saved_packages')
      .values(
        Array.from({ length: ACCOUNT_CAPS.savedPackages - 1 }, (_, i) => ({
          user_id: user.userId,
          name: `Box ${i}`,
          name_key: `box ${i}`,
          length_in: 10,
          width_in: 8,
          height_in: 4,
          weight_oz: 16,
          created_at: at,
        })),
      )
      .execute();
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => save(user, `Racer ${i}`, SHOE_BOX)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    for (const answer of answers.filter((candidate) => candidate.statusCode !== 200)) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toEqual({ errorcode: API_ERRORCODE.limitReached, message: SAVED_PACKAGE_MESSAGES.full(ACCOUNT_CAPS.savedPackages) });
    }
    expect(SAVED_PACKAGE_MESSAGES.full(ACCOUNT_CAPS.savedPackages)).toBe('You have 50 saved packages, the most we keep. Delete one from Your saved packages before saving another.');
    const full = await listOf(user);
    expect(full).toHaveLength(ACCOUNT_CAPS.savedPackages);
    expect((await remove(user, full[0]!.id)).statusCode).toBe(200);
    expect((await save(user, 'Room again', SHOE_BOX)).statusCode).toBe(200);
  });

  it('needs a session, and refuses a save or a delete from another site', async () => {
    const user = await newCustomer();
    const anonymous = await t.app.inject({ method: 'GET', url: getSavedPackagesCall.path });
    expect(anonymous.statusCode).toBe(401);
    const foreign = await save(user, 'Evil', SHOE_BOX, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    const id = (await save(user, 'Mine', SHOE_BOX)).json().data.id as number;
    const foreignDelete = await t.app.inject({ method: 'POST', url: deleteSavedPackageCall.path, headers: { cookie: user.cookie, origin: 'https://evil.example' }, payload: { id } });
    expect(foreignDelete.statusCode).toBe(403);
    expect((await listOf(user)).map((saved) => saved.name)).toEqual(['Mine']);
  });
});
