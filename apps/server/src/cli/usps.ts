import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/env.js';
import { createDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { createUspsPickupsProvider } from '../providers/usps/index.js';
import { USPS_ERROR_CODES, USPS_PICKUP_STEPS, UspsError } from '../providers/usps/usps-pickups-provider.js';
import { isUspsPickupsSimulator, type SimulatorUspsPickupsProvider } from '../providers/usps/usps-pickups-simulator.js';
import { failCommand, UsageError } from './simulator-fail.js';

export const USAGE = `Usage (the USPS carrier pickup simulator in the database of DATABASE_URL, as the server uses it):
  npm run usps -- show <confirmation number>
      Prints the pickup as USPS would answer an inquiry: date, address, packages, ETag.
  npm run usps -- fail <step> <error code> [--after]
      The next call of <step> by any server fails once with <error code>; --after: once done
      (a pickup scheduled or cancelled whose answer was lost).
      Steps: ${USPS_PICKUP_STEPS.join(', ')}
      Error codes: ${USPS_ERROR_CODES.join(', ')}`;


/** Runs one command against the USPS pickup simulator and answers what to print; UsageError for a command it does not know. */
export async function uspsCommand(deps: { uspsPickups: SimulatorUspsPickupsProvider }, args: string[]): Promise<string> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { after: { type: 'boolean', default: false } } });
  const [command, first, second] = positionals;
  switch (command) {
    case 'show': {
      if (!first) throw new UsageError('show needs a confirmation number');
      const pickup = await deps.uspsPickups.inquire(first);
      if (!pickup) return `${first}: no scheduled pickup (cancelled or unknown).`;
      const { address } = pickup;
      return [
        `${pickup.confirmationNumber}: ${pickup.dayOfWeek} ${pickup.pickupDate}`,
        `  ${address.firstName} ${address.lastName}${address.firm ? `, ${address.firm}` : ''}, ${address.streetAddress}${address.secondaryAddress ? ` ${address.secondaryAddress}` : ''}, ${address.city}, ${address.state} ${address.zip5}`,
        `  ${pickup.packages.map((pack) => `${pack.count} ${pack.packageType}`).join(', ')}; ${pickup.estimatedWeight} lb at ${pickup.packageLocation}${pickup.specialInstructions ? ` (${pickup.specialInstructions})` : ''}`,
        `  ETag ${pickup.eTag ?? 'none'}`,
      ].join('\n');
    }
    case 'fail':
      return failCommand({ steps: USPS_PICKUP_STEPS, codes: USPS_ERROR_CODES }, first, second, values.after ?? false, (step, code, options) =>
        deps.uspsPickups.failNextDurably(step, code, options),
      );
    default:
      throw new UsageError(USAGE);
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.length === 0 || args.includes('--help') || args.includes('-h')) {
    console.log(USAGE);
    process.exit(args.length === 0 ? 2 : 0);
  }
  const config = loadConfig();
  const db = createDatabase(config.databaseUrl);
  try {
    await migrateToLatest(db);
    const uspsPickups = createUspsPickupsProvider(config, db);
    if (!isUspsPickupsSimulator(uspsPickups)) throw new UsageError('npm run usps drives the USPS pickup simulator only (USPS_PICKUPS_PROVIDER=simulator).');
    console.log(await uspsCommand({ uspsPickups }, args));
  } catch (error) {
    if (error instanceof UsageError || error instanceof UspsError) {
      console.error(error.message);
      process.exitCode = error instanceof UsageError ? 2 : 1;
    } else {
      console.error('The USPS command failed:', error);
      process.exitCode = 1;
    }
  } finally {
    await db.destroy();
  }
}

// Run as a command (node dist/cli/usps.js), not when a test imports uspsCommand.
if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
