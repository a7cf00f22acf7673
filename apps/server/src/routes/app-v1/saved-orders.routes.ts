import {
  deleteOrderForLaterCall,
  getMyAddressCall,
  getOrderForLaterCall,
  OPENAPI_CODE,
  SHIPMENT_MESSAGES,
  searchShipmentAddressesCall,
  validateAddressCall,
} from '@airbox/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.js';
import { searchContactsPage } from '../../modules/contacts/contacts.service.js';
import { verifyAndKeepAddress } from '../../modules/pickups/address-verification.service.js';
import { deleteOrderInProgress, ordersInProgress } from '../../modules/saved-orders/saved-orders.service.js';
import { myAddresses } from '../../modules/users/users.service.js';
import { defineCall, signedInAccount, signedInUser } from './define-call.js';

/** The /openapi answers carry `code` as the spec's clients read it, and errorcode with the same value. */
const openapi = <C extends number>(code: C, message: string) => ({ code, errorcode: code, message });

/** Said of an order in progress that is not the user's (deleted meanwhile, or someone else's): the same for both. */
export const NO_SUCH_ORDER = 'This order in progress does not exist.';

/** Orders In Progress and the address calls of the label and pickup pages (spec 03 §7 Saved orders, validateAddress, getUserShipmentAddress, getMyAddress). */
export default async function savedOrdersRoutes(app: FastifyInstance) {
  defineCall(app, getOrderForLaterCall).handle(async (input, request) => {
    const user = signedInUser(request);
    return { ...openapi(OPENAPI_CODE.ok, 'success'), data: await ordersInProgress(app.db, user.user_id, input.id) };
  });

  defineCall(app, deleteOrderForLaterCall).handle(async (input, request) => {
    const user = signedInUser(request);
    const deleted = await deleteOrderInProgress(app.db, user.user_id, input.id);
    return deleted ? openapi(OPENAPI_CODE.ok, 'success') : openapi(OPENAPI_CODE.error, NO_SUCH_ORDER);
  });

  // Each call asks the carrier service: throttled per address like the other calls that cost an
  // outside request, and charged to the account's carrier budget.
  defineCall(app, validateAddressCall, { throttled: 'directory', budget: { name: 'carrierCalls' } }).handle(async (input, request) => {
    const user = signedInUser(request);
    const sent = {
      name: input.name,
      street1: input.street1,
      street2: input.street2,
      city: input.city,
      state: input.state,
      zip: input.zip,
      country: input.country,
      phone: input.phone,
    };
    let check;
    try {
      check = await verifyAndKeepAddress(app, user.user_id, sent);
    } catch (error) {
      request.log.error({ err: error }, 'address verification failed');
      throw new AppError(503, OPENAPI_CODE.error, SHIPMENT_MESSAGES.serviceException);
    }
    if (check.result === 'refused') {
      return {
        ...openapi(OPENAPI_CODE.ok, SHIPMENT_MESSAGES.unableToVerify),
        data: { result: 0 as const, addrId: '', suggestion: null, reasons: check.reasons },
      };
    }
    return {
      ...openapi(OPENAPI_CODE.ok, 'success'),
      data: { result: 1 as const, addrId: check.addressId, suggestion: check.suggestion, reasons: check.reasons },
    };
  });

  defineCall(app, searchShipmentAddressesCall).handle(async (input, request) => {
    const user = signedInUser(request);
    const page = await searchContactsPage(app.db, user.user_id, input.search, { page: input.page, size: input.size });
    return { ...openapi(OPENAPI_CODE.ok, 'success'), total: page.total, data: page.list };
  });

  defineCall(app, getMyAddressCall, { account: true }).handle(async (_input, request) => ({
    ...openapi(OPENAPI_CODE.ok, 'success'),
    data: await myAddresses(app.db, signedInAccount(request)),
  }));
}
