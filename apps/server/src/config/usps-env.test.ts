import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.js';

const SECRET = 'x'.repeat(40);

describe('USPS pickups configuration', () => {
  it('defaults to the simulator', () => {
    expect(loadConfig({ SESSION_SECRET: SECRET }).uspsPickups).toEqual({ provider: 'simulator' });
  });

  it('reads USPS with its production API base by default, or the testing one', () => {
    const config = loadConfig({ SESSION_SECRET: SECRET, USPS_PICKUPS_PROVIDER: 'usps', USPS_CLIENT_ID: 'key', USPS_CLIENT_SECRET: 'secret' });
    expect(config.uspsPickups).toEqual({ provider: 'usps', clientId: 'key', clientSecret: 'secret', apiBase: 'https://apis.usps.com' });
    const testing = loadConfig({ SESSION_SECRET: SECRET, USPS_PICKUPS_PROVIDER: 'usps', USPS_CLIENT_ID: 'key', USPS_CLIENT_SECRET: 'secret', USPS_API_BASE: 'https://apis-tem.usps.com' });
    expect(testing.uspsPickups).toMatchObject({ apiBase: 'https://apis-tem.usps.com' });
  });

  it('refuses USPS without its client id and secret, naming both', () => {
    expect(() => loadConfig({ SESSION_SECRET: SECRET, USPS_PICKUPS_PROVIDER: 'usps', USPS_CLIENT_ID: ' ' })).toThrow(
      new ConfigError('Invalid environment:\n  USPS_CLIENT_ID: required by the chosen provider\n  USPS_CLIENT_SECRET: required by the chosen provider'),
    );
  });

  it('refuses an unknown provider and a bad API base', () => {
    expect(() => loadConfig({ SESSION_SECRET: SECRET, USPS_PICKUPS_PROVIDER: 'webtools' })).toThrow(/USPS_PICKUPS_PROVIDER/);
    expect(() => loadConfig({ SESSION_SECRET: SECRET, USPS_API_BASE: 'ftp://apis.usps.com' })).toThrow(/USPS_API_BASE/);
  });
});
