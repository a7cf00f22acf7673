import {
  carrierServiceRenamingCall,
  genCode128Call,
  getAdvertisementsCall,
  getThirdPartyOrdersCall,
  READ_ERRORCODE,
} from '@airbox/contract';
import type { FastifyInstance } from 'fastify';
import { activeAdvertisements } from '../../modules/advertisements/advertisements.service.js';
import { routeCodeBarcode } from '../../modules/barcodes/barcodes.service.js';
import { carrierServiceRenamings } from '../../modules/carriers/carriers.service.js';
import { thirdPartyOrdersPage } from '../../modules/third-party-orders/third-party-orders.service.js';
import { defineCall } from './define-call.js';

/** Reference data, barcodes and third-party orders. */
export default async function catalogRoutes(app: FastifyInstance) {
  defineCall(app, carrierServiceRenamingCall).handle(async () => {
    return { errorcode: READ_ERRORCODE.ok, message: 'success', data: await carrierServiceRenamings(app.db) };
  });

  defineCall(app, getAdvertisementsCall).handle(async () => {
    return { errorcode: READ_ERRORCODE.ok, message: 'success', ads: await activeAdvertisements(app.db) };
  });

  // Public, and each new code costs a drawing: throttled per address, and refused when the
  // drawing queue is full. The image only shows the code asked for, so any cache may keep it.
  defineCall(app, genCode128Call, { throttled: 'barcode' }).handle(async (input, _request, reply) => {
    const png = await routeCodeBarcode(app, input.pcode);
    reply.header('cache-control', 'public, max-age=86400');
    return { errorcode: READ_ERRORCODE.ok, message: 'success', data: png.toString('base64') };
  });

  // Throttled: the answer holds a pickup code, so order ids must not be guessable by brute force.
  defineCall(app, getThirdPartyOrdersCall, { throttled: true }).handle(async (input) => {
    const data = await thirdPartyOrdersPage(app.db, { orderId: input.orderId, merchantId: input.mId, page: input.page, size: input.size });
    return { errorcode: READ_ERRORCODE.ok, message: 'success', data };
  });
}
