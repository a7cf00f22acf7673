import { randomUUID } from 'node:crypto';
import { HOUR_MS, ROLE } from '@airbox/contract';
import { insertAdvertisement } from '../modules/advertisements/advertisements.repository.js';
import { hashPassword } from '../modules/users/passwords.js';
import { insertCarrierServiceRenamings } from '../modules/carriers/carriers.repository.js';
import { insertBuilding, insertCampus, insertCompany, insertUnit } from '../modules/campuses/campuses.repository.js';
import { insertHubs, linkHubsToBuildings } from '../modules/hubs/hubs.repository.js';
import { insertThirdPartyOrder } from '../modules/third-party-orders/third-party-orders.repository.js';
import { insertLockerPackages } from '../modules/packages/packages.repository.js';
import { insertInvitationCode, insertServedZips } from '../modules/registration/registration.repository.js';
import { countUsers, insertUser } from '../modules/users/users.repository.js';
import type { NewUser } from '../modules/users/users.table.js';
import { type Db, writeTransaction } from '../db/database.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts.js';
import { seedDemoContacts } from './demo-contacts.js';
import { seedDemoHoldAndShare } from './demo-holds-and-shares.js';
import { DEMO_INVITATION_CODES, DEMO_SERVED_ZIPS } from './demo-registration.js';
import { seedLedgerDemo } from './seed-ledger.js';
import { seedDemoShipments } from './shipments.js';
import { seedDemoInternationalLabel } from './demo-international.js';
import { seedDemoReturnLabel } from './demo-returns.js';
import { seedDemoLabelBatch } from './demo-label-batch.js';
import { seedDemoScanForm } from './demo-scan-form.js';

const HUBS = [
  { business_name: 'AirBox Union Square', address: '801 Market St', city: 'San Francisco', state: 'CA', zip_code: '94103', location: '37.7847,-122.4066', hours: 'Every day, 6 AM – 11 PM', phone: '(415) 555-0134' },
  { business_name: 'AirBox Midtown', address: '350 5th Ave', city: 'New York', state: 'NY', zip_code: '10118', location: '40.7484,-73.9857', hours: 'Open 24 hours', phone: '(212) 555-0178' },
  { business_name: 'AirBox Capitol Hill', address: '1530 Broadway', city: 'Seattle', state: 'WA', zip_code: '98122', location: '47.6145,-122.3208', hours: 'Mon – Sat, 7 AM – 10 PM; Sun, 9 AM – 6 PM', phone: '(206) 555-0142' },
  { business_name: 'AirBox Riverside Campus', address: '2100 Riverside Dr', city: 'Austin', state: 'TX', zip_code: '78741', location: null, hours: 'Mon – Fri, 7 AM – 7 PM', phone: '(512) 555-0163' },
  { business_name: 'AirBox Mission Bay', address: '1800 Owens St', city: 'San Francisco', state: 'CA', zip_code: '94158', location: '37.7680,-122.3930', hours: 'Every day, 6 AM – 11 PM', phone: '(415) 555-0191' },
  { business_name: 'AirBox Riverside Building B', address: '2110 Riverside Dr', city: 'Austin', state: 'TX', zip_code: '78741', location: null, hours: 'Mon – Fri, 7 AM – 7 PM', phone: '(512) 555-0164' },
];

/** business@example.com's campuses: buildings, the hubs serving each (by name), units and companies. */
const CAMPUSES = [
  {
    bc_name: 'Mission Bay Commons',
    address1: '1800 Owens St',
    city: 'San Francisco',
    state: 'CA',
    zip_code: '94158',
    buildings: [
      {
        building_name: 'North Tower',
        hubs: ['AirBox Mission Bay', 'AirBox Union Square'],
        units: [
          { unit_name: 'Suite 100', companies: [['Bayview Robotics', '4158203'], ['Golden Gate Analytics', '4159371']] },
          { unit_name: 'Suite 200', companies: [['Owens Street Design', '4156402']] },
        ],
      },
      {
        building_name: 'South Tower',
        hubs: ['AirBox Mission Bay'],
        units: [
          { unit_name: 'Suite 300', companies: [['Mission Bay Biotech', '4157715']] },
          { unit_name: 'Suite 410', companies: [['Pier 70 Ventures', '4153096']] },
        ],
      },
    ],
  },
  {
    bc_name: 'Riverside Tech Campus',
    address1: '2100 Riverside Dr',
    city: 'Austin',
    state: 'TX',
    zip_code: '78741',
    buildings: [
      {
        building_name: 'Building A',
        hubs: ['AirBox Riverside Campus'],
        units: [
          { unit_name: '101', companies: [['Bluebonnet Software', '5124830']] },
          { unit_name: '102', companies: [['Lady Bird Labs', '5127264']] },
        ],
      },
      {
        building_name: 'Building B',
        hubs: ['AirBox Riverside Building B', 'AirBox Riverside Campus'],
        units: [
          { unit_name: '201', companies: [['Colorado River Logistics', '5129158']] },
          { unit_name: '202', companies: [['Zilker Health', '5126047']] },
        ],
      },
    ],
  },
] as const;

const RENAMINGS = [
  { carrier: 'USPS', easypost_original: 'Priority', renamed: 'USPS Priority Mail', service_search_queries: 'Priority' },
  { carrier: 'USPS', easypost_original: 'Express', renamed: 'USPS Priority Mail Express', service_search_queries: 'Express' },
  { carrier: 'USPS', easypost_original: 'GroundAdvantage', renamed: 'USPS Ground Advantage', service_search_queries: 'GroundAdvantage' },
  { carrier: 'FedEx', easypost_original: 'FEDEX_GROUND', renamed: 'FedEx Ground', service_search_queries: 'FEDEX_GROUND' },
  { carrier: 'FedEx', easypost_original: 'FEDEX_2_DAY', renamed: 'FedEx 2Day', service_search_queries: 'FEDEX_2_DAY' },
  { carrier: 'FedEx', easypost_original: 'STANDARD_OVERNIGHT', renamed: 'FedEx Standard Overnight', service_search_queries: 'STANDARD_OVERNIGHT' },
  { carrier: 'UPSDAP', easypost_original: 'Ground', renamed: 'UPS Ground', service_search_queries: 'Ground' },
  { carrier: 'UPSDAP', easypost_original: '2ndDayAir', renamed: 'UPS 2nd Day Air', service_search_queries: '2ndDayAir' },
  { carrier: 'UPSDAP', easypost_original: 'NextDayAir', renamed: 'UPS Next Day Air', service_search_queries: 'NextDayAir' },
];

const PROFILES: Record<string, Partial<NewUser>> = {
  'demo@example.com': {
    first_name: 'Dana',
    last_name: 'Demo',
    box_id: '2135846',
    pin: '482915',
    cell_phone: '415-555-0134',
    home_phone: '415-555-0178',
    address_line_1: '742 Valencia St',
    address_line_2: 'Apt 3',
    city: 'San Francisco',
    state: 'CA',
    zip_code: '94110',
    credits: 12,
    membership: 1,
  },
  'pending@example.com': { first_name: 'Pat', last_name: 'Pending', box_id: '2135847', pin: '103957' },
  'business@example.com': {
    first_name: 'Blake',
    last_name: 'Business',
    box_id: '2135848',
    pin: '739120',
    business_name: 'Bayside Property Management',
  },
  'business-pending@example.com': { first_name: 'Bailey', last_name: 'Waiting', box_id: '2135849', pin: '561284' },
  'admin@example.com': { first_name: 'Alex', last_name: 'Admin', box_id: '2135850', pin: '908172' },
};

/**
 * Fills an empty database with demo users, hubs, packages and reference rows. Does nothing when a
 * user exists, so it is safe to run at every start. Returns whether it seeded.
 */
export async function seedDemoData(db: Db, now: Date, options: { sessionSecret?: string } = {}): Promise<boolean> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR_MS).toISOString();
  return writeTransaction(db, async (trx) => {
    if ((await countUsers(trx)) > 0) return false;
    const hubs = HUBS.map((hub) => ({ ...hub, id: randomUUID(), created_at: at(0) }));
    await insertHubs(trx, hubs);
    const defaultHub = hubs[0]!.id;
    const userIds: Record<string, number> = {};
    for (const account of DEMO_ACCOUNTS) {
      userIds[account.email] = await insertUser(trx, {
        role_id: account.role,
        status: account.status,
        email: account.email,
        password_hash: passwordHash,
        box_id: '',
        locker_id: account.role === ROLE.admin ? null : defaultHub,
        notify_by_email: 1,
        notify_by_text: account.email === 'demo@example.com' ? 1 : 0,
        created_at: at(0),
        updated_at: at(0),
        activated_at: account.status === 0 ? null : at(0),
        ...PROFILES[account.email],
      });
    }
    const demoUser = userIds['demo@example.com']!;
    await insertLockerPackages(trx, [
      // Doors as the locker controller reports them (issue 22 item 3): a low one, a high one, and none (an older controller).
      { user_id: demoUser, hub_id: defaultHub, carrier: 'USPS', tracking_no: '9400111202555842761023', pickup_code: '583920', delivered_at: at(5), picked_up_at: null, door_column: 'B', door_row: 3, door_low: 1 },
      { user_id: demoUser, hub_id: defaultHub, carrier: 'UPSDAP', tracking_no: '1Z999AA10123456784', pickup_code: '204871', delivered_at: at(27), picked_up_at: null, door_column: 'A', door_row: 1, door_low: 0 },
      { user_id: demoUser, hub_id: defaultHub, carrier: 'FedEx', tracking_no: '794644790132', pickup_code: '771035', delivered_at: at(50), picked_up_at: null },
      { user_id: demoUser, hub_id: defaultHub, carrier: 'USPS', tracking_no: '9400111202555842761999', pickup_code: '118402', delivered_at: at(100), picked_up_at: at(90) },
    ]);
    await insertCarrierServiceRenamings(trx, RENAMINGS);
    await seedLedgerDemo(trx, demoUser, now);
    // Issue 22: a vacation hold ahead and a live share, so My Profile and the dashboard show them.
    await seedDemoHoldAndShare(trx, demoUser, now);
    await insertAdvertisement(trx, {
      content: 'Holiday hours: lockers at AirBox Union Square are open 24/7 through January 2.',
      active: 1,
      created_at: at(0),
    });
    await insertThirdPartyOrder(trx, { order_id: 'DEMO-1001', merchant_id: 'DEMO', pickup_code: '640218', hub_id: defaultHub, created_at: at(3) });
    // A merchant's order that is one of the demo user's waiting packages: its pickup-code page offers its owner SHARE PICKUP.
    await insertThirdPartyOrder(trx, { order_id: 'DEMO-1002', merchant_id: 'DEMO', pickup_code: '583920', hub_id: defaultHub, created_at: at(5) });
    await seedCampuses(trx, userIds['business@example.com']!, hubs, at(0));
    await seedDemoContacts(trx, demoUser, now);
    const demo = PROFILES['demo@example.com']!;
    await seedDemoShipments(
      trx,
      {
        userId: demoUser,
        boxId: demo.box_id!,
        sender: {
          first_name: demo.first_name!,
          last_name: demo.last_name!,
          company: '',
          address1: demo.address_line_1!,
          address2: demo.address_line_2!,
          city: demo.city!,
          state: demo.state!,
          zipcode: demo.zip_code!,
          phone: demo.cell_phone!,
          email: 'demo@example.com',
          residential: 1,
        },
      },
      now,
      // Issue 23 item 1: the drop-off codes are sealed under SESSION_SECRET, so they need it.
      options.sessionSecret ? { hubId: defaultHub, sessionSecret: options.sessionSecret } : undefined,
    );
    // Issue 23 items 2 and 3: a return label of the delivered one, with its QR code.
    await seedDemoReturnLabel(trx, demoUser, now);
    // Issue 25 item 1: a finished batch of labels from a spreadsheet, one of its rows refused and refunded.
    await seedDemoLabelBatch(trx, demoUser, now);
    // Issue 25 item 2: the batch's end-of-day scan form.
    await seedDemoScanForm(trx, demoUser);
    // Issue 25 item 3: a label to Canada with its customs declaration.
    await seedDemoInternationalLabel(trx, demoUser, now);
    return true;
  });
}

/** The campus directory, served zips and the demo invitation codes (registration, spec 02). */
async function seedCampuses(trx: Db, managerId: number, hubs: { id: string; business_name: string; zip_code: string }[], nowIso: string) {
  const hubId = (name: string) => hubs.find((hub) => hub.business_name === name)!.id;
  for (const { buildings, ...campus } of CAMPUSES) {
    const bcId = await insertCampus(trx, { ...campus, bcm_user_id: managerId });
    for (const { hubs: hubNames, units, building_name } of buildings) {
      const buildingId = await insertBuilding(trx, { bc_id: bcId, building_name });
      await linkHubsToBuildings(trx, hubNames.map((name) => ({ building_id: buildingId, hub_id: hubId(name) })));
      for (const { unit_name, companies } of units) {
        const unitId = await insertUnit(trx, { building_id: buildingId, unit_name });
        for (const [company_name, airbox_id] of companies) await insertCompany(trx, { unit_id: unitId, company_name, airbox_id });
      }
    }
  }
  await insertServedZips(trx, [...new Set([...hubs.map((hub) => hub.zip_code), ...DEMO_SERVED_ZIPS])]);
  for (const invitation of DEMO_INVITATION_CODES) {
    await insertInvitationCode(trx, {
      code: invitation.code,
      role_id: invitation.role,
      bcm_user_id: managerId,
      company_id: null,
      max_uses: null,
      expires_at: null,
      created_at: nowIso,
    });
  }
}
