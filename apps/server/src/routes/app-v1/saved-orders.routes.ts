import {
  COMPANY_ROLES,
  deleteOrderForLaterCall,
  getMyAddressCall,
  getOrderForLaterCall,
  type MyAddress,
  OPENAPI_CODE,
  type RoleId,
  SHIPMENT_MESSAGES,
  searchShipmentAddressesCall,
  validateAddressCall,
} from '@airbox/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.js';
import { findCompanyPlacement } from '../../modules/campuses/campuses.repository.js';
import { searchContacts } from '../../modules/contacts/contacts.repository.js';
import { toContact } from '../../modules/contacts/contacts.wire.js';
import { findHub } from '../../modules/hubs/hubs.repository.js';
import { verifyAndKeepAddress } from '../../modules/pickups/address-verification.service.js';
import { deleteSavedOrder, listSavedOrders } from '../../modules/saved-orders/saved-orders.repository.js';
import { toSavedOrder } from '../../modules/saved-orders/saved-orders.wire.js';
import { defineCall, signedInUser } from './define-call.js';

/** The /openapi answers carry `code` as the spec's clients read it, and errorcode with the same value. */
const openapi = <C extends number>(code: C, message: string) => ({ code, errorcode: code, message });

/** Said of an order in progress that is not the user's (deleted meanwhile, or someone else's): the same for both. */
export const NO_SUCH_ORDER = 'This order in progress does not exist.';

/** Orders In Progress and the address calls of the label and pickup pages (spec 03 §7 Saved orders, validateAddress, getUserShipmentAddress, getMyAddress). */
export default async function savedOrdersRoutes(app: FastifyInstance) {
  defineCall(app, getOrderForLaterCall).handle(async (input, request) => {
    const user = signedInUser(request);
    const orders = await listSavedOrders(app.db, user.user_id, input.id);
    return { ...openapi(OPENAPI_CODE.ok, 'success'), data: orders.map(toSavedOrder) };
  });

  defineCall(app, deleteOrderForLaterCall).handle(async (input, request) => {
    const user = signedInUser(request);
    const deleted = await deleteSavedOrder(app.db, user.user_id, input.id);
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
    const page = await searchContacts(app.db, user.user_id, input.search, { offset: (input.page - 1) * input.size, limit: input.size });
    return { ...openapi(OPENAPI_CODE.ok, 'success'), total: page.total, data: page.list.map(toContact) };
  });

  defineCall(app, getMyAddressCall).handle(async (_input, request) => {
    const user = signedInUser(request);
    // Roles 15 and 16 use their company's name in their address (spec 03 §2, §6).
    const company =
      COMPANY_ROLES.includes(user.role_id as RoleId) && user.business_company_id !== null
        ? ((await findCompanyPlacement(app.db, user.business_company_id))?.company_name ?? '')
        : '';
    const person = { firstName: user.first_name, lastName: user.last_name, phone: user.cell_phone, email: user.email };
    const data: MyAddress[] = [
      {
        kind: 'home',
        ...person,
        company,
        address1: user.address_line_1,
        address2: user.address_line_2,
        city: user.city,
        state: user.state,
        zipcode: user.zip_code,
      },
    ];
    const hub = user.locker_id ? await findHub(app.db, user.locker_id) : undefined;
    if (hub) {
      // The hub's street with the AirBox ID, as the customer's mailing address reads: what comes back reaches their locker.
      data.push({ kind: 'hub', ...person, company: hub.business_name, address1: hub.address, address2: `#${user.box_id}`, city: hub.city, state: hub.state, zipcode: hub.zip_code });
    }
    return { ...openapi(OPENAPI_CODE.ok, 'success'), data };
  });
}
