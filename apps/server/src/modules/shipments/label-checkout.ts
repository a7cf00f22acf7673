import { randomBytes } from 'node:crypto';
import { APP_BASE, APP_PATHS, appUrl, carrierDisplayName, carrierServiceName, DROP_OFF_VALID_DAYS, encodeLabelPurchaseParam, formatDropOffCode, formatUsd } from '@airbox/contract';
import type { Db } from '../../db/database.js';
import { CarrierError, type Postage } from '../../providers/carriers/carriers-provider.js';
import { carrierServiceRenamings } from '../carriers/carriers.service.js';
import { findHub } from '../hubs/hubs.repository.js';
import { attemptPurchase, carrierCheckoutPurpose, type CarrierPurchaseDeps, type CarrierPurchaseKind, MONEY_BACK, recordBought, runPurchaseVoid } from '../carriers/carrier-purchase.js';
import { mailNotice, notify } from '../notifications/notify.js';
import { PAY_CANCEL_PAGE, PAY_SUCCESS_PAGE } from '../payments/payment-orders.js';
import { findPaymentOrder } from '../payments/payments.repository.js';
import type { PaymentOrderRow } from '../payments/payments.table.js';
import { deleteSavedOrder } from '../saved-orders/saved-orders.repository.js';
import { findUserById } from '../users/users.repository.js';
import { passChanged } from '../wallet/pass-web-service.service.js';
import type { UserRow } from '../users/users.table.js';
import { createDropOff } from './hub-drop-offs.service.js';
import { LABEL_PURCHASE_MESSAGES } from './label-purchase.service.js';
import { enqueueLabelReadyQrMail, saveLabelQrCode } from './label-returns.service.js';
import { findShipment, findShipmentOfPayment, insertInvoice, markFailedLabelVoided, moveShipment, saveShipmentLabels } from './shipments.repository.js';
import type { ShipmentRow } from './shipments.table.js';

/**
 * A paid label (issue 9): the carrier purchase of a shipment row (carriers/carrier-purchase.ts),
 * paying → buying → bought, or failed (the carrier refused, or the payment was taken for another
 * amount; the payment refunded, a label the carrier made all the same voided). The carrier is
 * asked with one key per shipment; the label, its ledger row and its invoice are written in one
 * transaction. Rating and paying are label-purchase.service.ts.
 */

export type LabelCheckoutDeps = CarrierPurchaseDeps;

/** The Purchased Labels page showing one order (?labelOrder=), as a router path and as a URL path. */
const labelsHref = (orderNo?: string) => APP_PATHS.shipments.getHref(orderNo);

/**
 * Where the provider's return (or cancel) sends the browser for a label: paySuccess then the
 * label when it is bought; straight to Purchased Labels when it is being bought or ended
 * refunded (the row says why). While it is not paid (cancelled at the provider, or the payment
 * did not go through), back to the label page at its Review step, everything as chosen, to pay
 * again or change it; payCancel when the purchase is gone (deleted meanwhile).
 */
export async function labelReturnPage(deps: Pick<LabelCheckoutDeps, 'db' | 'config'>, paymentOrderId: number): Promise<string> {
  const shipment = await findShipmentOfPayment(deps.db, paymentOrderId);
  if (!shipment) return PAY_CANCEL_PAGE;
  if (shipment.state === 'bought' || shipment.state === 'refund_pending' || shipment.state === 'refunded') {
    return `${PAY_SUCCESS_PAGE}?redirect=${encodeURIComponent(labelsHref(shipment.order_no))}`;
  }
  if (shipment.state === 'buying' || shipment.state === 'failed') return `${APP_BASE}${labelsHref(shipment.order_no)}`;
  const param = encodeLabelPurchaseParam({ boxId: shipment.box_id, userId: shipment.user_id, unpaidLabelId: shipment.id });
  return `${deps.config.labelPurchaseUrl}?param=${param}`;
}

/** The payment's reference on the invoice: the provider and the end of its order id. */
function paymentReference(order: PaymentOrderRow | undefined): string {
  if (!order) return '';
  const providerName = order.provider === 'paypal' ? 'PayPal' : order.provider === 'simulator' ? 'Simulator' : order.provider;
  return `${providerName} …${(order.provider_order_id ?? '').slice(-6)}`;
}

/**
 * One transaction (recordBought): bought (only from buying, so once), the label files, the invoice,
 * the order in progress it continued deleted, the ledger row, the recipient's tracking link and
 * the customer's confirmation mail.
 */
async function recordLabel(deps: LabelCheckoutDeps, shipment: ShipmentRow, postage: Postage, files: { PNG: Buffer; PDF: Buffer; QR?: Buffer | undefined }): Promise<boolean> {
  const token = shipment.notify_recipient === 1 ? randomBytes(24).toString('base64url') : null;
  const carrier = postage.carrier;
  // The drop-off code (issue 23 item 1), made with the label: the mail says it.
  let dropOffCode: string | undefined;
  const mark = async (trx: Db, nowIso: string) => {
    const moved = await moveShipment(trx, shipment.id, ['buying'], {
      state: 'bought',
      tracking_code: postage.trackingCode,
      tracker_id: postage.trackerId,
      carrier,
      service: postage.service,
      bought_at: nowIso,
      purchase_note: '',
      tracking_token: token,
      updated_at: nowIso,
    });
    if (!moved) return false;
    await saveShipmentLabels(trx, shipment.id, [
      { format: 'PNG', content: files.PNG },
      { format: 'PDF', content: files.PDF },
    ]);
    const order = shipment.payment_order_id === null ? undefined : await findPaymentOrder(trx, shipment.payment_order_id);
    await insertInvoice(trx, {
      shipment_id: shipment.id,
      invoice_no: `INV-${shipment.order_no}`,
      rate_cents: shipment.rate_cents,
      insurance_cents: shipment.insurance_cents,
      discount_cents: shipment.discount_cents,
      total_cents: shipment.total_cents,
      payment_reference: paymentReference(order),
      created_at: nowIso,
    });
    if (shipment.saved_order_id !== null) await deleteSavedOrder(trx, shipment.user_id, shipment.saved_order_id);
    if (files.QR) await saveLabelQrCode(trx, shipment.id, files.QR);
    dropOffCode = await createDropOff(trx, deps.config, shipment, new Date(nowIso));
    // The wallet pass lists the code (issue 23 item 1): its devices are told.
    if (dropOffCode) await passChanged(trx, deps, shipment.user_id);
    return true;
  };
  const tell = async (trx: Db, user: UserRow) => {
    const label = carrierServiceName(carrier, postage.service, await carrierServiceRenamings(trx));
    const sender = `${shipment.from_first_name} ${shipment.from_last_name}`.trim() || shipment.from_company || 'Someone';
    if (token && shipment.to_email) {
      await mailNotice(trx, deps, shipment.to_email, {
        subject: 'a parcel is on its way to you',
        lines: [`${sender} sent you a parcel with ${label}, tracking number ${postage.trackingCode}. Follow it on its tracking page.`],
        action: { label: 'Track your parcel', link: appUrl(deps.config.publicUrl, APP_PATHS.track.getHref(token)) },
      });
    }
    const hub = dropOffCode && shipment.drop_off_hub_id ? await findHub(trx, shipment.drop_off_hub_id) : undefined;
    // A receipt of what the customer just paid for: mailed whatever their notification switches say.
    const receipt = {
      subject: `your ${carrierDisplayName(carrier)} label ${shipment.order_no} is ready`,
      lines: [
        hub && dropOffCode
          ? `Your ${label} label for the parcel to ${shipment.to_city}, ${shipment.to_state} is ready: no need to print it. Drop the parcel off at ${hub.business_name}, ${hub.address}, ${hub.city}: show drop-off code ${formatDropOffCode(dropOffCode)} (or its QR code, attached and on Purchased Labels) at the locker within ${DROP_OFF_VALID_DAYS} days, and an empty compartment opens once. Tracking number: ${postage.trackingCode}.`
          : `Your ${label} label for the parcel to ${shipment.to_city}, ${shipment.to_state} is ready to print. Tracking number: ${postage.trackingCode}.`,
        `You paid ${formatUsd(shipment.total_cents)} (label ${formatUsd(shipment.rate_cents)}, insurance ${formatUsd(shipment.insurance_cents)}). Invoice INV-${shipment.order_no}.`,
      ],
      action: { label: 'Purchased Labels', link: appUrl(deps.config.publicUrl, labelsHref(shipment.order_no)) },
    };
    // A QR-code label's receipt carries its QR code (issue 23 item 2), a drop-off's its code's (item 1): a job attaches it.
    if (files.QR || dropOffCode) await enqueueLabelReadyQrMail(trx, deps, shipment.id, { to: user.email, firstName: user.first_name, ...receipt });
    else await notify(trx, deps, user, { ...receipt, by: 'mail' });
  };
  return recordBought(deps, labelPurchase, shipment, { mark, tell }, { reconciled: postage.reconciled });
}

/**
 * The QR code asked at Review and pay (issue 23 item 2), fetched with the label. The label is
 * bought and paid for whatever happens here: a QR code the carrier does not give is logged, and
 * the customer prints the label instead (the row then shows no QR code).
 */
async function labelQrCode(deps: LabelCheckoutDeps, shipment: ShipmentRow, postage: Postage): Promise<Buffer | undefined> {
  try {
    return (await deps.carriers.fetchLabelQrCode(postage.shipmentId)).bytes;
  } catch (error) {
    if (!(error instanceof CarrierError)) throw error;
    deps.log.warn({ shipment: shipment.id, code: error.code }, 'the carrier gave no label QR code: the label is to be printed');
    return undefined;
  }
}

/** A shipment row bought from the carrier: the label (Postage) its purchase answers, and the label findLabel reads back. */
export const labelPurchase: CarrierPurchaseKind<ShipmentRow, Postage, Postage> = {
  what: 'shipment',
  buying: 'buying',
  words: {
    thing: 'label',
    bought: 'label bought',
    void: 'void',
    nothingMade: 'the carrier made no label for a failed purchase: nothing to void',
    settling: 'no label at the carrier yet, but a purchase refused or unanswered may still be making one: looked for again',
  },
  retryJob: (id) => ({ name: 'label-purchase', payload: { shipmentId: id } }),
  voidJob: (id, reason) => ({ job: { name: 'label-void', payload: { shipmentId: id } }, uniqueKey: `label-void:${id}:${reason}` }),
  refusals: { address: 'an address could not be verified', notOffered: 'the rate is no longer offered', declined: 'the carrier declined to make it' },
  wrongAmountNote: LABEL_PURCHASE_MESSAGES.wrongAmount,
  paidCents: (shipment) => shipment.total_cents,

  find: findShipment,
  findOfPayment: findShipmentOfPayment,
  claim: (trx, _deps, shipment, now) =>
    moveShipment(trx, shipment.id, ['paying'], { state: 'buying', purchase_note: LABEL_PURCHASE_MESSAGES.preparing, updated_at: now.toISOString() }),

  buy: (deps, shipment) =>
    deps.carriers.buyRate({
      shipmentId: shipment.provider_shipment_id ?? '',
      rateId: shipment.rate_id ?? '',
      insuranceCents: shipment.insured_value_cents,
      idempotencyKey: `shipment-${shipment.id}`,
    }),

  async record(deps, shipment, postage) {
    const [png, pdf] = await Promise.all([deps.carriers.fetchLabel(postage.shipmentId, 'PNG'), deps.carriers.fetchLabel(postage.shipmentId, 'PDF')]);
    return recordLabel(deps, shipment, postage, { PNG: png.bytes, PDF: pdf.bytes, QR: shipment.label_qr_code === 1 ? await labelQrCode(deps, shipment, postage) : undefined });
  },

  markFailed: (trx, deps, shipment, note, from) => moveShipment(trx, shipment.id, from, { state: 'failed', purchase_note: note, updated_at: deps.config.clock().toISOString() }),

  async tellFailed(trx, deps, shipment, note) {
    const user = await findUserById(trx, shipment.user_id);
    if (!user) return;
    await notify(trx, deps, user, {
      subject: `your ${carrierServiceName(shipment.carrier, shipment.service, await carrierServiceRenamings(trx))} label could not be bought`,
      lines: [`Order ${shipment.order_no}: ${note}`, MONEY_BACK],
      action: { label: 'Purchased Labels', link: appUrl(deps.config.publicUrl, labelsHref(shipment.order_no)) },
      by: 'mail',
    });
  },

  // The row keeps when the void was asked (refund_requested_at): asking again answers the refund's status.
  voidedAt: (shipment) => shipment.refund_requested_at,
  voidable: (shipment) => Boolean(shipment.provider_shipment_id),
  async findMade(deps, shipment) {
    const label = await deps.carriers.findLabel(shipment.provider_shipment_id ?? '');
    // EasyPost shows a label only once it is made: none yet may still come.
    return label ? { found: true, made: label } : { found: false, settled: false };
  },
  async voidMade(deps, shipment, label) {
    const status = await deps.carriers.refund(shipment.provider_shipment_id ?? '');
    await markFailedLabelVoided(deps.db, shipment.id, deps.config.clock().toISOString());
    const fields = { shipment: shipment.id, carrier: label.carrier, trackingCode: label.trackingCode, status };
    if (status === 'rejected' || status === 'not_applicable') deps.log.error(fields, 'the carrier will not void a label whose payment was refunded');
    else deps.log.warn(fields, 'the carrier made a label whose payment was refunded: it is asked to void it');
  },
};

/**
 * A label as the checkout sees it: once its payment is captured (for the ordered amount) the
 * shipment moves paying → buying in the same transaction, which only one request can do, with a
 * job that finishes the purchase if this request cannot (no answer from the carrier, a crash);
 * then the carrier is asked at once. A capture of another amount ends it failed, saying so.
 */
export const labelCheckout = carrierCheckoutPurpose(labelPurchase, {
  name: 'label',
  describe: () => 'a shipping label',
  page: (deps, order) => labelReturnPage(deps, order.id),
  // An unpaid label, and one whose payment is being confirmed, wait in Orders In Progress.
  tryAgain: { label: 'Orders In Progress', path: APP_PATHS.myOrders.getHref() },
  pendingPage: () => `${APP_BASE}${APP_PATHS.payPending.getHref({ redirect: APP_PATHS.myOrders.getHref() })}`,
});

/** The label-purchase job: buys a paid label the carrier did not answer (the same key each time). */
export function purchaseLabel(deps: LabelCheckoutDeps, shipmentId: number): Promise<void> {
  return attemptPurchase(deps, labelPurchase, shipmentId);
}

/** The label-void job: asks the carrier to void the label it made for a failed purchase, if it made one (once); again while one may still come. */
export function voidFailedLabel(deps: LabelCheckoutDeps, shipmentId: number): Promise<void> {
  return runPurchaseVoid(deps, labelPurchase, shipmentId);
}
