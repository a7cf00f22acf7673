import {
  buyLabelCall,
  deleteUnpaidLabelCall,
  getLabelFormatCall,
  getLabelQrCodeCall,
  LABEL_FILE_ERRORCODE,
  LABEL_RETURN_MESSAGES,
  RETURN_LABEL_ERRORCODE,
  sendReturnLabelCall,
  getShipAgainCall,
  getUnpaidLabelsCall,
  LABEL_FORMAT_ERRORCODE,
  LABEL_FORMAT_MESSAGES,
  LABEL_PURCHASE_ERRORCODE,
  READ_ERRORCODE,
  OPENAPI_CODE,
  rateLabelCall,
  refundCall,
  saveLabelFormatCall,
  saveOrderForLaterCall,
  SHIPMENT_MESSAGES,
} from '@airbox/contract';
import type { FastifyInstance } from 'fastify';
import { saveOrderForLater } from '../../modules/saved-orders/saved-orders.service.js';
import { labelFormatOf, saveLabelFormat, shipAgainFrom } from '../../modules/shipments/label-files.js';
import { buyLabel, deleteUnpaidLabel, rateLabel, unpaidLabels } from '../../modules/shipments/label-purchase.service.js';
import { labelQrCodeOf, sendReturnLabel } from '../../modules/shipments/label-returns.service.js';
import { requestLabelRefund } from '../../modules/shipments/refunds.service.js';
import { defineCall, signedInAccount, signedInUser } from './define-call.js';

/** The same answer for an order in progress that does not exist and one of another user. */
export const SAVED_ORDER_NOT_FOUND = 'This order in progress does not exist.';

/** Said when an unpaid label is deleted. */
export const UNPAID_LABEL_DELETED = 'The unpaid label was deleted.';

/**
 * The label-purchase page's calls (rate, buy, save for later, the unpaid labels) and refunds. The user is always
 * the session's; the calls that ask the carriers or the payment provider are throttled per
 * address, as the auth calls are, and charged to the account's hourly budgets (a rating is three
 * carrier calls: both addresses verified, then the rates).
 */
export default async function labelPurchaseRoutes(app: FastifyInstance) {
  defineCall(app, rateLabelCall, { throttled: 'directory', budget: { name: 'carrierCalls', units: 3 }, account: true }).handle(async (input, request) => rateLabel(app, signedInAccount(request), input));

  defineCall(app, buyLabelCall, { throttled: true, budget: { name: 'checkouts' } }).handle(async (input, request) => {
    const redirectURL = await buyLabel(app, signedInUser(request).user_id, input);
    return { errorcode: LABEL_PURCHASE_ERRORCODE.redirect, message: 'success', redirectURL };
  });

  defineCall(app, getUnpaidLabelsCall).handle(async (input, request) => ({
    errorcode: LABEL_PURCHASE_ERRORCODE.ok,
    message: 'success',
    data: await unpaidLabels(app, signedInUser(request).user_id, input.id),
  }));

  // Ship again (issue 23 item 5): no price here; the page rates the copy afresh.
  defineCall(app, getShipAgainCall).handle(async (input, request) => ({
    errorcode: READ_ERRORCODE.ok,
    message: 'success',
    data: (await shipAgainFrom(app.db, signedInUser(request).user_id, input.id)) ?? null,
  }));

  // A label's QR code to show at the counter (issue 23 item 2).
  defineCall(app, getLabelQrCodeCall).handle(async (input, request) => {
    const png = await labelQrCodeOf(app.db, signedInUser(request).user_id, input.shippingIndexID);
    if (!png) return { errorcode: LABEL_FILE_ERRORCODE.none, message: LABEL_RETURN_MESSAGES.noQrCode, data: '' };
    return { errorcode: LABEL_FILE_ERRORCODE.ok, message: 'success', data: png.toString('base64') };
  });

  // A return label mailed to the person who will use it (issue 23 item 3): throttled, and at most RETURN_LABEL_SENDS_PER_DAY a day.
  defineCall(app, sendReturnLabelCall, { throttled: true }).handle(async (input, request) => ({
    errorcode: RETURN_LABEL_ERRORCODE.ok,
    message: await sendReturnLabel(app, signedInUser(request).user_id, input),
  }));

  // The label format Purchased Labels uses (issue 23 item 4): a profile setting, not a sensitive one (no password asked).
  defineCall(app, getLabelFormatCall).handle(async (_input, request) => ({
    errorcode: LABEL_FORMAT_ERRORCODE.ok,
    message: 'success',
    labelFormat: await labelFormatOf(app.db, signedInUser(request).user_id),
  }));

  defineCall(app, saveLabelFormatCall).handle(async (input, request) => {
    await saveLabelFormat(app.db, signedInUser(request).user_id, input.labelFormat);
    return { errorcode: LABEL_FORMAT_ERRORCODE.ok, message: LABEL_FORMAT_MESSAGES.saved(input.labelFormat), labelFormat: input.labelFormat };
  });

  defineCall(app, deleteUnpaidLabelCall).handle(async (input, request) => {
    await deleteUnpaidLabel(app, signedInUser(request).user_id, input.id);
    return { errorcode: LABEL_PURCHASE_ERRORCODE.ok, message: UNPAID_LABEL_DELETED };
  });

  defineCall(app, refundCall, { throttled: true }).handle(async (input, request) => {
    const outcome = await requestLabelRefund(app, signedInUser(request).user_id, input.id, { auto: false });
    if (outcome.ok) {
      return {
        code: OPENAPI_CODE.ok,
        errorcode: OPENAPI_CODE.ok,
        message: SHIPMENT_MESSAGES.refundRequested,
        data: { refund_status: outcome.refundStatus, error: null },
      };
    }
    return {
      code: OPENAPI_CODE.error,
      errorcode: OPENAPI_CODE.error,
      message: outcome.message,
      data: { refund_status: outcome.refundStatus, error: { message: outcome.message } },
    };
  });

  defineCall(app, saveOrderForLaterCall).handle(async (input, request) => {
    const id = await saveOrderForLater(app, signedInUser(request).user_id, input);
    if (id === undefined) return { code: OPENAPI_CODE.error, errorcode: OPENAPI_CODE.error, message: SAVED_ORDER_NOT_FOUND, data: { id: 0 } };
    return { code: OPENAPI_CODE.ok, errorcode: OPENAPI_CODE.ok, message: SHIPMENT_MESSAGES.successBang, data: { id } };
  });
}
