import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, REPO_ROOT } from './env.js';
import { realProvidersEnv } from '../../test/production-env.js';
import { redactUrl } from './logger.js';

const SECRET = 'x'.repeat(40);

describe('loadConfig', () => {
  it('applies the defaults, resolving paths against the repository root', () => {
    const config = loadConfig({ SESSION_SECRET: SECRET });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:8080',
      databaseUrl: `sqlite:${REPO_ROOT}/data/airbox.db`,
      mailOutboxDir: `${REPO_ROOT}/data/outbox`,
      webDistDir: `${REPO_ROOT}/apps/web/dist`,
      brandName: 'AirBox',
      adminAppUrl: '/app/admin/',
      tabletAppUrl: '/app/tablet/#/dashboard',
      labelPurchaseUrl: '/app/shipment/#/Shipment/shipmentRate',
      authRateLimitPerMinute: 10,
      loginFailuresPerHour: 100,
      trustProxy: false,
      seedDemoData: true,
      redisUrl: undefined,
      smtpUrl: undefined,
    });
  });

  it('takes PostgreSQL URLs and booleans as written', () => {
    const config = loadConfig({
      SESSION_SECRET: SECRET,
      PORT: '9000',
      DATABASE_URL: 'postgresql://u@db:5432/airbox',
      TRUST_PROXY: 'true',
      SEED_DEMO_DATA: '0',
      PUBLIC_URL: 'https://portal.example.com/',
    });
    expect(config).toMatchObject({
      port: 9000,
      databaseUrl: 'postgresql://u@db:5432/airbox',
      trustProxy: true,
      seedDemoData: false,
      publicUrl: 'https://portal.example.com',
    });
  });

  it('names every bad key in one error', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', REDIS_URL: 'http://x', SESSION_SECRET: SECRET });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const key of ['PORT', 'DATABASE_URL', 'REDIS_URL']) expect(message).toContain(key);
    expect(message).not.toContain('SESSION_SECRET');
  });

  it('requires SESSION_SECRET in production', () => {
    expect(() => loadConfig({ ...PRODUCTION, SESSION_SECRET: undefined })).toThrow(/SESSION_SECRET/);
    expect(() => loadConfig({ ...PRODUCTION, SESSION_SECRET: 'short' })).toThrow(/SESSION_SECRET/);
  });
});

const PRODUCTION = realProvidersEnv('/etc/airbox');

function refusal(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('the configuration was accepted');
}

describe('loadConfig in production', () => {
  it('starts with every provider named as the real service, and seeds no demo data', () => {
    const config = loadConfig(PRODUCTION);
    expect(config.payments?.provider).toBe('paypal');
    expect(config.carriers?.provider).toBe('easypost');
    expect(config.uspsPickups?.provider).toBe('usps');
    expect(config.sms?.provider).toBe('twilio');
    expect(config.smtpUrl).toBe('smtp://127.0.0.1:9');
    expect(config.wallet.certificates?.signerCertPath).toBe('/etc/airbox/signer.pem');
    expect(config.passPush).toEqual({ provider: 'apns', apiBase: 'https://api.push.apple.com' });
    expect(config.seedDemoData).toBe(false);
  });

  it.each(['PAYMENTS_PROVIDER', 'CARRIERS_PROVIDER', 'USPS_PICKUPS_PROVIDER', 'SMS_PROVIDER', 'MAIL_PROVIDER', 'WALLET_PROVIDER', 'PASS_PUSH_PROVIDER'])(
    'refuses to start with %s unnamed, in one line naming it',
    (key) => {
      const message = refusal({ ...PRODUCTION, [key]: undefined });
      expect(message.split('\n')).toEqual([expect.stringMatching(new RegExp(`^Refusing to start: ${key}: must be named in production`))]);
    },
  );

  it('refuses a simulator, the outbox or the development wallet unless ALLOW_SIMULATORS_IN_PRODUCTION=true', () => {
    const standIns = { ...PRODUCTION, PAYMENTS_PROVIDER: 'simulator', MAIL_PROVIDER: 'outbox', WALLET_PROVIDER: 'development', PASS_PUSH_PROVIDER: 'simulator' };
    expect(refusal(standIns).split('\n')).toEqual([
      'Refusing to start: PAYMENTS_PROVIDER=simulator in production needs ALLOW_SIMULATORS_IN_PRODUCTION=true',
      'Refusing to start: MAIL_PROVIDER=outbox in production needs ALLOW_SIMULATORS_IN_PRODUCTION=true',
      'Refusing to start: WALLET_PROVIDER=development in production needs ALLOW_SIMULATORS_IN_PRODUCTION=true',
      'Refusing to start: PASS_PUSH_PROVIDER=simulator in production needs ALLOW_SIMULATORS_IN_PRODUCTION=true',
    ]);
    const config = loadConfig({ ...standIns, ALLOW_SIMULATORS_IN_PRODUCTION: 'true' });
    expect(config.payments?.provider).toBe('simulator');
    expect(config.smtpUrl).toBeUndefined();
    expect(config.wallet.certificates).toBeUndefined();
    expect(config.passPush).toEqual({ provider: 'simulator' });
  });

  it('seeds demo data only with ALLOW_DEMO_DATA_IN_PRODUCTION=true beside SEED_DEMO_DATA=true', () => {
    expect(refusal({ ...PRODUCTION, SEED_DEMO_DATA: 'true' })).toBe(
      'Refusing to start: SEED_DEMO_DATA=true in production needs ALLOW_DEMO_DATA_IN_PRODUCTION=true',
    );
    expect(loadConfig({ ...PRODUCTION, SEED_DEMO_DATA: 'true', ALLOW_DEMO_DATA_IN_PRODUCTION: 'true' }).seedDemoData).toBe(true);
  });

  it('asks for what a named real provider needs', () => {
    expect(refusal({ ...PRODUCTION, SMTP_URL: undefined })).toMatch(/SMTP_URL: required by the chosen provider/);
    expect(refusal({ ...PRODUCTION, WALLET_WWDR_CERT_PATH: undefined })).toMatch(/WALLET_WWDR_CERT_PATH: required by WALLET_PROVIDER=apple/);
    // APNs takes Wallet's pushes with the pass type certificate: no certificate, no APNs.
    expect(refusal({ ...PRODUCTION, WALLET_PROVIDER: 'development', ALLOW_SIMULATORS_IN_PRODUCTION: 'true' })).toMatch(/PASS_PUSH_PROVIDER: apns needs WALLET_PROVIDER=apple/);
  });
});

describe('redactUrl', () => {
  it('blanks secret query values, activation codes and tracking and share tokens, keeping the rest', () => {
    expect(redactUrl('/app/v1/resetPassword?Email=a%40b.co&generatedId=abc&Password=Secret1x')).toBe(
      '/app/v1/resetPassword?Email=a%40b.co&generatedId=[REDACTED]&Password=[REDACTED]',
    );
    expect(redactUrl('http://h/app/active/s3cr3t/')).toBe('http://h/app/active/[REDACTED]/');
    expect(redactUrl('/app/track/tr4ck1ng?x=1')).toBe('/app/track/[REDACTED]?x=1');
    expect(redactUrl('/app/pickup/sh4r3')).toBe('/app/pickup/[REDACTED]');
    // API calls named like the screens keep their path.
    expect(redactUrl('/app/v1/pickup/cancel')).toBe('/app/v1/pickup/cancel');
    expect(redactUrl('/app/v1/genCode128?pcode=AB12')).toBe('/app/v1/genCode128?pcode=AB12');
  });
});
