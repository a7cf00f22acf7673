import {
  apiErrorSchema,
  downloadInvoiceCall,
  downloadLabelPdfCall,
  getInvoiceCall,
  getShipmentDetailCall,
  getShippingLabelCall,
  idField,
  LABEL_FILE_ERRORCODE,
  LABEL_FORMAT_MESSAGES,
  READ_ERRORCODE,
  SHIPMENT_DETAIL_ERRORCODE,
  SHIPMENT_MESSAGES,
  UPDATE_SHIPMENT_ERRORCODE,
  updateShipmentDetailCall,
  userGetShipmentCall,
} from '@airbox/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import { spendAccountBudget } from '../../modules/auth/account-budget.js';
import { labelDownloadOf } from '../../modules/shipments/label-files.js';
import { invoicePdfOf, invoiceUrlOf, labelFileOf, saveShipmentComments, shipmentDetail, shipmentPage } from '../../modules/shipments/shipments.service.js';
import {
  INVOICE_PDF_ROUTE,
  LABEL_PDF_ROUTE,
  LABEL_PNG_ROUTE,
  shipmentIdOfLabelUrl,
} from '../../modules/shipments/shipments.wire.js';
import { defineCall, listOwner, signedInUser } from './define-call.js';
import { defineFileCall, sendFile } from './file-call.js';

const noLabel = () => new AppError(404, LABEL_FILE_ERRORCODE.none, SHIPMENT_MESSAGES.notFound);
const noInvoice = () => new AppError(404, LABEL_FILE_ERRORCODE.none, SHIPMENT_MESSAGES.noInvoice);

const shipmentParams = z.object({ id: idField });

/**
 * A GET of one of the signed-in user's files (the labelURL, labelPdfUrl and invoiceUrl the calls
 * answer): shown in the browser, never cached, to the owner only.
 */
function defineFileView(app: FastifyInstance, url: string, handler: (userId: number, shipmentId: number, reply: FastifyReply) => Promise<FastifyReply>) {
  app.route({
    method: 'GET',
    url,
    schema: { hide: true, params: shipmentParams, response: { '4xx': apiErrorSchema, '5xx': apiErrorSchema } },
    config: { signedIn: true, rateLimit: false },
    handler: (request, reply) => handler(signedInUser(request).user_id, (request.params as z.output<typeof shipmentParams>).id, reply),
  });
}

/** Purchased Labels (spec 03 §7 Shipments): the list, a shipment's details and comments, its label and invoice files. */
export default async function shipmentsRoutes(app: FastifyInstance) {
  defineCall(app, userGetShipmentCall, { sessionWithList: true }).handle(async (input, request) => {
    const data = await shipmentPage(app, listOwner(request), input);
    return { errorcode: READ_ERRORCODE.ok, message: 'success', data };
  });

  defineCall(app, getShipmentDetailCall).handle(async (input, request) => {
    const user = signedInUser(request);
    const data = await shipmentDetail(app, user.user_id, input);
    if (!data) throw new AppError(404, SHIPMENT_DETAIL_ERRORCODE.expired, SHIPMENT_MESSAGES.shipmentExpired);
    return { errorcode: SHIPMENT_DETAIL_ERRORCODE.ok, message: 'success', data };
  });

  defineCall(app, updateShipmentDetailCall).handle(async (input, request) => {
    const user = signedInUser(request);
    const saved = await saveShipmentComments(app, user.user_id, input.shipmentIndexID, input.comments);
    return saved
      ? { errorcode: UPDATE_SHIPMENT_ERRORCODE.updated, message: SHIPMENT_MESSAGES.updateSuccess }
      : { errorcode: UPDATE_SHIPMENT_ERRORCODE.failed, message: SHIPMENT_MESSAGES.failure };
  });

  defineCall(app, getShippingLabelCall).handle(async (input, request) => {
    const user = signedInUser(request);
    const shipmentId = shipmentIdOfLabelUrl(input.label_url);
    const label = shipmentId === undefined ? undefined : await labelFileOf(app, user.user_id, { id: shipmentId }, 'PNG');
    if (!label) return { errorcode: LABEL_FILE_ERRORCODE.none, message: SHIPMENT_MESSAGES.notFound, data: '' };
    return { errorcode: LABEL_FILE_ERRORCODE.ok, message: 'success', data: label.content.toString('base64') };
  });

  defineFileCall(app, downloadLabelPdfCall).handle(async (input, request, reply) => {
    const user = signedInUser(request);
    // Issue 23: the format asked (the 4x6 PDF when none is named, as the spec's clients ask).
    const also = input.alsoShipmentId?.trim() || undefined;
    if (also && input.format !== 'pdf-letter') throw AppError.invalid(LABEL_FORMAT_MESSAGES.alsoOnlyOnLetter);
    // A ZPL label not kept yet is asked of the carrier: one of the account's hourly carrier calls.
    const label = await labelDownloadOf(app, user.user_id, { providerShipmentId: input.shipmentId.trim() }, input.format, also ? { providerShipmentId: also } : undefined, () =>
      spendAccountBudget(app.accountBudgets, user.user_id, 'carrierCalls', 1),
    );
    if (!label) throw noLabel();
    return sendFile(reply, { ...label, disposition: 'attachment' });
  });

  defineCall(app, getInvoiceCall).handle(async (input, request) => {
    const user = signedInUser(request);
    const invoiceUrl = await invoiceUrlOf(app, user.user_id, input.shippingIndexID);
    if (!invoiceUrl) return { errorcode: LABEL_FILE_ERRORCODE.none, message: SHIPMENT_MESSAGES.noInvoice, invoiceUrl: '' };
    return { errorcode: LABEL_FILE_ERRORCODE.ok, message: 'success', invoiceUrl };
  });

  defineFileCall(app, downloadInvoiceCall).handle(async (input, request, reply) => {
    const user = signedInUser(request);
    const invoice = await invoicePdfOf(app, user.user_id, input.shippingIndexID);
    if (!invoice) throw noInvoice();
    return sendFile(reply, { contentType: 'application/pdf', filename: `invoice-${invoice.orderNo}.pdf`, disposition: 'attachment', bytes: invoice.pdf });
  });

  defineFileView(app, LABEL_PNG_ROUTE, async (userId, shipmentId, reply) => {
    const label = await labelFileOf(app, userId, { id: shipmentId }, 'PNG');
    if (!label) throw noLabel();
    return sendFile(reply, { contentType: 'image/png', filename: `label-${label.orderNo}.png`, disposition: 'inline', bytes: label.content });
  });

  defineFileView(app, LABEL_PDF_ROUTE, async (userId, shipmentId, reply) => {
    const label = await labelFileOf(app, userId, { id: shipmentId }, 'PDF');
    if (!label) throw noLabel();
    return sendFile(reply, { contentType: 'application/pdf', filename: `label-${label.orderNo}.pdf`, disposition: 'inline', bytes: label.content });
  });

  defineFileView(app, INVOICE_PDF_ROUTE, async (userId, shipmentId, reply) => {
    const invoice = await invoicePdfOf(app, userId, shipmentId);
    if (!invoice) throw noInvoice();
    return sendFile(reply, { contentType: 'application/pdf', filename: `invoice-${invoice.orderNo}.pdf`, disposition: 'inline', bytes: invoice.pdf });
  });
}
