import type { APIRequestContext } from '@playwright/test';

/**
 * The key the test server accepts on the locker events API (LOCKER_API_KEYS in
 * playwright.config.ts), so journeys can deliver as a locker controller does, over HTTP.
 */
export const LOCKER_API_KEY = 'e2e-locker-controller-key-0123456789';

/** A delivered event as a locker controller posts it to POST /app/v1/locker/events; answers its JSON. */
export async function deliverAsController(request: APIRequestContext, event: Record<string, unknown>) {
  const response = await request.post('/app/v1/locker/events', { headers: { 'x-api-key': LOCKER_API_KEY }, data: { type: 'delivered', carrier: 'USPS', ...event } });
  if (!response.ok()) throw new Error(`locker event refused: ${response.status()} ${await response.text()}`);
  return (await response.json()) as { pickupCode: string; packageId: number; recipient?: { needsLowCompartment: boolean }; door?: unknown };
}
