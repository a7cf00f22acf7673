import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config/env.js';
import type { Db } from './db/database.js';
import type { FailureCounter } from './modules/auth/failure-counter.js';
import type { CarriersProvider } from './providers/carriers/carriers-provider.js';
import type { MailProvider } from './providers/mail/mail-provider.js';
import type { PaymentsProvider } from './providers/payments/payments-provider.js';
import type { SmsProvider } from './providers/sms/sms-provider.js';
import type { WalletProvider } from './providers/wallet/wallet-provider.js';

/**
 * What services, jobs and commands get of the app, one way: built once (the app's plugins
 * decorate the Fastify instance with these, which therefore is one; a command builds the part it
 * needs), usable outside a request. A service names the part it uses: Pick<AppContext, 'db' | …>.
 */
export interface AppContext {
  db: Db;
  config: AppConfig;
  log: FastifyBaseLogger;
  mail: MailProvider;
  sms: SmsProvider;
  payments: PaymentsProvider;
  carriers: CarriersProvider;
  wallet: WalletProvider;
  /** Failed password checks (LOGIN_FAILURES_PER_HOUR). */
  loginFailures: FailureCounter;
}
