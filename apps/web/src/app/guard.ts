import { ROLE } from '@airbox/contract';
import { PUBLIC_SEGMENTS, paths } from '../config/paths';
import type { SessionHints } from '../lib/session';

/** Roles that a signed-in visit to /login sends on to the dashboard (spec 01 §2). */
const DASHBOARD_ROLES: readonly number[] = [ROLE.customer, ROLE.companyUser, ROLE.companyEmployee];

/** Whether the session is a customer's, whose home is the dashboard (not an admin's or a business user's). */
export const opensDashboard = (session: SessionHints | null): boolean => session !== null && DASHBOARD_ROLES.includes(session.roleId);

/**
 * The navigation guard of spec 01 §2 "Access rules": where to send a visit instead, or null to
 * let it through. `pathname` is relative to the router's basename.
 */
export function guardRedirect(location: { pathname: string; search: string; hash?: string }, session: SessionHints | null): string | null {
  const segment = (location.pathname.split('/')[1] ?? '').toLowerCase();
  if (segment === '') return null;
  const isPublic = PUBLIC_SEGMENTS.includes(segment);
  // The hash goes along: the label page keeps its step and param there (#/Shipment/shipmentRate?param=).
  if (!session) return isPublic ? null : paths.login.getHref(`${location.pathname}${location.search}${location.hash ?? ''}`);
  if (segment === 'login' && opensDashboard(session)) return paths.dashboard.getHref();
  return null;
}
