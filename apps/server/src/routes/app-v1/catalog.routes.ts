import {
  carrierServiceRenamingCall,
  genCode128Call,
  getAdvertisementsCall,
  getThirdPartyOrdersCall,
} from '@airbox/contract';
import bwipjs from 'bwip-js';
import type { FastifyInstance } from 'fastify';
import { listActiveAdvertisements } from '../../modules/advertisements/advertisements.repository.js';
import { listCarrierServiceRenamings } from '../../modules/carriers/carriers.repository.js';
import { findThirdPartyOrders } from '../../modules/orders/orders.repository.js';
import { defineCall } from './define-call.js';

/** Reference data, barcodes and third-party orders. */
export default async function catalogRoutes(app: FastifyInstance) {
  defineCall(app, carrierServiceRenamingCall).handle(async () => {
    const rows = await listCarrierServiceRenamings(app.db);
    return { errorcode: 0, message: 'success', data: rows };
  });

  defineCall(app, getAdvertisementsCall).handle(async () => {
    const ads = await listActiveAdvertisements(app.db);
    return { errorcode: 0, message: 'success', ads };
  });

  defineCall(app, genCode128Call).handle(async (input) => {
    const png = await bwipjs.toBuffer({ bcid: 'code128', text: input.pcode, scale: 3, height: 12, includetext: true });
    return { errorcode: 0, message: 'success', data: png.toString('base64') };
  });

  // Throttled: the answer holds a pickup code, so order ids must not be guessable by brute force.
  defineCall(app, getThirdPartyOrdersCall, { throttled: true }).handle(async (input) => {
    const page = await findThirdPartyOrders(app.db, {
      orderId: input.orderId,
      merchantId: input.mId,
      page: input.page,
      size: input.size,
    });
    return {
      errorcode: 0,
      message: 'success',
      data: { total: page.total, list: page.list.map((order) => ({ orderId: order.order_id, pickUpCode: order.pickup_code })) },
    };
  });
}
