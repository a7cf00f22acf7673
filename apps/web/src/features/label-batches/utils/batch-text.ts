import { BATCH_COLUMNS, formatUsd, toCents, type BatchColumn, type BatchRule, type LabelBatchRow, type LabelBatchSummary } from '@airbox/contract';

/** The words of the Label Batches screen. */
export const BATCH_TEXT = {
  intro:
    'Many parcels at once: fill in the template (one line a parcel), upload it or paste the cells from your spreadsheet, fix what is marked, choose how the labels are rated, pay once, and download every label in one file.',
  template: 'DOWNLOAD TEMPLATE',
  chooseFile: 'CHOOSE CSV FILE',
  drop: 'or drop the CSV file here',
  pasteLabel: 'Or paste cells',
  pasteHelp: 'Copy the cells from your spreadsheet, the header line first, and paste them here.',
  pasteButton: 'CHECK PASTED CELLS',
  from: 'Ship from',
  noAddress: 'Add your mailing address in My Profile first: every label of a batch ships from it.',
  uploading: 'Checking the rows…',
  refused: 'Nothing was kept:',
  list: 'Your batches',
  noBatches: 'No batches yet. Download the template, fill it in and upload it above.',
  newBatch: 'NEW BATCH',
  allBatches: 'ALL BATCHES',
  open: 'OPEN',
  rows: 'Rows',
  ready: (count: number) => `${count} ready`,
  withErrors: (count: number) => `${count} with errors`,
  edit: 'EDIT',
  delete: 'DELETE',
  deleteQuestion: (row: number) => `Delete row ${row} from this batch? The other rows keep their numbers.`,
  deleteBatch: 'DELETE BATCH',
  deleteBatchQuestion: 'Delete this batch? Its rows are not kept.',
  editTitle: (row: number) => `Row ${row}`,
  editDescription: 'Fix the marked cells; the row is checked again when you save it.',
  save: 'SAVE ROW',
  cancel: 'CANCEL',
  rule: 'How each label is rated',
  rules: { cheapest: 'Cheapest', fastest: 'Fastest', service: 'A named service' } satisfies Record<BatchRule, string>,
  serviceLabel: 'Service',
  servicesAfterRating: 'Rate once: the services the carriers offer these parcels are listed here.',
  rowOverrides: "A row's own service cell goes before the rule.",
  rate: 'RATE ALL',
  rateAgain: 'RATE AGAIN',
  rating: (done: number, total: number) => `Rating: ${done} of ${total} rows`,
  fixFirst: (rows: number) => `Fix or delete the ${rows === 1 ? 'row' : `${rows} rows`} with errors, then rate.`,
  total: (rows: number) => `Total to pay for ${rows} ${rows === 1 ? 'label' : 'labels'}`,
  payBy: (time: string) => `These rates hold until ${time}.`,
  pay: 'PAY',
  payOnce: 'One payment for every label, through PayPal (or the payment page). The labels are bought one by one once it is taken.',
  paying: 'A payment was opened and not finished. Pay again, or delete the batch.',
  buying: (done: number, total: number) => `Buying the labels: ${done} of ${total}`,
  finished: (bought: number, total: number) => `Finished: ${bought} of ${total} ${total === 1 ? 'label' : 'labels'} bought.`,
  paid: (amount: string) => `Paid ${formatUsd(toCents(amount))}`,
  refundedTotal: (amount: string) => `refunded ${formatUsd(toCents(amount))}`,
  refusedTitle: 'Refused by the carrier',
  refundedRow: (amount: string) => `refunded ${formatUsd(toCents(amount))}`,
  refundPending: (amount: string) => `${formatUsd(toCents(amount))} being refunded`,
  downloadLabels: 'DOWNLOAD LABELS',
  downloadTracking: 'DOWNLOAD TRACKING CSV',
  purchasedLabels: 'PURCHASED LABELS',
  notFound: 'This batch is not one of yours, or it was deleted.',
} as const;

export const BATCH_STATE_NAMES: Record<LabelBatchSummary['state'], string> = {
  draft: 'To check',
  rating: 'Rating',
  rated: 'Rated',
  paying: 'Payment open',
  buying: 'Buying labels',
  finished: 'Finished',
};

export const ROW_STATE_NAMES: Record<LabelBatchRow['state'], string> = {
  invalid: 'Error',
  ready: 'Ready',
  rated: 'Rated',
  queued: 'Queued',
  bought: 'Bought',
  failed: 'Refused',
};

/** How a cell is named to a customer (the template's header names). */
export const COLUMN_NAMES: Record<BatchColumn, string> = Object.fromEntries(
  BATCH_COLUMNS.map((column) => [column, column.replace('_', ' ').replace(/^./, (first) => first.toUpperCase())]),
) as Record<BatchColumn, string>;
COLUMN_NAMES.street1 = 'Street';
COLUMN_NAMES.street2 = 'Street 2';
COLUMN_NAMES.weight_lb = 'Weight (lb)';
COLUMN_NAMES.weight_oz = 'Weight (oz)';
COLUMN_NAMES.length = 'Length (in)';
COLUMN_NAMES.width = 'Width (in)';
COLUMN_NAMES.height = 'Height (in)';

/** Rows of a batch by what they need: ready (passing, rated or not), and with errors. */
export function rowCounts(rows: readonly LabelBatchRow[]) {
  const withErrors = rows.filter((row) => row.errors.length > 0 || row.state === 'invalid').length;
  return { ready: rows.length - withErrors, withErrors };
}

/** A row's cell error, if any. */
export const cellError = (row: Pick<LabelBatchRow, 'errors'>, column: BatchColumn) => row.errors.find((error) => error.column === column)?.message;

/** The row's whole-row errors (a duplicate, an address not verified, no rate for the rule). */
export const rowErrors = (row: Pick<LabelBatchRow, 'errors'>) => row.errors.filter((error) => error.column === null).map((error) => error.message);

/** A refused row's reason: the refund is said once, from the row's refund and amount, not again from the note's last sentence. */
export const reasonOf = (note: string) => note.replace(/\s*Its \$[\d.,]+ (was|is being) refunded\.$/, '');
