import { z } from 'zod';
import { call } from './call-descriptor.js';
import { READ_ERRORCODE } from './errorcodes.js';
import { idField, intField, pageSizeField, whenMissing } from './fields.js';

/** Transaction history (spec 03 §2, §9). */
export const TRANSACTION_TYPE_NAMES: Readonly<Record<number, string>> = {
  1: 'Delivery',
  2: 'Pick up',
  3: 'Purchase',
  4: 'Pick up in store',
  /** Not in the spec (issue 22 item 2): a waiting package's free period extended by a day. */
  5: 'Extension',
  11: 'CREDIT PLAN',
  12: '6 Months PLAN',
  13: '12 Months PLAN',
};
export const OPERATION_TYPE = {
  delivery: 1,
  pickup: 2,
  purchase: 3,
  pickupInStore: 4,
  pickupExtension: 5,
  creditPlan: 11,
  sixMonthsPlan: 12,
  twelveMonthsPlan: 13,
} as const;

export function transactionTypeName(opType: number): string {
  return TRANSACTION_TYPE_NAMES[opType] ?? 'UNKNOW TYPE';
}

/** Credits are shown with - for pickups (2, 4) and extensions paid with credits (5), + for purchases (3, 11, 12, 13). */
export function creditSign(opType: number): '-' | '+' | '' {
  if (opType === 2 || opType === 4 || opType === 5) return '-';
  if (opType === 3 || opType === 11 || opType === 12 || opType === 13) return '+';
  return '';
}

export const TRANSACTION_MESSAGES = { empty: 'You have no recent transactions.' } as const;
export const TRANSACTION_PAGE_SIZES = [10, 5, 25, 50] as const;

export const operationSchema = z.object({
  op_id: z.number().int(),
  op_type: z.number().int(),
  op_timestamp: z.string(),
  delivery_time: z.string().nullable(),
  pickup_time: z.string().nullable(),
  charge_time: z.string().nullable(),
  op_time: z.string().nullable(),
  /** Amount paid in US dollars, when money moved; negative: money given back (a label's refund). */
  quote: z.number().nullable(),
  credits: z.number().int(),
  /** Days charged late (overdue pickups). */
  overtime: z.number().int(),
  /** Credit balance after this operation. */
  balance: z.number().int(),
  /**
   * Not in the spec (issue 21): what the line was for, in words ('Shipping label AB… · USPS Ground
   * Advantage', 'Refund of label AB…', '10 credits'); '' when unknown. A server of the spec's
   * contract sends none.
   */
  description: z.string().optional(),
});
export type Operation = z.infer<typeof operationSchema>;

/**
 * The money of a line from the customer's side, in cents: what they paid is negative, what came
 * back to them positive (quote is what was paid); null when no money moved.
 */
export function operationAmountCents(operation: Pick<Operation, 'quote'>): number | null {
  if (operation.quote === null) return null;
  const paidCents = Math.round(operation.quote * 100);
  return paidCents === 0 ? 0 : -paidCents;
}

export const OPERATION_SORT_FIELDS = ['op_timestamp', 'op_type', 'credits', 'balance'] as const;

/** Every field but user_id may be left out (or null in the JSON body of getMyOperations). */
const operationsRequest = z.object({
  start: whenMissing(intField.min(0).max(1_000_000), 0),
  num: whenMissing(pageSizeField, 10),
  user_id: idField,
  /** 0: every type. */
  otype: whenMissing(intField.min(0), 0),
  sort: whenMissing(z.enum(OPERATION_SORT_FIELDS), 'op_timestamp'),
  order: whenMissing(z.enum(['asc', 'desc']), 'desc'),
});

const operationsResponse = z.object({
  errorcode: z.number().int(),
  message: z.string(),
  total: z.number().int(),
  operations: z.array(operationSchema),
});

export const getUserOperationsCall = call({
  method: 'POST',
  path: '/app/v1/getUserOperations',
  encoding: 'form',
  signedIn: true,
  successCodes: [READ_ERRORCODE.ok],
  summary: "A sorted page of the signed-in user's transactions. errorcode 0: success.",
  request: operationsRequest,
  response: operationsResponse,
});

export const getMyOperationsCall = call({
  method: 'POST',
  path: '/app/v1/getMyOperations',
  encoding: 'json',
  signedIn: true,
  successCodes: [READ_ERRORCODE.ok],
  summary: 'The same as getUserOperations, with a JSON body.',
  request: operationsRequest,
  response: operationsResponse,
});
