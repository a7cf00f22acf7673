import { ROLE } from '@airbox/contract';

/**
 * What a newcomer needs to try registration on a demo database; server.ts prints it, the README
 * lists it. Both codes belong to business@example.com's campuses, never expire and have no use limit.
 */
export const DEMO_INVITATION_CODES = [
  { code: 'DEMO15', role: ROLE.companyUser, note: 'Company User (role 15) on a campus of business@example.com' },
  { code: 'DEMO16', role: ROLE.companyEmployee, note: 'Company Employee (role 16) on a campus of business@example.com' },
] as const;

/** The zip codes firstLogin accepts on a demo database: every demo hub's zip and a few neighbours. */
export const DEMO_SERVED_ZIPS = [
  '10001', '10016', '10118',
  '78702', '78704', '78741',
  '94102', '94103', '94105', '94107', '94110', '94158',
  '98102', '98112', '98122',
] as const;
