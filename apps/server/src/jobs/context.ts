import type { FastifyInstance } from 'fastify';

/** What a job may use: the app's database, configuration, log and providers. */
export type JobContext = Pick<FastifyInstance, 'db' | 'config' | 'log' | 'mail' | 'sms' | 'wallet'>;
