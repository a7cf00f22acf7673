import { z } from 'zod';
import { call } from './call-descriptor.js';
import { MESSAGE_DELETE_ERRORCODE, READ_ERRORCODE } from './errorcodes.js';
import { INT4, idField, intField, optionalTextField, pageSizeField, textField, whenMissing } from './fields.js';

/** My Messages (spec 03 §2, §4, §8): the package notifications of the lockers. */
export const INBOX_MESSAGES = {
  selectFirst: 'Please select at least one item you want to delete.',
  deleted: 'Successfully deleted',
  bulkDeleted: 'Messages deleted successfully',
  empty: 'You have no saved messages.',
} as const;

export const PICKUP_STATUS_FILTERS = [
  { value: '', label: 'ALL' },
  { value: '1', label: 'Picked up' },
  { value: '0', label: 'Not picked up' },
] as const;

/** The carriers offered before the server's list arrives. */
export const DEFAULT_MESSAGE_CARRIERS = ['USPS', 'FedEx', 'UPSDAP'] as const;
export const MESSAGE_PAGE_SIZES = [10, 5] as const;

export const inboxMessageSchema = z.object({
  message_id: z.number().int(),
  message_date: z.string(),
  tracking_no: z.string(),
  carrier: z.string(),
  /** HTML written by the server; the web app sanitises it before showing it. */
  messages: z.string(),
  is_pickup: z.union([z.literal(0), z.literal(1)]),
  pickup_code: z.string(),
});
export type InboxMessage = z.infer<typeof inboxMessageSchema>;

const result = z.object({ errorcode: z.number().int(), message: z.string() });
/** A date range bound ('YYYY-MM-DD' or an ISO date-time); absent, null or '' is no bound. */
const isoDate = optionalTextField(40);
/** '' every message, '1' picked up, '0' not; a JSON client may send the record's 0 or 1 as a number. */
const pickupFilter = whenMissing(
  z.enum(['', '0', '1']).or(z.literal([0, 1]).transform((value) => (value === 1 ? '1' : '0'))),
  '',
);

export const getUserMessageCall = call({
  method: 'POST',
  path: '/app/v1/getUserMessage',
  encoding: 'json',
  signedIn: true,
  successCodes: [READ_ERRORCODE.ok],
  summary: "A page of the signed-in user's messages, newest first, filtered by carrier, dates and pickup status. errorcode 0.",
  request: z.object({
    start: whenMissing(intField.min(0).max(1_000_000), 0),
    num: whenMissing(pageSizeField, 10),
    user_id: idField,
    carrier: optionalTextField(64),
    start_time: isoDate,
    end_time: isoDate,
    is_pickup: pickupFilter,
  }),
  response: result.extend({ total: z.number().int(), messages: z.array(inboxMessageSchema) }),
});

const MESSAGE_IDS_RULE = 'message_id must be ids joined with commas';

/** One id, or several joined with commas ('3,5,8'), each within int4. */
export const messageIdsField = textField
  .trim()
  .regex(/^\d{1,10}(,\d{1,10}){0,99}$/, MESSAGE_IDS_RULE)
  .transform((value) => [...new Set(value.split(',').map(Number))])
  .refine((ids) => ids.every((id) => id <= INT4.max), MESSAGE_IDS_RULE);

export const deleteMessageCall = call({
  method: 'POST',
  path: '/app/v1/deleteMessage',
  encoding: 'form',
  signedIn: true,
  successCodes: [MESSAGE_DELETE_ERRORCODE.deleted],
  summary: "Delete one or several of the signed-in user's messages. errorcode 1: deleted.",
  request: z.object({ message_id: messageIdsField }),
  response: result,
});

export const deleteAllMessageCall = call({
  method: 'POST',
  path: '/app/v1/deleteAllMessage',
  encoding: 'form',
  signedIn: true,
  successCodes: [MESSAGE_DELETE_ERRORCODE.deleted],
  summary: "Delete every picked-up message of the signed-in user. errorcode 1: deleted.",
  request: z.object({ user_id: idField }),
  response: result,
});

export const getCarrierListCall = call({
  method: 'GET',
  path: '/app/v1/stat/getCarrierList',
  encoding: 'query',
  signedIn: true,
  successCodes: [READ_ERRORCODE.ok],
  summary: 'The carriers messages can be filtered by.',
  request: z.object({}),
  response: result.extend({ carrierList: z.array(z.object({ shipping_company_name: z.string() })) }),
});
