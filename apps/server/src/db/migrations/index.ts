import type { Migration } from 'kysely';
import * as foundation from './2026-11-21-0001-foundation.js';
import * as registration from './2026-11-22-0002-registration.js';
import * as account from './2026-11-22-0003-account.js';
import * as ledger from './2026-11-22-0004-ledger.js';
import * as paymentCapturing from './2026-11-23-0005-payment-capturing.js';
import * as boxIdHolders from './2026-11-23-0006-box-id-holders.js';
import * as jobs from './2026-11-23-0007-jobs.js';
import * as sessionReauthentication from './2026-11-23-0008-session-reauthentication.js';
import * as shipments from './2026-11-23-0009-shipments.js';
import * as paymentRefunds from './2026-11-23-0010-payment-refunds.js';
import * as carrierSimulator from './2026-11-23-0011-carrier-simulator.js';
import * as pickups from './2026-11-23-0013-pickups.js';
import * as uspsSimulator from './2026-11-23-0012-usps-simulator.js';
import * as pendingCaptures from './2026-11-27-0014-pending-captures.js';
import * as sentTexts from './2026-11-27-0015-sent-texts.js';
import * as uspsPickupRequests from './2026-11-27-0016-usps-pickup-requests.js';
import * as operationSubjects from './2026-11-28-0017-operation-subjects.js';
import * as expectedDelivery from './2026-11-28-0018-expected-delivery.js';
import * as hubHours from './2026-11-28-0019-hub-hours.js';
import * as carrierPackaging from './2026-11-29-0020-carrier-packaging.js';
import * as shipDate from './2026-11-29-0021-ship-date.js';
import * as walletPassUpdates from './2026-11-30-0022-wallet-pass-updates.js';
import * as lockerDoors from './2026-11-30-0023-locker-doors.js';
import * as vacationHolds from './2026-12-01-0025-vacation-holds.js';
import * as pickupExtensions from './2026-12-02-0026-pickup-extensions.js';
import * as pickupShares from './2026-12-01-0024-pickup-shares.js';
import * as labelFormats from './2026-12-02-0027-label-formats.js';
import * as hubDropOffs from './2026-12-03-0028-hub-drop-offs.js';
import * as labelReturns from './2026-12-03-0029-label-returns.js';
import * as customs from './2026-12-04-0030-customs.js';
import * as labelBatches from './2026-12-05-0031-label-batches.js';
import * as scanForms from './2026-12-05-0032-scan-forms.js';
import * as savedOrderCustoms from './2026-12-05-0033-saved-order-customs.js';
import * as lockerDeliveryKeys from './2026-12-06-0034-locker-delivery-keys.js';
import * as boxIdHoldNetworks from './2026-12-07-0035-box-id-hold-networks.js';
import * as listOrderIndexes from './2026-12-08-0036-list-order-indexes.js';

/**
 * Every migration, by its sortable name. A static list (not a folder scan) so that the compiled
 * server and the tests run exactly the same set. Add new files here in order.
 */
export const migrations: Record<string, Migration> = {
  '2026-11-21-0001-foundation': foundation,
  '2026-11-22-0002-registration': registration,
  '2026-11-22-0003-account': account,
  '2026-11-22-0004-ledger': ledger,
  '2026-11-23-0005-payment-capturing': paymentCapturing,
  '2026-11-23-0006-box-id-holders': boxIdHolders,
  '2026-11-23-0007-jobs': jobs,
  '2026-11-23-0008-session-reauthentication': sessionReauthentication,
  '2026-11-23-0009-shipments': shipments,
  '2026-11-23-0010-payment-refunds': paymentRefunds,
  '2026-11-23-0011-carrier-simulator': carrierSimulator,
  '2026-11-23-0013-pickups': pickups,
  '2026-11-23-0012-usps-simulator': uspsSimulator,
  '2026-11-27-0014-pending-captures': pendingCaptures,
  '2026-11-27-0015-sent-texts': sentTexts,
  '2026-11-27-0016-usps-pickup-requests': uspsPickupRequests,
  '2026-11-28-0017-operation-subjects': operationSubjects,
  '2026-11-28-0018-expected-delivery': expectedDelivery,
  '2026-11-28-0019-hub-hours': hubHours,
  '2026-11-29-0020-carrier-packaging': carrierPackaging,
  '2026-11-29-0021-ship-date': shipDate,
  '2026-11-30-0022-wallet-pass-updates': walletPassUpdates,
  '2026-11-30-0023-locker-doors': lockerDoors,
  '2026-12-01-0024-pickup-shares': pickupShares,
  '2026-12-01-0025-vacation-holds': vacationHolds,
  '2026-12-02-0026-pickup-extensions': pickupExtensions,
  '2026-12-02-0027-label-formats': labelFormats,
  '2026-12-03-0028-hub-drop-offs': hubDropOffs,
  '2026-12-03-0029-label-returns': labelReturns,
  '2026-12-04-0030-customs': customs,
  '2026-12-05-0031-label-batches': labelBatches,
  '2026-12-05-0032-scan-forms': scanForms,
  '2026-12-05-0033-saved-order-customs': savedOrderCustoms,
  '2026-12-06-0034-locker-delivery-keys': lockerDeliveryKeys,
  '2026-12-07-0035-box-id-hold-networks': boxIdHoldNetworks,
  '2026-12-08-0036-list-order-indexes': listOrderIndexes,
};
