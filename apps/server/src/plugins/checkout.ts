import fp from 'fastify-plugin';
import { membershipCheckout } from '../modules/memberships/membership-checkout.js';
import { type CheckoutPurpose, registerPurposes } from '../modules/payments/checkout.js';
import { pickupExtensionCheckout } from '../modules/pickup-extensions/pickup-extension-checkout.js';
import { pickupCheckout } from '../modules/pickups/pickup-checkout.js';
import { labelBatchCheckout } from '../modules/shipments/label-batch-checkout.js';
import { labelCheckout } from '../modules/shipments/label-checkout.js';

/**
 * What a customer pays for: every purpose of the checkout core (modules/payments/checkout.ts),
 * each in its own file. A new one is added here, nowhere else.
 */
export const CHECKOUT_PURPOSES: readonly CheckoutPurpose[] = [membershipCheckout, labelCheckout, pickupCheckout, pickupExtensionCheckout, labelBatchCheckout];

/** Registers the purposes once, before any route or job meets a payment. */
export default fp(
  async () => {
    registerPurposes(CHECKOUT_PURPOSES);
  },
  { name: 'checkout' },
);
