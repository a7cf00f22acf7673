import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.js';

const SECRET = 'x'.repeat(40);
const KEY_A = 'a'.repeat(24);
const KEY_B = 'B-locker_key.0123456789abc';

describe('payments, SMS and locker configuration', () => {
  it('defaults to the simulators and no locker key', () => {
    const config = loadConfig({ SESSION_SECRET: SECRET });
    expect(config.payments).toEqual({ provider: 'simulator' });
    expect(config.sms).toEqual({ provider: 'simulator' });
    expect(config.lockerApiKeys).toEqual([]);
  });

  it('reads PayPal with the sandbox as the default API base', () => {
    const config = loadConfig({ SESSION_SECRET: SECRET, PAYMENTS_PROVIDER: 'paypal', PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' });
    expect(config.payments).toEqual({
      provider: 'paypal',
      paypalClientId: 'id',
      paypalClientSecret: 'secret',
      paypalApiBase: 'https://api-m.sandbox.paypal.com',
    });
  });

  it('reads a Twilio-compatible SMS API and comma-separated locker keys', () => {
    const config = loadConfig({
      SESSION_SECRET: SECRET,
      SMS_PROVIDER: 'twilio',
      SMS_API_URL: 'https://sms.example.com',
      SMS_ACCOUNT: 'AC1',
      SMS_TOKEN: 'token',
      SMS_FROM: '+14155550000',
      LOCKER_API_KEYS: `${KEY_A},${KEY_B}`,
    });
    expect(config.sms).toEqual({ provider: 'twilio', apiUrl: 'https://sms.example.com', account: 'AC1', token: 'token', from: '+14155550000' });
    expect(config.lockerApiKeys).toEqual([KEY_A, KEY_B]);
  });

  it('names every key a chosen provider still needs', () => {
    expect(() => loadConfig({ SESSION_SECRET: SECRET, PAYMENTS_PROVIDER: 'paypal', SMS_PROVIDER: 'twilio', SMS_ACCOUNT: 'AC1' })).toThrow(
      new ConfigError(
        'Invalid environment:\n  PAYPAL_CLIENT_ID: required by the chosen provider\n  PAYPAL_CLIENT_SECRET: required by the chosen provider\n  SMS_TOKEN: required by the chosen provider\n  SMS_FROM: required by the chosen provider',
      ),
    );
  });

  it('refuses an unknown provider, a bad API base and a short locker key', () => {
    expect(() => loadConfig({ SESSION_SECRET: SECRET, PAYMENTS_PROVIDER: 'stripe' })).toThrow(/PAYMENTS_PROVIDER/);
    expect(() => loadConfig({ SESSION_SECRET: SECRET, PAYPAL_API_BASE: 'ftp://x' })).toThrow(/PAYPAL_API_BASE/);
    expect(() => loadConfig({ SESSION_SECRET: SECRET, LOCKER_API_KEYS: `${KEY_A},short` })).toThrow(/LOCKER_API_KEYS/);
  });
});
