import { BUY_MEMBERSHIP_ERRORCODE, buyMembershipCall, getMembershipsCall, READ_ERRORCODE } from '@airbox/contract';
import type { FastifyInstance } from 'fastify';
import { startMembershipPurchase } from '../../modules/memberships/membership-checkout.js';
import { membershipPlans } from '../../modules/memberships/memberships.service.js';
import { defineCall, signedInUser } from './define-call.js';

/** Memberships: the plans, and buyMembership (its payment's return and cancel are the payment routes'). */
export default async function membershipsRoutes(app: FastifyInstance) {
  defineCall(app, getMembershipsCall).handle(async () => {
    return { errorcode: READ_ERRORCODE.ok, message: 'success', memberships: await membershipPlans(app.db) };
  });

  // Each call opens a checkout at the payment provider: charged to the account's hourly budget.
  defineCall(app, buyMembershipCall, { budget: { name: 'checkouts' } }).handle(async (input, request) => {
    const redirectURL = await startMembershipPurchase(app, signedInUser(request).user_id, input.plan, input.number);
    return { errorcode: BUY_MEMBERSHIP_ERRORCODE.redirect, message: 'success', redirectURL };
  });
}
