import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config/env.js';
import type { Db } from './db/database.js';
import type { CarriersProvider } from './providers/carriers/carriers-provider.js';
import type { MailProvider } from './providers/mail/mail-provider.js';
import type { PassPushProvider } from './providers/pass-push/pass-push-provider.js';
import type { PaymentsProvider } from './providers/payments/payments-provider.js';
import type { SmsProvider } from './providers/sms/sms-provider.js';
import type { WalletProvider } from './providers/wallet/wallet-provider.js';

/**
 * Counts failed password checks per key in a fixed window: in memory for one server, in Redis
 * (REDIS_URL) so that several instances share the count (modules/auth/failure-counter.ts).
 */
export interface FailureCounter {
  /** Counts one more failure; returns the count in the window, 1 when this failure starts one (none counted, the last window over, or cleared). */
  increment(key: string): Promise<number>;
  /** Forgets the failures counted for this key. */
  clear(key: string): Promise<void>;
}

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
  /** Pushes that tell devices a wallet pass changed (APNs or its simulator). */
  passPushes: PassPushProvider;
  /** Failed password checks (LOGIN_FAILURES_PER_HOUR). */
  loginFailures: FailureCounter;
}
