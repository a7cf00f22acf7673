import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config/env.js';
import { createOutboxSmsProvider } from './outbox-sms-provider.js';
import type { SmsProvider } from './sms-provider.js';
import { createTwilioSmsProvider } from './twilio-sms-provider.js';

/** SMS_PROVIDER picks the provider: the outbox simulator (default, beside the mail outbox) or Twilio. */
export function createSmsProvider(config: Pick<AppConfig, 'sms' | 'mailOutboxDir'>, log: FastifyBaseLogger): SmsProvider {
  const sms = config.sms ?? { provider: 'simulator' };
  return sms.provider === 'twilio'
    ? createTwilioSmsProvider({ apiUrl: sms.apiUrl, account: sms.account, token: sms.token, from: sms.from, timeoutMs: sms.timeoutMs }, log)
    : createOutboxSmsProvider(config.mailOutboxDir, log);
}
