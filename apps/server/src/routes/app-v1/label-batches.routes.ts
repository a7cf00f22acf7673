import {
  BATCH_LIMITS,
  BATCH_MESSAGES,
  deleteLabelBatchCall,
  deleteLabelBatchRowCall,
  downloadLabelBatchLabelsCall,
  downloadLabelBatchTrackingCall,
  getLabelBatchCall,
  getLabelBatchesCall,
  getLabelBatchTemplateCall,
  LABEL_BATCH_ERRORCODE,
  labelBatchTemplateCsv,
  payLabelBatchCall,
  rateLabelBatchCall,
  updateLabelBatchRowCall,
  uploadLabelBatchCall,
} from '@airbox/contract';
import type { FastifyInstance } from 'fastify';
import { batchLabelsFile, batchTrackingFile } from '../../modules/shipments/label-batch-checkout.js';
import {
  deleteLabelBatch,
  deleteLabelBatchRow,
  labelBatchesOf,
  labelBatchOf,
  payLabelBatch,
  rateLabelBatch,
  updateLabelBatchRow,
  uploadLabelBatch,
} from '../../modules/shipments/label-batches.service.js';
import { defineCall, signedInUser } from './define-call.js';
import { defineFileCall, sendFile } from './file-call.js';

/** A batch upload's body: the file's bytes in base64 (4/3 of BATCH_LIMITS.fileBytes), the sender and room to spare. */
export const BATCH_UPLOAD_BODY_LIMIT_BYTES = Math.ceil((BATCH_LIMITS.fileBytes * 4) / 3) + 64 * 1024;

/**
 * Label batches from a spreadsheet (issue 25 item 1). The customer is the session's; another's
 * batch answers 404 as a missing one. The calls that ask the carriers or the payment provider are
 * throttled per address and charged to the account's hourly budgets: an upload verifies the
 * sender (1 carrier call); a rating costs a unit for every BATCH_ROWS_PER_BUDGET_UNIT rows it
 * asks the carriers about (none when every row's rates are fresh: a new rule), taken before the
 * job starts so a batch of 500 (50 units) is never stopped half-way; paying opens one checkout.
 */
export default async function labelBatchesRoutes(app: FastifyInstance) {
  const ok = { errorcode: LABEL_BATCH_ERRORCODE.ok, message: 'success' };

  defineFileCall(app, getLabelBatchTemplateCall).handle(async (_input, _request, reply) =>
    sendFile(reply, { contentType: 'text/csv; charset=utf-8', filename: 'label-batch-template.csv', disposition: 'attachment', bytes: Buffer.from(`\uFEFF${labelBatchTemplateCsv()}`, 'utf8') }),
  );

  defineCall(app, uploadLabelBatchCall, { throttled: 'directory', budget: { name: 'carrierCalls', units: 1 }, bodyLimit: BATCH_UPLOAD_BODY_LIMIT_BYTES }).handle(async (input, request) => ({
    ...ok,
    data: await uploadLabelBatch(app, signedInUser(request).user_id, input),
  }));

  defineCall(app, getLabelBatchesCall).handle(async (_input, request) => ({ ...ok, data: await labelBatchesOf(app, signedInUser(request).user_id) }));

  defineCall(app, getLabelBatchCall).handle(async (input, request) => ({ ...ok, data: await labelBatchOf(app, signedInUser(request).user_id, input.id) }));

  defineCall(app, updateLabelBatchRowCall).handle(async (input, request) => ({ ...ok, data: await updateLabelBatchRow(app, signedInUser(request).user_id, input) }));

  defineCall(app, deleteLabelBatchRowCall).handle(async (input, request) => ({ ...ok, data: await deleteLabelBatchRow(app, signedInUser(request).user_id, input) }));

  // Its carrierCalls budget is taken by the service, by the rows it asks the carriers about (batchRatingUnits).
  defineCall(app, rateLabelBatchCall, { throttled: 'directory' }).handle(async (input, request) => {
    const data = await rateLabelBatch(app, signedInUser(request).user_id, input);
    if (data.state === 'rating') app.jobs.nudge();
    return { ...ok, data };
  });

  defineCall(app, payLabelBatchCall, { throttled: true, budget: { name: 'checkouts' } }).handle(async (input, request) => ({
    errorcode: LABEL_BATCH_ERRORCODE.redirect,
    message: 'success',
    redirectURL: await payLabelBatch(app, signedInUser(request).user_id, input.id),
  }));

  defineCall(app, deleteLabelBatchCall).handle(async (input, request) => {
    await deleteLabelBatch(app, signedInUser(request).user_id, input.id);
    return { errorcode: LABEL_BATCH_ERRORCODE.ok, message: BATCH_MESSAGES.deleted };
  });

  defineFileCall(app, downloadLabelBatchLabelsCall).handle(async (input, request, reply) =>
    sendFile(reply, { ...(await batchLabelsFile(app, signedInUser(request).user_id, input.id, input.format)), disposition: 'attachment' }),
  );

  defineFileCall(app, downloadLabelBatchTrackingCall).handle(async (input, request, reply) =>
    sendFile(reply, { ...(await batchTrackingFile(app, signedInUser(request).user_id, input.id)), disposition: 'attachment' }),
  );
}
