import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.js';

const SECRET = 'x'.repeat(40);

describe('carriers configuration', () => {
  it('defaults to the simulator, with no webhook secret', () => {
    expect(loadConfig({ SESSION_SECRET: SECRET }).carriers).toEqual({ provider: 'simulator', webhookSecret: undefined, stepMinutes: 60 });
  });

  it('reads the simulator\'s step (0: only on command), refusing a negative or fractional one', () => {
    expect(loadConfig({ SESSION_SECRET: SECRET, CARRIER_SIMULATOR_STEP_MINUTES: '0' }).carriers).toMatchObject({ stepMinutes: 0 });
    expect(loadConfig({ SESSION_SECRET: SECRET, CARRIER_SIMULATOR_STEP_MINUTES: '5' }).carriers).toMatchObject({ stepMinutes: 5 });
    expect(() => loadConfig({ SESSION_SECRET: SECRET, CARRIER_SIMULATOR_STEP_MINUTES: '-1' })).toThrow(/CARRIER_SIMULATOR_STEP_MINUTES/);
    expect(() => loadConfig({ SESSION_SECRET: SECRET, CARRIER_SIMULATOR_STEP_MINUTES: '1.5' })).toThrow(/CARRIER_SIMULATOR_STEP_MINUTES/);
  });

  it('reads EasyPost with its production API base by default, and the webhook secret', () => {
    const config = loadConfig({ SESSION_SECRET: SECRET, CARRIERS_PROVIDER: 'easypost', EASYPOST_API_KEY: 'EZAK123', EASYPOST_WEBHOOK_SECRET: 'whsec' });
    expect(config.carriers).toEqual({ provider: 'easypost', apiKey: 'EZAK123', apiBase: 'https://api.easypost.com/v2', webhookSecret: 'whsec' });
    const local = loadConfig({ SESSION_SECRET: SECRET, CARRIERS_PROVIDER: 'easypost', EASYPOST_API_KEY: 'EZTK1', EASYPOST_API_BASE: 'http://127.0.0.1:9000/v2' });
    expect(local.carriers).toMatchObject({ apiBase: 'http://127.0.0.1:9000/v2', webhookSecret: undefined });
  });

  it('refuses EasyPost without an API key, naming the key', () => {
    expect(() => loadConfig({ SESSION_SECRET: SECRET, CARRIERS_PROVIDER: 'easypost', EASYPOST_API_KEY: '  ' })).toThrow(
      new ConfigError('Invalid environment:\n  EASYPOST_API_KEY: required by the chosen provider'),
    );
  });

  it('refuses an unknown provider and a bad API base', () => {
    expect(() => loadConfig({ SESSION_SECRET: SECRET, CARRIERS_PROVIDER: 'shippo' })).toThrow(/CARRIERS_PROVIDER/);
    expect(() => loadConfig({ SESSION_SECRET: SECRET, EASYPOST_API_BASE: 'ftp://api.easypost.com' })).toThrow(/EASYPOST_API_BASE/);
  });
});
