import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config/env.js';
import type { MailProvider } from './mail-provider.js';
import { createOutboxMailProvider, createSmtpMailProvider } from './nodemailer-mail-provider.js';

export function createMailProvider(
  config: Pick<AppConfig, 'smtpUrl' | 'mailOutboxDir' | 'mailFrom'>,
  log: FastifyBaseLogger,
): MailProvider {
  return config.smtpUrl
    ? createSmtpMailProvider(config.smtpUrl, config.mailFrom, log)
    : createOutboxMailProvider(config.mailOutboxDir, config.mailFrom, log);
}
