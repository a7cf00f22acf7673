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
import { saveVerifiedAddress } from '../../modules/pickups/pickups.repository.js';
import { deleteSavedOrder, listSavedOrders } from '../../modules/saved-orders/saved-orders.repository.js';
import { toSavedOrder } from '../../modules/saved-orders/saved-orders.wire.js';
import { CarrierError, type PostalAddress } from '../../providers/carriers/carriers-provider.js';
import { defineCall, signedInUser } from './define-call.js';

/** The /openapi answers carry `code` as the spec's clients read it, and errorcode with the same value. */
const openapi = <C extends number>(code: C, message: string) => ({ code, errorcode: code, message });

/** Said of an order in progress that is not the user's (deleted meanwhile, or someone else's): the same for both. */
export const NO_SUCH_ORDER = 'This order in progress does not exist.';

/** Carrier failures that say the address itself is wrong, not that the service failed. */
const ADDRESS_REFUSALS = new Set(['ADDRESS.VERIFY.FAILURE', 'INVALID_REQUEST', 'NOT_FOUND']);

const sameText = (a: string | undefined, b: string | undefined) => (a ?? '').trim().toUpperCase() === (b ?? '').trim().toUpperCase();

/**
 * The carrier's spelling of an address: always when it corrected it ('suggestion'); for an
 * address verified as it is, only when its standard form differs beyond letter case.
 */
function suggestionOf(sent: PostalAddress, verified: PostalAddress, corrected: boolean) {
  const fields = ['street1', 'street2', 'city', 'state', 'zip'] as const;
  if (!corrected && fields.every((field) => sameText(sent[field], verified[field]))) return null;
  return { street1: verified.street1, street2: verified.street2 ?? '', city: verified.city, state: verified.state, zip: verified.zip };
}

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
    const sent: PostalAddress = {
      name: input.name,
      street1: input.street1,
      street2: input.street2,
      city: input.city,
      state: input.state,
      zip: input.zip,
      country: input.country,
      phone: input.phone,
    };
    const refused = (reasons: string[]) => ({
      ...openapi(OPENAPI_CODE.ok, SHIPMENT_MESSAGES.unableToVerify),
      data: { result: 0 as const, addrId: '', suggestion: null, reasons },
    });
    try {
      const verification = await app.carriers.verifyAddress(sent);
      if (verification.result === 'refused') return refused(verification.reasons);
      // Kept for this user as the carrier has it: createPickup's addressId names one of the user's own.
      const verified = verification.address;
      await saveVerifiedAddress(app.db, {
        address_id: verification.addressId,
        user_id: user.user_id,
        name: input.name,
        company: verified.company ?? '',
        street1: verified.street1,
        street2: verified.street2 ?? '',
        city: verified.city,
        state: verified.state,
        zip: verified.zip,
        phone: input.phone,
        created_at: app.config.clock().toISOString(),
      });
      return {
        ...openapi(OPENAPI_CODE.ok, 'success'),
        data: {
          result: 1 as const,
          addrId: verification.addressId,
          suggestion: suggestionOf(sent, verification.address, verification.result === 'suggestion'),
          reasons: verification.result === 'suggestion' ? verification.reasons : [],
        },
      };
    } catch (error) {
      if (error instanceof CarrierError && ADDRESS_REFUSALS.has(error.code)) return refused(error.details.reasons ?? [error.message]);
      request.log.error({ err: error }, 'address verification failed');
      throw new AppError(503, OPENAPI_CODE.error, SHIPMENT_MESSAGES.serviceException);
    }
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
