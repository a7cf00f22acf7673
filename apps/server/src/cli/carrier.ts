import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { type AppConfig, loadConfig } from '../config/env.js';
import { createDatabase, type Db } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { advanceSimulatedLabel, type AdvancedLabel } from '../jobs/carrier-simulator-advance.job.js';
import { CARRIER_ERROR_CODES, CARRIER_STEPS, CarrierError } from '../providers/carriers/carriers-provider.js';
import { createCarriersProvider } from '../providers/carriers/index.js';
import { isCarriersSimulator, type SimulatorCarriersProvider } from '../providers/carriers/simulator-carriers-provider.js';
import { createDatabaseSimulatorStore } from '../providers/carriers/simulator-store.js';
import { failCommand, UsageError } from './simulator-fail.js';

export const USAGE = `Usage (the carriers simulator in the database of DATABASE_URL, as the server uses it):
  npm run carrier -- advance <tracking code>
      Time passes for one label: its tracker moves one step (pre_transit → in_transit →
      out_for_delivery → delivered), or its submitted refund is granted. The event reaches the
      label in My Shipments at once; the customer's mail or text is queued for the running portal.
  npm run carrier -- advance-all
      The same for every label that can still move.
  npm run carrier -- track <tracking code>
      Prints the simulator's tracker: status and events.
  npm run carrier -- fail <step> <error code> [--after]
      The next call of <step> by any server fails once with <error code>; --after: once done
      (a purchase made whose answer was lost).
      Steps: ${CARRIER_STEPS.join(', ')}
      Error codes: ${CARRIER_ERROR_CODES.join(', ')}`;


/** advance-all moves at most this many labels in one run. */
const ADVANCE_ALL_LIMIT = 10_000;

const words = (status: string) => status.replace(/_/g, ' ');

function describe(result: AdvancedLabel): string {
  const carrierSide = result.moved
    ? `tracker now ${words(result.trackerStatus)}`
    : result.refundStatus === 'refunded'
      ? 'refund granted by the carrier'
      : `tracker stays ${words(result.trackerStatus)} (nothing moves it any more)`;
  const portal = result.label ? `; label ${result.label.orderNo} shows ${words(result.label.status)}` : result.moved ? '; no label of the portal has it' : '';
  return `${result.trackingCode}: ${carrierSide}${portal}`;
}

/**
 * Runs one carrier command against the simulator and answers what to print. Throws UsageError
 * for a command it does not know, and CarrierError for an unknown tracking code.
 */
export async function carrierCommand(
  deps: { db: Db; config: AppConfig; log: FastifyBaseLogger; carriers: SimulatorCarriersProvider },
  args: string[],
): Promise<string> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { after: { type: 'boolean', default: false } } });
  const [command, first, second] = positionals;
  switch (command) {
    case 'advance': {
      if (!first) throw new UsageError('advance needs a tracking code');
      return describe(await advanceSimulatedLabel(deps, deps.carriers, first, { applyNow: true }));
    }
    case 'advance-all': {
      const due = await deps.carriers.dueTrackingCodes(deps.config.clock(), ADVANCE_ALL_LIMIT);
      const lines: string[] = [];
      for (const code of due) lines.push(describe(await advanceSimulatedLabel(deps, deps.carriers, code, { applyNow: true })));
      return lines.length > 0 ? lines.join('\n') : 'No label can move.';
    }
    case 'track': {
      if (!first) throw new UsageError('track needs a tracking code');
      const tracker = await deps.carriers.track({ trackingCode: first });
      const events = tracker.events.map((event) => `  ${event.datetime}  ${words(event.status).padEnd(16)}  ${event.message}${event.city ? ` (${event.city}, ${event.state ?? ''})` : ''}`);
      return [`${tracker.trackingCode} ${tracker.carrier ?? ''}: ${words(tracker.status)}`, ...events].join('\n');
    }
    case 'fail':
      return failCommand({ steps: CARRIER_STEPS, codes: CARRIER_ERROR_CODES }, first, second, values.after ?? false, (step, code, options) =>
        deps.carriers.failNextDurably(step, code, options),
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
  const log = pino({ level: 'warn' }) as unknown as FastifyBaseLogger;
  const db = createDatabase(config.databaseUrl);
  try {
    await migrateToLatest(db);
    const carriers = createCarriersProvider(config, createDatabaseSimulatorStore(db));
    if (!isCarriersSimulator(carriers)) throw new UsageError('npm run carrier drives the carriers simulator only (CARRIERS_PROVIDER=simulator).');
    console.log(await carrierCommand({ db, config, log, carriers }, args));
  } catch (error) {
    if (error instanceof UsageError || error instanceof CarrierError) {
      console.error(error instanceof CarrierError && error.code === 'NOT_FOUND' ? `No label of the simulator has this tracking code.` : error.message);
      process.exitCode = error instanceof UsageError ? 2 : 1;
    } else {
      console.error('The carrier command failed:', error);
      process.exitCode = 1;
    }
  } finally {
    await db.destroy();
  }
}

// Run as a command (node dist/cli/carrier.js), not when a test imports carrierCommand.
if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
