import { createScanFormCall, downloadScanFormCall, getScanFormsCall, READ_ERRORCODE, SCAN_FORM_ERRORCODE, SCAN_FORM_MESSAGES, scanFormFileName } from '@airbox/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.js';
import { createScanForm, listScanForms, scanFormPdf } from '../../modules/scan-forms/scan-forms.service.js';
import { defineCall, signedInUser } from './define-call.js';
import { defineFileCall, sendFile } from './file-call.js';

/**
 * End-of-day scan forms (issue 25 item 2): one USPS scan form for a list of the signed-in
 * customer's labels, their scan forms, and a form's PDF. Making one asks the carrier: throttled
 * per address and one of the account's hourly carrier calls.
 */
export default async function scanFormsRoutes(app: FastifyInstance) {
  defineCall(app, createScanFormCall, { throttled: true, budget: { name: 'carrierCalls' } }).handle(async (input, request) => {
    const outcome = await createScanForm(app, signedInUser(request).user_id, input.shipmentIds);
    if (!outcome.ok) return { errorcode: SCAN_FORM_ERRORCODE.refused, message: outcome.message, data: emptyForm };
    const count = outcome.form.labels.length;
    const message = outcome.form.status === 'created' ? SCAN_FORM_MESSAGES.created(count) : SCAN_FORM_MESSAGES.beingMade(count);
    return { errorcode: SCAN_FORM_ERRORCODE.ok, message, data: outcome.form };
  });

  defineCall(app, getScanFormsCall).handle(async (input, request) => {
    const data = await listScanForms(app, signedInUser(request).user_id, input);
    return { errorcode: READ_ERRORCODE.ok, message: 'success', data };
  });

  // Throttled: a download may read the form at the carrier.
  defineFileCall(app, downloadScanFormCall, { throttled: true }).handle(async (input, request, reply) => {
    const pdf = await scanFormPdf(app, signedInUser(request).user_id, input.id);
    if (!pdf) throw new AppError(404, SCAN_FORM_ERRORCODE.notFound, SCAN_FORM_MESSAGES.notFound);
    return sendFile(reply, { contentType: 'application/pdf', filename: scanFormFileName(input.id), disposition: 'attachment', bytes: pdf });
  });
}

/** A refusal's data: no form was made. */
const emptyForm = { id: 0, scanFormId: '', status: 'failed' as const, createdAt: '', shipDate: '', fromAddress: '', labels: [], note: '' };
