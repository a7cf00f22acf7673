import { z } from 'zod';
import { call } from './call-descriptor.js';
import { LIMITS } from './constants.js';
import { READ_ERRORCODE } from './errorcodes.js';
import { pageField, pageSizeField, textField } from './fields.js';

/** The reference reads: carrier service names, advertisements, route-code barcodes and third-party orders. */

const empty = z.object({});

export const carrierServiceMappingSchema = z.object({
  carrier: z.string(),
  easypost_original: z.string(),
  renamed: z.string(),
  service_search_queries: z.string(),
});
export type CarrierServiceMapping = z.infer<typeof carrierServiceMappingSchema>;

export const carrierServiceRenamingCall = call({
  method: 'GET',
  path: '/app/v1/carrierServiceRenaming',
  encoding: 'query',
  signedIn: true,
  successCodes: [READ_ERRORCODE.ok],
  summary: 'The carrier service renaming list, kept by the web app in session storage.',
  request: empty,
  response: z.object({
    errorcode: z.literal(READ_ERRORCODE.ok),
    message: z.string(),
    data: z.array(carrierServiceMappingSchema),
  }),
});

export const getAdvertisementsCall = call({
  method: 'GET',
  path: '/app/v1/getAdvertisements',
  encoding: 'query',
  signedIn: true,
  successCodes: [READ_ERRORCODE.ok],
  summary: 'Current advertisements; the web app shows the first one in a banner.',
  request: empty,
  response: z.object({
    errorcode: z.literal(READ_ERRORCODE.ok),
    message: z.string(),
    ads: z.array(z.object({ content: z.string() })),
  }),
});

/** Route codes printable as Code128 (set B without the space), at most LIMITS.routeCodeMax characters. */
export const barcodeCodeField = z
  .string()
  .min(1, { message: 'pcode: at least 1 character', abort: true })
  .max(LIMITS.routeCodeMax, `pcode: at most ${LIMITS.routeCodeMax} characters`)
  .regex(/^[\x21-\x7e]+$/, 'pcode: visible ASCII characters only');

export const genCode128Call = call({
  method: 'GET',
  path: '/app/v1/genCode128',
  encoding: 'query',
  signedIn: false,
  successCodes: [READ_ERRORCODE.ok],
  summary: 'A Code128 barcode of the route code, as a base64 PNG. errorcode 0: success.',
  request: z.object({ pcode: barcodeCodeField }),
  response: z.object({ errorcode: z.literal(READ_ERRORCODE.ok), message: z.string(), data: z.string() }),
});

export const getThirdPartyOrdersCall = call({
  method: 'GET',
  path: '/app/v1/getThirdPartyOrders',
  encoding: 'query',
  signedIn: false,
  successCodes: [READ_ERRORCODE.ok],
  summary: 'A third-party order placed in a locker, with its pickup code (the public /ShowQRcode page).',
  request: z.object({
    orderId: textField.trim().min(1).max(64),
    mId: textField.trim().min(1).max(64),
    page: pageField.default(1),
    size: pageSizeField.default(10),
  }),
  response: z.object({
    errorcode: z.literal(READ_ERRORCODE.ok),
    message: z.string(),
    data: z.object({
      total: z.number().int(),
      list: z.array(z.object({ orderId: z.string(), pickUpCode: z.string() })),
    }),
  }),
});
