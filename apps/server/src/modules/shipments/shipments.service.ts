import { carrierDisplayName, carrierServiceName, ouncesToPounds, parcelDescription, type ShipmentDetail, type ShipmentRow as WireShipmentRow } from '@airbox/contract';
import type { AppContext } from '../../context.js';
import type { ListOwner } from '../../db/counted-page.js';
import { carrierServiceRenamings } from '../carriers/carriers.service.js';
import { findUserById } from '../users/users.repository.js';
import { labelDropOffs } from './hub-drop-offs.service.js';
import { renderInvoicePdf } from '../../workers/cpu-work.js';
import type { InvoiceContent } from './invoice-pdf.js';
import {
  findInvoiceOfUser,
  findLabelFile,
  findPaymentReference,
  findShipmentOfUser,
  type LabelFileOfUser,
  listShipments,
  type ShipmentFilters,
  type ShipmentKey,
  updateShipmentComments,
} from './shipments.repository.js';
import type { ShipmentLabelsTable, ShipmentRow } from './shipments.table.js';
import { labelsWithQrCode, returnedOrderNumbers } from './label-returns.service.js';
import { invoicePdfUrl, toShipmentDetail, toShipmentRow } from './shipments.wire.js';

/** Purchased Labels (spec 03 §7 Shipments): what the routes answer, for the signed-in user only. */

export interface ShipmentSearch extends ShipmentFilters {
  start: number;
  num: number;
}

/** A page of the user's labels. The carrier filter comes as the wire names it (UPSDAP) and is matched as the portal stores it (UPS). */
export async function shipmentPage(ctx: Pick<AppContext, 'db' | 'config'>, owner: ListOwner, search: ShipmentSearch): Promise<{ total: number; list: WireShipmentRow[] }> {
  const { start, num, carrier, ...filters } = search;
  const page = await listShipments(ctx.db, owner, { ...filters, carrier: carrier ? carrierDisplayName(carrier.trim()) : '' }, { offset: start, limit: num });
  // Each label's hub drop-off (issue 23 item 1), one query for the page's labels that chose one
  // (a drop-off is made only for those), none when no label did (issue 24).
  const dropOffs = await labelDropOffs(ctx.db, ctx.config, page.list.filter((row) => row.drop_off_hub_id !== null));
  // Issue 23 items 2 and 3: which labels have a QR code, and the label each return label returns.
  const [withQrCode, returned] = await Promise.all([
    labelsWithQrCode(ctx.db, page.list.filter((row) => row.label_qr_code === 1).map((row) => row.id)),
    returnedOrderNumbers(ctx.db, page.list.flatMap((row) => (row.return_of_id === null ? [] : [row.return_of_id]))),
  ]);
  return {
    total: page.total,
    list: page.list.map((row) =>
      toShipmentRow(row, {
        dropOff: dropOffs.get(row.id) ?? null,
        qrCode: withQrCode.has(row.id),
        returnOf: row.return_of_id === null ? '' : (returned.get(row.return_of_id) ?? ''),
      }),
    ),
  };
}

/**
 * One of the user's shipments, by its row id; when the client also names the provider's shipment
 * id (shipmentID), it must be that shipment's. Undefined otherwise: another customer's id and a
 * missing one look the same.
 */
export async function shipmentDetail(
  ctx: Pick<AppContext, 'db' | 'config'>,
  userId: number,
  ids: { shipmentIndexID: number; shipmentID: string },
): Promise<ShipmentDetail | undefined> {
  const row = await findShipmentOfUser(ctx.db, userId, { id: ids.shipmentIndexID });
  if (!row) return undefined;
  const providerId = ids.shipmentID.trim();
  if (providerId !== '' && providerId !== (row.provider_shipment_id ?? '')) return undefined;
  return toShipmentDetail(row, { paymentReference: await findPaymentReference(ctx.db, row.id), publicUrl: ctx.config.publicUrl });
}

/** Whether the user's purchase took the comments (false: no such purchase of this user). */
export async function saveShipmentComments(ctx: Pick<AppContext, 'db' | 'config'>, userId: number, shipmentId: number, comments: string): Promise<boolean> {
  return updateShipmentComments(ctx.db, userId, shipmentId, comments, ctx.config.clock().toISOString());
}

/** A file of one of the user's bought labels; undefined for a label not bought or not theirs. */
export async function labelFileOf(
  ctx: Pick<AppContext, 'db'>,
  userId: number,
  shipment: ShipmentKey,
  format: ShipmentLabelsTable['format'],
): Promise<LabelFileOfUser | undefined> {
  return findLabelFile(ctx.db, userId, shipment, format);
}

/** The link to the invoice PDF of one of the user's purchases; undefined when it has none (unpaid, failed) or is not theirs. */
export async function invoiceUrlOf(ctx: Pick<AppContext, 'db'>, userId: number, shipmentId: number): Promise<string | undefined> {
  const found = await findInvoiceOfUser(ctx.db, userId, shipmentId);
  return found && invoicePdfUrl(found.shipment.id);
}

function addressLines(row: ShipmentRow, side: 'from' | 'to'): string[] {
  const name = `${row[`${side}_first_name`]} ${row[`${side}_last_name`]}`.trim();
  return [
    name,
    row[`${side}_company`],
    row[`${side}_address1`],
    row[`${side}_address2`],
    [row[`${side}_city`], [row[`${side}_state`], row[`${side}_zipcode`]].filter(Boolean).join(' ')].filter(Boolean).join(', '),
  ].filter(Boolean);
}

/** The invoice PDF of one of the user's purchases; undefined when it has none (unpaid, failed) or is not theirs. */
export async function invoicePdfOf(
  ctx: Pick<AppContext, 'db' | 'config'>,
  userId: number,
  shipmentId: number,
  options: { compress?: boolean } = {},
): Promise<{ orderNo: string; pdf: Buffer } | undefined> {
  const found = await findInvoiceOfUser(ctx.db, userId, shipmentId);
  if (!found) return undefined;
  const { invoice, shipment } = found;
  const user = await findUserById(ctx.db, userId);
  const content: InvoiceContent = {
    brandName: ctx.config.brandName,
    invoiceNo: invoice.invoice_no,
    issuedAt: new Date(invoice.created_at),
    customer: {
      name: user ? `${user.first_name} ${user.last_name}`.trim() : '',
      lines: user
        ? [user.address_line_1, user.address_line_2, [user.city, [user.state, user.zip_code].filter(Boolean).join(' ')].filter(Boolean).join(', ')]
        : [],
      email: user?.email ?? '',
    },
    orderNo: shipment.order_no,
    carrier: shipment.carrier,
    // The service as the customer chose it on the Rates step.
    service: carrierServiceName(shipment.carrier, shipment.service, await carrierServiceRenamings(ctx.db)),
    trackingCode: shipment.tracking_code ?? '',
    package: `${parcelDescription({ length: shipment.length_in, width: shipment.width_in, height: shipment.height_in, predefinedPackage: shipment.predefined_package })}, ${ouncesToPounds(shipment.weight_oz)} lb`,
    from: addressLines(shipment, 'from'),
    to: addressLines(shipment, 'to'),
    rateCents: invoice.rate_cents,
    discountCents: invoice.discount_cents,
    insuranceCents: invoice.insurance_cents,
    insuredValueCents: shipment.insured_value_cents,
    totalCents: invoice.total_cents,
    paymentReference: invoice.payment_reference,
    refund:
      shipment.state === 'refunded'
        ? { status: 'refunded', at: shipment.refunded_at ? new Date(shipment.refunded_at) : null }
        : shipment.state === 'refund_pending'
          ? { status: 'pending', at: shipment.refund_requested_at ? new Date(shipment.refund_requested_at) : null }
          : null,
  };
  return { orderNo: shipment.order_no, pdf: await renderInvoicePdf(content, options) };
}
