import { loadConfig } from '../config/env.js';
import { createDatabase } from '../db/database.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts.js';
import { DEMO_INVITATION_CODES, DEMO_SERVED_ZIPS } from './demo-registration.js';
import { migrateToLatest } from '../db/migrate.js';
import { seedDemoData } from './seed.js';

/** npm run seed: migrates the configured database and seeds demo data if it is empty. */
const config = loadConfig();
const db = createDatabase(config.databaseUrl);
try {
  await migrateToLatest(db);
  const seeded = await seedDemoData(db, config.clock(), { sessionSecret: config.sessionSecret });
  console.log(seeded ? 'Demo data seeded. Logins (password ' + DEMO_PASSWORD + '):' : 'The database already has users; nothing seeded.');
  if (seeded) {
    for (const account of DEMO_ACCOUNTS) console.log(`  ${account.email}  (${account.note})`);
    console.log('Invitation codes:');
    for (const invitation of DEMO_INVITATION_CODES) console.log(`  ${invitation.code}  (${invitation.note})`);
    console.log(`Served zip codes: ${DEMO_SERVED_ZIPS.join(', ')}`);
  }
} catch (error) {
  console.error('Seeding failed:', error);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
