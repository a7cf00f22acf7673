import type { AppContext } from '../context.js';

/** What a job may use: the app's database, configuration, log and providers. */
export type JobContext = Pick<AppContext, 'db' | 'config' | 'log' | 'mail' | 'sms' | 'wallet' | 'payments' | 'carriers'>;
