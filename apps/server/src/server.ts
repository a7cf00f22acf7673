import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config/env.js';
import { recordBenchMeasures } from './config/bench-measures.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/demo-accounts.js';
import { sharedCpuPool } from './workers/cpu-pool.js';
import { DEMO_INVITATION_CODES, DEMO_SERVED_ZIPS } from './seed/demo-registration.js';

const SHUTDOWN_TIMEOUT_MS = 10_000;

/** Starts the portal: reads the environment once, builds the app, listens, shuts down gracefully. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // What the bench measures inside the portal (config/bench-measures.ts): off unless asked.
  if (process.env.BENCH_MEASURES_FILE) recordBenchMeasures(process.env.BENCH_MEASURES_FILE);
  const app = await buildApp(config);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  // The drawing thread starts now rather than in the first label purchase's answer.
  sharedCpuPool().warm();
  const lines = [
    '',
    `${config.brandName} portal: ${config.publicUrl}/app/`,
    ...(config.seedDemoData
      ? [
          `Demo logins (password ${DEMO_PASSWORD}):`,
          ...DEMO_ACCOUNTS.map((account) => `  ${account.email.padEnd(30)} ${account.note}`),
          'Demo invitation codes (enterprise registration, unlimited uses):',
          ...DEMO_INVITATION_CODES.map((invitation) => `  ${invitation.code.padEnd(30)} ${invitation.note}`),
          `Served zip codes (registration): ${DEMO_SERVED_ZIPS.join(', ')}`,
          'Locker demo: npm run locker -- deliver --box 2135846, then npm run locker -- pickup --code <code>',
        ]
      : []),
    '',
  ];
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  console.error('The server could not start:', error);
  process.exit(1);
});
