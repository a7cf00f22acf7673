import { z } from 'zod';
import { call } from './call-descriptor.js';
import { API_ERRORCODE, READ_ERRORCODE } from './errorcodes.js';
import { idField, INT4, intField, whenMissing } from './fields.js';

/**
 * End-of-day scan forms (issue 25 item 2): one USPS SCAN form (PS Form 5630 style manifest,
 * EasyPost's ScanForm) the carrier scans once for many USPS labels, instead of each label at the
 * counter. Built over a list of the signed-in customer's labels (their shippingdetails_id, as
 * Purchased Labels and a batch both know them), so the batch screen and Purchased Labels call it
 * the same way.
 *
 * A scan form takes USPS labels that are bought (not refunded or being refunded), never scanned,
 * on no other scan form, all from one sender address and for one ship date (as EasyPost refuses
 * shipments with different from-addresses). Each label refused is named by its order number with
 * the reason. The same list asked twice (a replay, two tabs) makes one scan form.
 *
 * A label on a scan form can still be refunded while the carrier has not scanned it: EasyPost
 * and USPS refund an unscanned label whatever manifest it is on (USPS simply never scans it);
 * the scan form stays as made (a SCAN form cannot be changed once made) and says so.
 */

/** How many labels one scan form lists, and how many scan forms a customer makes in 24 hours. */
export const SCAN_FORM_LIMITS = {
  labelsMax: 500,
  formsPerDay: 20,
  /** The Scan forms list shows this many a page at most, of the customer's newest scanFormsRead. */
  pageSizeMax: 50,
  scanFormsRead: 200,
} as const;

/** errorcode of the scan-form calls: 0 done; -1 refused (message names the labels and why); -404 no such scan form; -409 SCAN_FORM_LIMITS.formsPerDay reached. */
export const SCAN_FORM_ERRORCODE = { ok: READ_ERRORCODE.ok, refused: -1, notFound: API_ERRORCODE.notFound, limitReached: API_ERRORCODE.limitReached } as const;

const SHIPMENT_IDS_RULE = `shipmentIds: choose from 1 to ${SCAN_FORM_LIMITS.labelsMax} labels`;

/**
 * A list of the customer's labels by their shippingdetails_id (the Purchased Labels row's, a
 * batch's labels): 1 to SCAN_FORM_LIMITS.labelsMax ids, each once (a repeat is dropped). Also
 * taken as ids joined with commas ('3,5,8'), as a form body sends a list.
 */
export const shipmentIdsField = z
  .union([z.array(idField), z.string().regex(/^\d{1,10}(,\d{1,10})*$/, SHIPMENT_IDS_RULE).transform((value) => value.split(',').map(Number))], {
    error: SHIPMENT_IDS_RULE,
  })
  .transform((ids) => [...new Set(ids)])
  .refine((ids) => ids.length >= 1 && ids.length <= SCAN_FORM_LIMITS.labelsMax && ids.every((id) => id >= 1 && id <= INT4.max), SHIPMENT_IDS_RULE);

export const SCAN_FORM_STATUSES = ['creating', 'created', 'failed'] as const;
export type ScanFormStatus = (typeof SCAN_FORM_STATUSES)[number];

/** A label a scan form lists. */
export const scanFormLabelSchema = z.object({
  shippingdetails_id: z.number().int(),
  orderNo: z.string(),
  trackingNum: z.string(),
  /** The label was refunded after the form was made: the carrier will not scan it. */
  refunded: z.boolean(),
});

export const scanFormAnswerSchema = z.object({
  /** Ours: what downloadScanFormCall takes. */
  id: z.number().int(),
  /** The carrier service's id of the form (EasyPost's sf_…); '' until made. */
  scanFormId: z.string(),
  status: z.enum(SCAN_FORM_STATUSES),
  /** ISO 8601. */
  createdAt: z.string(),
  /** The day the parcels are handed over, 'YYYY-MM-DD'. */
  shipDate: z.string(),
  /** The sender's address on one line. */
  fromAddress: z.string(),
  labels: z.array(scanFormLabelSchema),
  /** Why it failed, or that a label on it was refunded ('' otherwise). */
  note: z.string(),
});
export type ScanForm = z.infer<typeof scanFormAnswerSchema>;

export const SCAN_FORM_MESSAGES = {
  created: (count: number) => `Scan form made for ${count} ${count === 1 ? 'label' : 'labels'}: print it and hand it to USPS with the parcels.`,
  /** The carrier makes it in the background (EasyPost answers 'creating'): DOWNLOAD reads it back. */
  beingMade: (count: number) => `Scan form asked for ${count} ${count === 1 ? 'label' : 'labels'}: USPS is making it; DOWNLOAD it under Scan forms in a moment.`,
  /** One line per label refused, joined: 'Order 1001-23: not a USPS label'. */
  refused: (lines: string[]) => `These labels cannot go on a scan form: ${lines.join('; ')}.`,
  noSuchLabel: 'not one of your labels',
  notUsps: 'not a USPS label (a scan form is for USPS labels)',
  notBought: 'not bought',
  refunded: 'refunded or being refunded',
  scanned: 'already scanned by the carrier',
  onScanForm: (scanFormId: number) => `already on scan form #${scanFormId}`,
  otherSender: 'from another sender address than the first label (one scan form is for one sender address)',
  otherShipDate: 'for another ship date than the first label (one scan form is for one ship date)',
  shipDatePassed: (date: string) => `its ship date ${date} has passed (a scan form is for labels shipping today or later)`,
  /** How a refusal names a label: its order number, or its id when it is none of the customer's. */
  labelName: (orderNo: string | null, id: number) => (orderNo ? `Order ${orderNo}` : `Label #${id}`),
  perDay: (max: number) => `You have made ${max} scan forms in the last 24 hours, the most we allow. Try again tomorrow.`,
  carrierRefused: (reason: string) => `USPS did not make the scan form: ${reason}`,
  notFound: 'No such scan form of yours.',
  notMade: 'This scan form was not made: it has no file.',
  refundedOnForm: 'A label on this scan form was refunded: USPS will not scan it.',
} as const;

const result = z.object({ errorcode: z.number().int(), message: z.string() });

export const createScanFormCall = call({
  method: 'POST',
  path: '/app/v1/scanForms/create',
  encoding: 'json',
  signedIn: true,
  successCodes: [SCAN_FORM_ERRORCODE.ok],
  summary:
    "Ours (issue 25 item 2): one end-of-day USPS scan form for the signed-in customer's labels (shipmentIds: their shippingdetails_id, 1 to 500), made once whatever the replays. errorcode 0 with data (the scan form); -1 refused, message naming each label refused and why; -409 (409) 20 scan forms in 24 hours reached; 503 the carrier did not answer (try again: the same labels make the same form).",
  request: z.object({ shipmentIds: shipmentIdsField }),
  response: result.extend({ data: scanFormAnswerSchema }),
});

export const getScanFormsCall = call({
  method: 'GET',
  path: '/app/v1/scanForms/list',
  encoding: 'query',
  signedIn: true,
  successCodes: [READ_ERRORCODE.ok],
  summary: "Ours: the signed-in customer's scan forms, newest first. errorcode 0 with data.total and data.list.",
  request: z.object({
    start: whenMissing(intField.min(0).max(SCAN_FORM_LIMITS.scanFormsRead), 0),
    num: whenMissing(intField.min(1).max(SCAN_FORM_LIMITS.pageSizeMax), 10),
  }),
  response: result.extend({ data: z.object({ total: z.number().int(), list: z.array(scanFormAnswerSchema) }) }),
});

export const downloadScanFormCall = call({
  method: 'POST',
  path: '/app/v1/scanForms/download',
  encoding: 'form',
  signedIn: true,
  successCodes: [SCAN_FORM_ERRORCODE.ok],
  summary: "Ours: a scan form of the signed-in customer's as a PDF (the answer is the file, scan-form-<id>.pdf). -404 (404) no such scan form of theirs, or it was not made.",
  request: z.object({ id: idField }),
  response: result,
});

/** The file name a scan form is saved as. */
export const scanFormFileName = (id: number) => `scan-form-${id}.pdf`;
