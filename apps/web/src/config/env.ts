import { DEFAULT_APP_URLS, DEFAULT_BRAND_NAME } from '@airbox/contract';
import { version as packageVersion } from '../../package.json';

/**
 * Runtime settings. The server writes them as JSON into index.html's
 * `<script type="application/json" id="portal-config">`; under the Vite dev server that element
 * holds `{}` and every value falls back to its default. Nothing else reads the page for settings.
 * (Checked by hand rather than with zod, which the login route loads only on demand.)
 */
export interface PortalConfig {
  brandName: string;
  adminAppUrl: string;
  tabletAppUrl: string;
  labelPurchaseUrl: string;
  version: string;
}

const DEFAULTS: PortalConfig = {
  brandName: DEFAULT_BRAND_NAME,
  ...DEFAULT_APP_URLS,
  version: packageVersion,
};

export function readPortalConfig(doc: Document = document): PortalConfig {
  let raw: unknown;
  try {
    raw = JSON.parse(doc.getElementById('portal-config')?.textContent ?? '{}');
  } catch {
    raw = {};
  }
  const given = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const config = { ...DEFAULTS };
  for (const key of Object.keys(DEFAULTS) as (keyof PortalConfig)[]) {
    const value = given[key];
    if (typeof value === 'string' && value.trim() !== '') config[key] = value;
  }
  return config;
}

export const env: PortalConfig = readPortalConfig();
