import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, REPO_ROOT } from './env.js';
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
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'short' })).toThrow(/SESSION_SECRET/);
  });
});

describe('redactUrl', () => {
  it('blanks secret query values and activation codes, keeping the rest', () => {
    expect(redactUrl('/app/v1/resetPassword?Email=a%40b.co&generatedId=abc&Password=Secret1x')).toBe(
      '/app/v1/resetPassword?Email=a%40b.co&generatedId=[REDACTED]&Password=[REDACTED]',
    );
    expect(redactUrl('http://h/app/active/s3cr3t/')).toBe('http://h/app/active/[REDACTED]/');
    expect(redactUrl('/app/v1/genCode128?pcode=AB12')).toBe('/app/v1/genCode128?pcode=AB12');
  });
});
