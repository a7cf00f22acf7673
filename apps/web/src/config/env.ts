import { DEFAULT_BRAND_NAME } from '@airbox/contract';
import { z } from 'zod';
import { version as packageVersion } from '../../package.json';

/**
 * Runtime settings. The server writes them as JSON into index.html's
 * `<script type="application/json" id="portal-config">`; under the Vite dev server that element
 * holds `{}` and every value falls back to its default. Nothing else reads the page for settings.
 */
const portalConfigSchema = z.object({
  brandName: z.string().min(1).catch(DEFAULT_BRAND_NAME),
  adminAppUrl: z.string().min(1).catch('/app/admin/'),
  tabletAppUrl: z.string().min(1).catch('/app/tablet/#/dashboard'),
  labelPurchaseUrl: z.string().min(1).catch('/app/shipment/#/Shipment/shipmentRate'),
  version: z.string().min(1).catch(packageVersion),
});
export type PortalConfig = z.infer<typeof portalConfigSchema>;

export function readPortalConfig(doc: Document = document): PortalConfig {
  let raw: unknown = {};
  try {
    raw = JSON.parse(doc.getElementById('portal-config')?.textContent ?? '{}');
  } catch {
    raw = {};
  }
  const parsed = portalConfigSchema.safeParse(raw);
  return parsed.success ? parsed.data : portalConfigSchema.parse({});
}

export const env: PortalConfig = readPortalConfig();
