import type { FastifyInstance } from 'fastify';
import accountRoutes from './account.routes.js';
import authRoutes from './auth.routes.js';
import businessCampusRoutes from './business-campus.routes.js';
import carrierWebhooksRoutes from './carrier-webhooks.routes.js';
import catalogRoutes from './catalog.routes.js';
import contactsRoutes from './contacts.routes.js';
import labelBatchesRoutes from './label-batches.routes.js';
import labelPurchaseRoutes from './label-purchase.routes.js';
import lockerEventsRoutes from './locker-events.routes.js';
import membershipsRoutes from './memberships.routes.js';
import messagesRoutes from './messages.routes.js';
import operationsRoutes from './operations.routes.js';
import paymentsRoutes from './payments.routes.js';
import pickupExtensionsRoutes from './pickup-extensions.routes.js';
import pickupSharesRoutes from './pickup-shares.routes.js';
import pickupsRoutes from './pickups.routes.js';
import profileRoutes from './profile.routes.js';
import registrationRoutes from './registration.routes.js';
import savedOrdersRoutes from './saved-orders.routes.js';
import savedPackagesRoutes from './saved-packages.routes.js';
import scanFormsRoutes from './scan-forms.routes.js';
import shipmentsRoutes from './shipments.routes.js';
import vacationHoldsRoutes from './vacation-holds.routes.js';
import walletRoutes from './wallet.routes.js';

/**
 * Every /app/v1 and /openapi route plugin, each registered in its own scope (the locker events' API-key hook
 * stays with the locker events). A new group of calls is added here, nowhere else.
 */
const APP_V1_ROUTES = [
  authRoutes,
  accountRoutes,
  catalogRoutes,
  membershipsRoutes,
  paymentsRoutes,
  operationsRoutes,
  messagesRoutes,
  lockerEventsRoutes,
  registrationRoutes,
  businessCampusRoutes,
  profileRoutes,
  walletRoutes,
  contactsRoutes,
  shipmentsRoutes,
  savedOrdersRoutes,
  savedPackagesRoutes,
  labelPurchaseRoutes,
  labelBatchesRoutes,
  pickupsRoutes,
  scanFormsRoutes,
  pickupSharesRoutes,
  pickupExtensionsRoutes,
  carrierWebhooksRoutes,
  vacationHoldsRoutes,
];

export default async function appV1Routes(app: FastifyInstance) {
  for (const routes of APP_V1_ROUTES) await app.register(routes);
}
