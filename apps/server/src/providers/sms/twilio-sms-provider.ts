import type { FastifyBaseLogger } from 'fastify';
import type { SmsProvider } from './sms-provider.js';

export interface TwilioConfig {
  /** https://api.twilio.com or a compatible service. */
  apiUrl: string;
  /** Account SID. */
  account: string;
  /** Auth token. */
  token: string;
  /** The sending number (E.164) or messaging service. */
  from: string;
  timeoutMs?: number;
}

/**
 * A Twilio-compatible Messages API: POST {apiUrl}/2010-04-01/Accounts/{account}/Messages.json,
 * HTTP Basic auth with the account and token, a form body To, From, Body; 201 with the sid.
 *
 * Not idempotent: Twilio documents no idempotency key for creating a message (its
 * I-Twilio-Idempotency-Token header is on the webhooks Twilio sends, not on API calls), so a text
 * whose answer is lost (a crash after Twilio took it) is sent again when its job runs again. A
 * job's mail, by contrast, keeps one Message-ID across runs (jobs/runner.ts).
 */
export function createTwilioSmsProvider(config: TwilioConfig, log: FastifyBaseLogger, fetchImpl: typeof fetch = fetch): SmsProvider {
  const url = `${config.apiUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(config.account)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${config.account}:${config.token}`).toString('base64')}`;
  return {
    async send(message) {
      const response = await fetchImpl(url, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({ To: message.to, From: config.from, Body: message.body }).toString(),
        signal: AbortSignal.timeout(config.timeoutMs ?? 15_000),
      });
      const body = (await response.json().catch(() => ({}))) as { sid?: string; code?: number; message?: string };
      if (!response.ok) throw new Error(`SMS API answered HTTP ${response.status}${body.code ? ` (code ${body.code})` : ''}`);
      log.info({ sid: body.sid }, 'text message sent');
    },
  };
}
