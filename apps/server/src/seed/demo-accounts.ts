import { ROLE, USER_STATUS } from '@airbox/contract';

export const DEMO_PASSWORD = 'DemoPass1';

/** The demo logins seeded into an empty database; server.ts prints them, the README lists them. */
export const DEMO_ACCOUNTS = [
  { email: 'demo@example.com', role: ROLE.customer, status: USER_STATUS.active, note: 'active customer → dashboard' },
  { email: 'pending@example.com', role: ROLE.customer, status: USER_STATUS.notActivated, note: 'not activated → RESEND dialog' },
  { email: 'business@example.com', role: ROLE.business, status: USER_STATUS.businessActive, note: 'business user → tablet app' },
  { email: 'business-pending@example.com', role: ROLE.business, status: USER_STATUS.active, note: 'business user, pending → support message' },
  { email: 'admin@example.com', role: ROLE.admin, status: USER_STATUS.active, note: 'admin → admin app' },
] as const;
