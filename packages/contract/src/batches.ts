import { z } from 'zod';
import { call } from './call-descriptor.js';
import { PREDEFINED_PACKAGE_IDS } from './carrier-packages.js';
import { API_ERRORCODE } from './errorcodes.js';
import { idField, intField, optionalTextField, textField, whenMissing } from './fields.js';
import { labelFormatFieldNamed } from './label-formats.js';
import { ADDRESS_MESSAGES, commentsField, labelOrderAddressSchema, parcelSchema, shipDateField } from './shipments-calls.js';

/**
 * A batch of labels from a spreadsheet (issue 25 item 1). The customer uploads a CSV (or pastes
 * cells copied from a spreadsheet, tab-separated); every row is checked at once against the same
 * rules as the label page's steps (labelOrderAddressSchema for the recipient, parcelSchema for
 * the package, commentsField), its mistakes named per cell. Rows are fixed in place or deleted;
 * the batch is verified and rated with one rule (cheapest, fastest or a named service), paid once
 * through the checkout, and its labels bought one by one by a job whose progress is kept per row.
 * Then one file of all its labels, and a CSV of its tracking numbers.
 *
 * /work/notes/batch-contract.md walks through the calls for a web developer.
 */

/** The columns of a batch, in the template's order; a file's header names them (any case, spaces for underscores). */
export const BATCH_COLUMNS = [
  'name',
  'company',
  'street1',
  'street2',
  'city',
  'state',
  'zip',
  'country',
  'phone',
  'email',
  'weight_lb',
  'weight_oz',
  'length',
  'width',
  'height',
  'package',
  'service',
  'reference',
  'comments',
] as const;
export type BatchColumn = (typeof BATCH_COLUMNS)[number];

/**
 * Other headers a file may use for a column (compared lowercased, spaces, dashes and dots read
 * as underscores): a spreadsheet exported elsewhere usually works as it is.
 */
export const BATCH_COLUMN_ALIASES: Record<string, BatchColumn> = {
  recipient: 'name',
  recipient_name: 'name',
  full_name: 'name',
  address1: 'street1',
  address_1: 'street1',
  street_1: 'street1',
  address_line_1: 'street1',
  address2: 'street2',
  address_2: 'street2',
  street_2: 'street2',
  address_line_2: 'street2',
  zipcode: 'zip',
  zip_code: 'zip',
  postal_code: 'zip',
  postcode: 'zip',
  pounds: 'weight_lb',
  weight_lbs: 'weight_lb',
  lb: 'weight_lb',
  ounces: 'weight_oz',
  oz: 'weight_oz',
  saved_package: 'package',
  packaging: 'package',
  service_rule: 'service',
  ref: 'reference',
  comment: 'comments',
};

/** The template's header and one example row (a customer's own box, the batch's rule). */
export const BATCH_TEMPLATE_EXAMPLE: Record<BatchColumn, string> = {
  name: 'Maria Garcia',
  company: '',
  street1: '55 Elm St',
  street2: 'Apt 4',
  city: 'Portland',
  state: 'OR',
  zip: '97201',
  country: 'US',
  phone: '503-555-0199',
  email: 'maria@example.com',
  weight_lb: '2',
  weight_oz: '8',
  length: '12',
  width: '10',
  height: '6',
  package: '',
  service: '',
  reference: 'Order 1001',
  comments: 'Blue mug',
};

export const BATCH_LIMITS = {
  /** Rows of one batch (not counting the header). */
  rows: 500,
  /** Bytes of a file, or of pasted text as UTF-8. */
  fileBytes: 512 * 1024,
  /** Batches not paid yet (draft, rating, rated, paying) a customer keeps at once; older ones are deleted or paid first. */
  openBatches: 5,
  /** Batches the list answers, newest first. */
  listed: 50,
  /** A reference, as the tracking CSV and the label's row keep it. */
  referenceMax: 50,
  /** A file name as kept. */
  fileNameMax: 120,
} as const;

/** How a batch's rows pick their rate: the cheapest, the fastest (earliest day, else fewest days), or one carrier's service. */
export const BATCH_RULES = ['cheapest', 'fastest', 'service'] as const;
export type BatchRule = (typeof BATCH_RULES)[number];

/**
 * A batch's states:
 * - draft: uploaded, rows checked; not rated, or a row changed since (rate it).
 * - rating: the job verifies the addresses and rates the rows (progress: rows rated).
 * - rated: every row has a rate under the rule and no error: `total` is what paying costs, until `ratesExpireAt`.
 * - paying: a payment is open at the provider (payLabelBatchCall answered its page).
 * - buying: paid; the job buys the labels one by one (progress: rows bought or failed).
 * - finished: every row bought or refused (a refused row's amount refunded); the files can be had.
 */
export const BATCH_STATES = ['draft', 'rating', 'rated', 'paying', 'buying', 'finished'] as const;
export type BatchState = (typeof BATCH_STATES)[number];

/**
 * A row's states:
 * - invalid: a cell breaks a rule, it repeats another row, its address was not verified or no rate
 *   meets its rule (errors says which); fix it or delete it.
 * - ready: its cells pass; not rated yet (or changed since).
 * - rated: verified and rated; `rate` is the one its rule picks.
 * - queued: paid, its label not bought yet.
 * - bought: its label is bought (shippingIndexID, orderNo, trackingNum).
 * - failed: the carrier refused it; its amount is refunded (refund) and `note` says why.
 */
export const BATCH_ROW_STATES = ['invalid', 'ready', 'rated', 'queued', 'bought', 'failed'] as const;
export type BatchRowState = (typeof BATCH_ROW_STATES)[number];

/** A mistake of a row: the cell (its column), or the whole row (column null: a duplicate, an address not verified, no rate). */
export const batchRowErrorSchema = z.object({ column: z.enum(BATCH_COLUMNS).nullable(), message: z.string() });
export type BatchRowError = z.infer<typeof batchRowErrorSchema>;

export const BATCH_MESSAGES = {
  emptyFile: 'file: the file is empty. Fill in the template: a header line, then one line a parcel.',
  both: 'Send the file or the pasted text, not both.',
  neither: 'Choose a CSV file, or paste the cells from your spreadsheet.',
  tooLarge: (bytes: number) => `file: larger than ${Math.round(bytes / 1024)} KB. Split it into batches of at most ${BATCH_LIMITS.rows} rows.`,
  tooManyRows: (rows: number) => `file: ${rows} rows, more than ${BATCH_LIMITS.rows} in one batch. Split it into batches of at most ${BATCH_LIMITS.rows} rows.`,
  noRows: 'file: no rows under the header. Add one line a parcel.',
  utf16: 'file: this file is UTF-16 text. Save it as "CSV UTF-8 (Comma delimited)" and upload that.',
  notUtf8: (line: number) =>
    `file: line ${line} is not UTF-8 text (a file saved as Latin-1 or Windows-1252?). Save it as "CSV UTF-8 (Comma delimited)" and upload that.`,
  wrongKind: (kind: string) => `file: this is ${kind}, not a CSV file. Save your spreadsheet as "CSV UTF-8 (Comma delimited)" and upload that.`,
  malformed: (line: number, why: string) => `file: line ${line}: ${why}. Check the quotes on that line, or save the file again from your spreadsheet.`,
  unknownHeader: (headers: string[]) =>
    `file: the header names columns we do not know: ${headers.join(', ')}. Use the template's columns: ${BATCH_COLUMNS.join(', ')}.`,
  missingHeader: (columns: string[]) => `file: the header has no ${columns.join(', ')} column. The first line names the columns, as in the template.`,
  repeatedHeader: (column: string) => `file: the header names ${column} twice.`,
  duplicate: (row: number) => `The same parcel as row ${row}: delete one, or change it if both are meant.`,
  unknownPackage: (name: string) => `package: "${name}" is neither one of your saved packages nor a USPS Flat Rate package (${PREDEFINED_PACKAGE_IDS.join(', ')}).`,
  unknownService: 'service: leave it empty (the batch\'s rule), or write cheapest, fastest, or a carrier and its service (USPS Priority)',
  ruleService: 'carrier, service: choose the carrier and service every row ships with',
  noRateForRule: (rule: string) => `No rate for ${rule} between these addresses for this parcel: choose another service, or change the row.`,
  notVerified: (reasons: string) => `The address could not be verified: ${reasons}`,
  openBatches: (max: number) => `You have ${max} batches not paid yet, the most we keep. Pay or delete one of them first.`,
  notFound: 'No such batch of yours.',
  rowNotFound: 'row: no such row in this batch.',
  notEditable: 'This batch is paid: its rows can no longer change.',
  notRated: 'Rate the batch first: every row needs a rate and no error.',
  hasErrors: (rows: number) => `${rows} row${rows === 1 ? '' : 's'} still ${rows === 1 ? 'has' : 'have'} errors: fix or delete ${rows === 1 ? 'it' : 'them'} first.`,
  expired: 'These rates have expired. Rate the batch again.',
  payingAlready: 'This batch is being paid for already.',
  notFinished: 'The labels are not bought yet: the files can be had once the batch is finished.',
  noLabels: 'No label of this batch was bought.',
  deleted: 'The batch was deleted.',
  notDeletable: 'A paid batch cannot be deleted.',
  empty: 'The batch has no rows left.',
} as const;

export const LABEL_BATCH_ERRORCODE = {
  ok: 0,
  /** payLabelBatchCall: the payment provider's page is in redirectURL. */
  redirect: 1,
  /** 409: the batch's state does not allow it (message says why: not rated, being paid, paid). */
  refused: -1,
  /** 409: the rates are older than RATES_VALID_MS: rate again. */
  expired: -4,
  invalid: API_ERRORCODE.invalidRequest,
  notFound: API_ERRORCODE.notFound,
  limitReached: API_ERRORCODE.limitReached,
} as const;

const result = z.object({ errorcode: z.number().int(), message: z.string() });

const cellField = whenMissing(textField.max(1000, 'at most 1000 characters'), '');

/** A row's cells as text, as the file had them (or as fixed): the same shape in answers and in updateLabelBatchRowCall. */
export const batchCellsSchema = z.object(
  Object.fromEntries(BATCH_COLUMNS.map((column) => [column, cellField])) as Record<BatchColumn, typeof cellField>,
);
export type BatchCells = z.output<typeof batchCellsSchema>;

/** A row's cells as answers carry them (plain text, no defaults: a response schema encodes). */
export const batchCellsAnswerSchema = z.object(Object.fromEntries(BATCH_COLUMNS.map((column) => [column, z.string()])) as Record<BatchColumn, z.ZodString>);

/**
 * A row's cells as the label page's schemas take them: the recipient for labelOrderAddressSchema
 * (name in firstName), the package for parcelSchema (package: a USPS Flat Rate package's id;
 * a saved package's name is looked up by the server first, so the client sees the same message).
 * Each path of their errors maps back to a column (BATCH_FIELD_COLUMNS).
 */
export function batchRowInputs(cells: BatchCells, savedPackage?: { predefinedPackage: string | null; length: number; width: number; height: number; weight: number }) {
  const recipient = {
    firstName: cells.name,
    lastName: '',
    company: cells.company,
    address1: cells.street1,
    address2: cells.street2,
    city: cells.city,
    state: cells.state,
    zipcode: cells.zip,
    country: cells.country,
    phone: cells.phone,
    email: cells.email,
    residential: cells.company.trim() === '',
  };
  const weightGiven = cells.weight_lb.trim() !== '' || cells.weight_oz.trim() !== '';
  const parcel = savedPackage
    ? {
        predefinedPackage: savedPackage.predefinedPackage ?? '',
        length: cells.length.trim() || savedPackage.length,
        width: cells.width.trim() || savedPackage.width,
        height: cells.height.trim() || savedPackage.height,
        weightLb: weightGiven ? cells.weight_lb.trim() || 0 : Math.floor(savedPackage.weight / 16),
        weightOz: weightGiven ? cells.weight_oz.trim() || 0 : Math.round((savedPackage.weight % 16) * 10) / 10,
      }
    : {
        predefinedPackage: cells.package.trim(),
        length: cells.length.trim(),
        width: cells.width.trim(),
        height: cells.height.trim(),
        weightLb: cells.weight_lb.trim() || 0,
        weightOz: cells.weight_oz.trim() || 0,
      };
  return { recipient, parcel };
}

/** The column of each field of batchRowInputs, for naming a schema's error by its cell. */
export const BATCH_FIELD_COLUMNS: Record<string, BatchColumn> = {
  firstName: 'name',
  lastName: 'name',
  company: 'company',
  address1: 'street1',
  address2: 'street2',
  city: 'city',
  state: 'state',
  zipcode: 'zip',
  country: 'country',
  phone: 'phone',
  email: 'email',
  predefinedPackage: 'package',
  length: 'length',
  width: 'width',
  height: 'height',
  weightLb: 'weight_lb',
  weightOz: 'weight_oz',
};

/** A row's service cell read: the batch's rule (''), cheapest, fastest, or a carrier (wire name) and its service. */
export type BatchRowService = { rule: 'batch' } | { rule: 'cheapest' | 'fastest' } | { rule: 'service'; carrier: string; service: string };

const CARRIER_SPELLINGS: Record<string, string> = { USPS: 'USPS', UPS: 'UPSDAP', UPSDAP: 'UPSDAP', FEDEX: 'FedEx' };

/** Reads a row's service cell; undefined when it is none of the forms it may take. */
export function parseBatchService(cell: string): BatchRowService | undefined {
  const text = cell.trim().replace(/\s+/g, ' ');
  if (text === '') return { rule: 'batch' };
  const lower = text.toLowerCase();
  if (lower === 'cheapest' || lower === 'fastest') return { rule: lower };
  const [carrier, ...service] = text.split(' ');
  const wire = CARRIER_SPELLINGS[(carrier ?? '').toUpperCase()];
  if (!wire || service.length === 0) return undefined;
  return { rule: 'service', carrier: wire, service: service.join('') };
}

/**
 * Checks a row's cells with the label page's own schemas (the recipient's address, the parcel,
 * the comments), the reference's length and the service cell: the errors named by column, none
 * when the row passes. `savedPackage` is the customer's saved package the package cell names, if
 * any (the server looks it up; unknown names are its error).
 */
export function checkBatchCells(cells: BatchCells, savedPackage?: Parameters<typeof batchRowInputs>[1]): BatchRowError[] {
  const { recipient, parcel } = batchRowInputs(cells, savedPackage);
  const errors: BatchRowError[] = [];
  const add = (column: BatchColumn, message: string) => {
    if (!errors.some((error) => error.column === column)) errors.push({ column, message });
  };
  const named = (issues: readonly z.core.$ZodIssue[]) => {
    for (const issue of issues) add(BATCH_FIELD_COLUMNS[String(issue.path[0])] ?? 'name', issue.message);
  };
  // A name or a company first: the schema's own check of it waits until the other fields pass.
  if (`${cells.name}${cells.company}`.trim() === '') add('name', ADDRESS_MESSAGES.name);
  const address = labelOrderAddressSchema.safeParse(recipient);
  if (!address.success) named(address.error.issues);
  const box = parcelSchema.safeParse(parcel);
  if (!box.success) {
    named(box.error.issues);
    // The weight's check waits until the sides pass: asked again with sides that do, so a bad weight is named too.
    const weight = parcelSchema.safeParse({ ...parcel, length: 1, width: 1, height: 1 });
    if (!weight.success) named(weight.error.issues.filter((issue) => issue.path[0] === 'weightLb' || issue.path[0] === 'weightOz'));
  }
  const comments = commentsField.safeParse(cells.comments);
  if (!comments.success) add('comments', comments.error.issues[0]?.message ?? 'comments');
  if (cells.reference.trim().length > BATCH_LIMITS.referenceMax) add('reference', `Keep the reference to ${BATCH_LIMITS.referenceMax} characters`);
  if (parseBatchService(cells.service) === undefined) add('service', BATCH_MESSAGES.unknownService);
  return BATCH_COLUMNS.flatMap((column) => errors.filter((error) => error.column === column));
}

/** The key two rows are the same parcel by: every cell but the reference and comments, spaces and case ignored. */
export function batchRowKey(cells: BatchCells): string {
  return BATCH_COLUMNS.filter((column) => column !== 'reference' && column !== 'comments')
    .map((column) => cells[column].trim().replace(/\s+/g, ' ').toLowerCase())
    .join('\u001f');
}

/** The rate a row's rule picked: what its label costs. */
export const batchRowRateSchema = z.object({
  /** USPS, UPSDAP or FedEx, as the wire names carriers; the carrier's own service name. */
  carrier: z.string(),
  service: z.string(),
  /** Dollars ('12.50'). */
  rate: z.string(),
  deliveryDays: z.number().int().nullable(),
  /** 'YYYY-MM-DD', or null when not known. */
  deliveryDate: z.string().nullable(),
});

export const labelBatchRowSchema = z.object({
  /** The row's number in the batch (1 = the first line under the header), kept when others are deleted. */
  row: z.number().int(),
  /** Every column's text (as batchCellsSchema: what updateLabelBatchRowCall sends back fixed). */
  cells: batchCellsAnswerSchema,
  state: z.enum(BATCH_ROW_STATES),
  /** Its mistakes, cell by cell in the columns' order, then those of the whole row; empty when none. */
  errors: z.array(batchRowErrorSchema),
  /** The carriers' notes that do not stop it (the address as the carrier spells it). */
  notes: z.array(z.string()),
  /** The rate its rule picked (rated and later), else null. */
  rate: batchRowRateSchema.nullable(),
  /** Once bought: the label (as Purchased Labels names it), its order number and tracking number; null and '' before. */
  shippingIndexID: z.number().int().nullable(),
  orderNo: z.string(),
  trackingNum: z.string(),
  /** A failed row: why the carrier refused it, and its refund ('pending' asked, 'refunded' done), its amount in dollars. */
  note: z.string(),
  refund: z.enum(['pending', 'refunded']).nullable(),
  refundAmount: z.string(),
});
export type LabelBatchRow = z.infer<typeof labelBatchRowSchema>;

export const labelBatchSummarySchema = z.object({
  id: z.number().int(),
  createTime: z.string(),
  /** The file's name ('' for pasted text). */
  fileName: z.string(),
  state: z.enum(BATCH_STATES),
  rule: z.enum(BATCH_RULES),
  /** With rule 'service': the carrier (wire name) and its service; '' otherwise. */
  ruleCarrier: z.string(),
  ruleService: z.string(),
  /** The day the labels are handed to the carrier ('YYYY-MM-DD'). */
  shipDate: z.string(),
  /** The rows by state: every row, then those of each state. */
  counts: z.object({
    rows: z.number().int(),
    invalid: z.number().int(),
    ready: z.number().int(),
    rated: z.number().int(),
    queued: z.number().int(),
    bought: z.number().int(),
    failed: z.number().int(),
  }),
  /**
   * How far the job is: while rating, rows rated of the rows to rate; while buying or finished,
   * rows bought or failed of the rows paid for. done = total when nothing is left to do.
   */
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  /** What paying costs (dollars: the rows' rates), '0.00' until rated; once paid, what was paid. */
  total: z.string(),
  /** What was given back for refused rows (dollars). */
  refunded: z.string(),
  /** When the rates expire ('' when not rated): pay before, or rate again. */
  ratesExpireAt: z.string(),
  paidAt: z.string(),
  finishedAt: z.string(),
});
export type LabelBatchSummary = z.infer<typeof labelBatchSummarySchema>;

export const labelBatchSchema = labelBatchSummarySchema.extend({
  /** The sender of every label. */
  from: z.object({
    firstName: z.string(),
    lastName: z.string(),
    company: z.string(),
    address1: z.string(),
    address2: z.string(),
    city: z.string(),
    state: z.string(),
    zipcode: z.string(),
    country: z.string(),
    phone: z.string(),
    email: z.string(),
  }),
  /** The carriers' services the rated rows were offered (for rule 'service'), by carrier then service. */
  services: z.array(z.object({ carrier: z.string(), service: z.string(), rows: z.number().int() })),
  rows: z.array(labelBatchRowSchema),
});
export type LabelBatch = z.infer<typeof labelBatchSchema>;

const batchAnswer = result.extend({ data: labelBatchSchema });

export const getLabelBatchTemplateCall = call({
  method: 'GET',
  path: '/app/v1/labelBatches/template',
  encoding: 'query',
  signedIn: true,
  successCodes: [LABEL_BATCH_ERRORCODE.ok],
  summary: `The batch template as a file (the answer is the file, text/csv, UTF-8 with a BOM): the header (${BATCH_COLUMNS.join(', ')}) and one example row.`,
  request: z.object({}),
  response: result,
});

export const uploadLabelBatchCall = call({
  method: 'POST',
  path: '/app/v1/labelBatches/upload',
  encoding: 'json',
  signedIn: true,
  successCodes: [LABEL_BATCH_ERRORCODE.ok],
  summary: `A new batch from a CSV file (file: its bytes in base64) or cells pasted from a spreadsheet (text: tab-separated), a header line first; at most ${BATCH_LIMITS.rows} rows and ${BATCH_LIMITS.fileBytes / 1024} KB. errorcode 0 with the batch, every row checked (errors per cell, duplicates flagged); -400 (400) a file that is not UTF-8 CSV, malformed, empty or too long, naming what is wrong, nothing kept; -409 (409) BATCH_LIMITS.openBatches unpaid batches already.`,
  request: z
    .object({
      /** The file's bytes, base64. */
      file: whenMissing(textField.max(Math.ceil((BATCH_LIMITS.fileBytes * 4) / 3) + 4, BATCH_MESSAGES.tooLarge(BATCH_LIMITS.fileBytes)), ''),
      /** Its name, as the customer chose it (shown on the batch). */
      fileName: optionalTextField(BATCH_LIMITS.fileNameMax),
      /** Or: cells pasted from a spreadsheet (tab-separated; commas when no tab). */
      text: whenMissing(textField.max(BATCH_LIMITS.fileBytes, BATCH_MESSAGES.tooLarge(BATCH_LIMITS.fileBytes)), ''),
      /** The sender of every label (the label page's From step; getMyAddressCall offers the customer's own). */
      from: labelOrderAddressSchema,
      /** The day the labels are handed to the carrier, as the label page's rate call takes it: left out, the first working day offered. */
      shipDate: shipDateField,
    })
    .superRefine((input, context) => {
      if (input.file !== '' && input.text !== '') context.addIssue({ code: 'custom', message: BATCH_MESSAGES.both, path: ['text'] });
      if (input.file === '' && input.text === '') context.addIssue({ code: 'custom', message: BATCH_MESSAGES.neither, path: ['file'] });
    }),
  response: batchAnswer,
});

export const getLabelBatchesCall = call({
  method: 'GET',
  path: '/app/v1/labelBatches',
  encoding: 'query',
  signedIn: true,
  successCodes: [LABEL_BATCH_ERRORCODE.ok],
  summary: `The signed-in user's batches, newest first (at most ${BATCH_LIMITS.listed}), without their rows. errorcode 0.`,
  request: z.object({}),
  response: result.extend({ data: z.array(labelBatchSummarySchema) }),
});

export const getLabelBatchCall = call({
  method: 'GET',
  path: '/app/v1/labelBatches/detail',
  encoding: 'query',
  signedIn: true,
  successCodes: [LABEL_BATCH_ERRORCODE.ok],
  summary: "One of the signed-in user's batches with every row: read it again for the progress while it is rating or buying. errorcode 0; -404 (404) no such batch of theirs.",
  request: z.object({ id: idField }),
  response: batchAnswer,
});

export const updateLabelBatchRowCall = call({
  method: 'POST',
  path: '/app/v1/labelBatches/row',
  encoding: 'json',
  signedIn: true,
  successCodes: [LABEL_BATCH_ERRORCODE.ok],
  summary:
    "A row's cells fixed in place (all of them, as labelBatchRowSchema's cells): checked again at once (and the duplicates of the batch); the batch goes back to draft, to be rated again. errorcode 0 with the batch; -404 no such batch or row of theirs; -1 (409) the batch is paid or being rated.",
  request: z.object({ batchId: idField, row: intField.min(1).max(BATCH_LIMITS.rows), cells: batchCellsSchema }),
  response: batchAnswer,
});

export const deleteLabelBatchRowCall = call({
  method: 'POST',
  path: '/app/v1/labelBatches/row/delete',
  encoding: 'json',
  signedIn: true,
  successCodes: [LABEL_BATCH_ERRORCODE.ok],
  summary: "A row deleted from a batch not paid yet (the others keep their numbers). errorcode 0 with the batch; -404 no such batch or row of theirs; -1 (409) the batch is paid or being rated.",
  request: z.object({ batchId: idField, row: intField.min(1).max(BATCH_LIMITS.rows) }),
  response: batchAnswer,
});

export const rateLabelBatchCall = call({
  method: 'POST',
  path: '/app/v1/labelBatches/rate',
  encoding: 'json',
  signedIn: true,
  successCodes: [LABEL_BATCH_ERRORCODE.ok],
  summary:
    "Verify and rate the batch's rows with one rule: cheapest, fastest, or the named carrier and service (a row's service cell overrides it). errorcode 0 with the batch: 'rating' while the job asks the carriers (read getLabelBatchCall until it is 'rated', or 'draft' with the rows that failed), or 'rated' at once when every row still has fresh rates (a new rule costs no carrier call). -1 (409) rows with errors, or the batch is paid; -404 no such batch.",
  request: z
    .object({
      id: idField,
      rule: z.enum(BATCH_RULES, { message: `rule: choose one of ${BATCH_RULES.join(', ')}` }),
      /** With rule 'service': the carrier (USPS, UPSDAP, FedEx) and its service (as labelRateSchema names them). */
      carrier: optionalTextField(32),
      service: optionalTextField(64),
    })
    .superRefine((input, context) => {
      if (input.rule === 'service' && (input.carrier === '' || input.service === '')) {
        context.addIssue({ code: 'custom', message: BATCH_MESSAGES.ruleService, path: [input.carrier === '' ? 'carrier' : 'service'] });
      }
    }),
  response: batchAnswer,
});

export const payLabelBatchCall = call({
  method: 'POST',
  path: '/app/v1/labelBatches/pay',
  encoding: 'json',
  signedIn: true,
  successCodes: [LABEL_BATCH_ERRORCODE.redirect],
  summary:
    "Pay for a rated batch, one payment for every row: errorcode 1 with redirectURL (the payment provider). Once the payment is captured, a job buys the labels one by one. -4 (409) the rates expired; -1 (409) not rated, rows with errors, or being paid or paid; -404 no such batch.",
  request: z.object({ id: idField }),
  response: result.extend({ redirectURL: z.string() }),
});

export const deleteLabelBatchCall = call({
  method: 'POST',
  path: '/app/v1/labelBatches/delete',
  encoding: 'json',
  signedIn: true,
  successCodes: [LABEL_BATCH_ERRORCODE.ok],
  summary: "Delete a batch not paid (its open payment cancelled). errorcode 0; -1 (409) paid or its payment being taken; -404 no such batch.",
  request: z.object({ id: idField }),
  response: result,
});

export const downloadLabelBatchLabelsCall = call({
  method: 'GET',
  path: '/app/v1/labelBatches/labels',
  encoding: 'query',
  signedIn: true,
  successCodes: [LABEL_BATCH_ERRORCODE.ok],
  summary:
    "The batch's bought labels in one file (the answer is the file), in the rows' order, in the customer's label format or `format`: pdf-4x6 and png-4x6 one PDF of 4x6 pages (a PNG a page), pdf-letter one PDF of 8.5x11 sheets two labels each, zpl the labels' ZPL one after another. -1 (409) not finished or none bought; -404 no such batch; -400 another format.",
  request: z.object({ id: idField, format: labelFormatFieldNamed('format').optional() }),
  response: result,
});

export const downloadLabelBatchTrackingCall = call({
  method: 'GET',
  path: '/app/v1/labelBatches/tracking',
  encoding: 'query',
  signedIn: true,
  successCodes: [LABEL_BATCH_ERRORCODE.ok],
  summary:
    "The batch's rows as a CSV file (the answer is the file, UTF-8 with a BOM): row, reference, recipient, carrier, service, tracking number, price, status (bought, refunded, failed); a cell starting with = + - @ tab or CR is prefixed with ' so a spreadsheet never runs it. -1 (409) not paid yet; -404 no such batch.",
  request: z.object({ id: idField }),
  response: result,
});

/** The tracking CSV's header. */
export const BATCH_TRACKING_COLUMNS = ['row', 'reference', 'recipient', 'carrier', 'service', 'tracking number', 'price', 'status'] as const;

/** A cell a spreadsheet could take for a formula (OWASP CSV injection) gets a ' in front; others are as they are. */
export function neutralizeCsvCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** One CSV line (RFC 4180: quoted when it holds a comma, quote or line break), each cell neutralised first. */
export function csvLine(cells: readonly string[]): string {
  return cells
    .map(neutralizeCsvCell)
    .map((cell) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell))
    .join(',');
}

/** The template file's text (without its BOM): the header and the example row. */
export function labelBatchTemplateCsv(): string {
  return `${csvLine(BATCH_COLUMNS)}\r\n${csvLine(BATCH_COLUMNS.map((column) => BATCH_TEMPLATE_EXAMPLE[column]))}\r\n`;
}

/** The file names the downloads are saved as. */
export const labelBatchFileName = (id: number, what: 'labels' | 'tracking', extension: string) => `batch-${id}-${what}.${extension}`;
