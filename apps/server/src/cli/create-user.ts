import { parseArgs } from 'node:util';
import { LIMITS, ROLE_IDS, USER_STATUS, emailField, resetPasswordField } from '@airbox/contract';
import { z } from 'zod';
import { loadConfig } from '../config/env.js';
import { createDatabase, writeTransaction } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { findUserByEmail } from '../modules/users/users.repository.js';
import { createUser } from '../modules/users/users.service.js';

/**
 * npm run user:create -- --email ops@example.com --password 'S3curePass' --role 1 [--status 1]
 *   [--first-name Ops] [--last-name Team] [--box-id 2468013]
 *
 * Creates an account without the sign-up flow: how operators make admin (role 1) and business
 * (role 10) accounts, which no public screen creates. Prints the new user's id and AirBox ID as JSON.
 * The AirBox ID, given or else drawn at random among the free ones, must pass boxIdProblem() (not
 * reserved, not continuous); createUser refuses one that does not.
 */
const optionsSchema = z.object({
  email: emailField(),
  password: resetPasswordField,
  role: z.coerce.number().pipe(z.union(ROLE_IDS.map((id) => z.literal(id)))),
  status: z.coerce.number().int().min(USER_STATUS.notActivated).max(USER_STATUS.businessActive).default(USER_STATUS.active),
  'first-name': z.string().trim().max(LIMITS.nameMax).default(''),
  'last-name': z.string().trim().max(LIMITS.nameMax).default(''),
  'box-id': z.string().regex(/^[1-9]\d{6}$/, 'must be 7 digits not starting with 0').optional(),
});

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    role: { type: 'string' },
    status: { type: 'string' },
    'first-name': { type: 'string' },
    'last-name': { type: 'string' },
    'box-id': { type: 'string' },
  },
});
const parsed = optionsSchema.safeParse(values);
if (!parsed.success) {
  for (const issue of parsed.error.issues) console.error(`--${issue.path.join('.')}: ${issue.message}`);
  process.exit(2);
}
const options = parsed.data;
const config = loadConfig();
const db = createDatabase(config.databaseUrl);
try {
  await migrateToLatest(db);
  const now = config.clock();
  const created = await writeTransaction(db, async (trx) => {
    if (await findUserByEmail(trx, options.email)) throw new Error(`${options.email} already has an account`);
    const { userId, boxId } = await createUser(
      trx,
      {
        role_id: options.role,
        status: options.status,
        email: options.email,
        password: options.password,
        first_name: options['first-name'],
        last_name: options['last-name'],
        box_id: options['box-id'],
      },
      now,
    );
    return { user_id: userId, BOXID: boxId };
  });
  console.log(JSON.stringify(created));
} catch (error) {
  console.error(`Could not create the user: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
