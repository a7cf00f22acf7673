import {
  cancelPickupCall,
  checkPickupStatusCall,
  createPickupCall,
  getUserPickupsCall,
  OPENAPI_CODE,
  PICKUP_ERRORCODE,
  PICKUP_MESSAGES,
  paypalByPickupCall,
  READ_ERRORCODE,
  uspsPickupAvailabilityCall,
  uspsPickupChangeCall,
  uspsPickupInquiryCall,
  uspsPickupScheduleCall,
  uspsPickupScheduleLabelsCall,
} from '@airbox/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.js';
import { createCarrierPickup, payForPickup } from '../../modules/pickups/carrier-pickups.service.js';
import { cancelPickup, carriersCancel, listPickups, PICKUP_SERVER_MESSAGES, pickupStatus } from '../../modules/pickups/pickups.service.js';
import {
  changeUspsPickup,
  inquireUspsPickup,
  scheduleUspsPickup,
  scheduleUspsPickupForLabels,
  USPS_PICKUP_MESSAGES,
  uspsAvailability,
  uspsCancel,
} from '../../modules/pickups/usps-pickups.service.js';
import { defineCall, signedInAccount, signedInUser } from './define-call.js';

/** The /openapi answers carry `code` as the spec's clients read it, and errorcode with the same value. */
const openapi = <C extends number>(code: C, message: string) => ({ code, errorcode: code, message });

/**
 * Carrier pickups (spec 03 §7 Pickups, issue 10): the paid path (createPickup, paypalByPickup;
 * the payment's return is the payments routes'), USPS's free one (CarrierPickupAvailability,
 * CarrierPickupSchedule, CarrierPickupInquiry, and ours CarrierPickupChange), a pickup's details
 * and its cancel, and ours the customer's Pickups list. The user is always the session's (a userId in a body is checked against it or
 * ignored); the calls that ask a carrier or the payment provider are throttled per address, as
 * validateAddress is, and charged to the account's hourly budgets.
 */
export default async function pickupsRoutes(app: FastifyInstance) {
  defineCall(app, createPickupCall, { throttled: 'directory', budget: { name: 'carrierCalls' }, account: true }).handle(async (input, request) => {
    const outcome = await createCarrierPickup(app, signedInAccount(request), input);
    if (!outcome.ok) return { ...openapi(OPENAPI_CODE.error, outcome.message), data: { pickupId: '', pickup_rates: [] } };
    return { ...openapi(OPENAPI_CODE.ok, 'success'), data: { pickupId: outcome.pickupId, pickup_rates: outcome.rates } };
  });

  defineCall(app, paypalByPickupCall, { throttled: true, budget: { name: 'checkouts' } }).handle(async (input, request) => {
    const outcome = await payForPickup(app, signedInUser(request).user_id, input);
    if (!outcome.ok) return { ...openapi(OPENAPI_CODE.error, outcome.message), paymentUrl: '' };
    return { ...openapi(OPENAPI_CODE.ok, 'success'), paymentUrl: outcome.paymentUrl };
  });

  defineCall(app, checkPickupStatusCall).handle(async (input, request) => {
    const user = signedInUser(request);
    const status = await pickupStatus(app, user.user_id, input.shippingdetails_id, input.pickupId);
    if (!status) throw new AppError(404, PICKUP_ERRORCODE.notFound, PICKUP_SERVER_MESSAGES.noSuchPickup);
    return { errorcode: PICKUP_ERRORCODE.ok, message: 'success', ...status };
  });

  defineCall(app, getUserPickupsCall).handle(async (input, request) => {
    const data = await listPickups(app, signedInUser(request).user_id, input);
    return { errorcode: READ_ERRORCODE.ok, message: 'success', data };
  });

  defineCall(app, cancelPickupCall, { throttled: true }).handle(async (input, request) => {
    const outcome = await cancelPickup(
      app,
      signedInUser(request).user_id,
      input.shippingdetails_id,
      { carriers: carriersCancel(app), usps: uspsCancel(app) },
      { whole: input.wholePickup },
    );
    if (outcome.ok) return { errorcode: PICKUP_ERRORCODE.ok, message: PICKUP_SERVER_MESSAGES.cancelled };
    if (outcome.notFound) throw new AppError(404, PICKUP_ERRORCODE.notFound, outcome.message);
    return { errorcode: PICKUP_ERRORCODE.refused, message: outcome.message };
  });

  defineCall(app, uspsPickupAvailabilityCall, { throttled: 'directory', budget: { name: 'carrierCalls' } }).handle(async (input, request) => {
    signedInUser(request);
    const data = await uspsAvailability(app, input);
    return { ...openapi(OPENAPI_CODE.ok, 'Error' in data ? data.Error.Description : 'success'), data };
  });

  defineCall(app, uspsPickupScheduleCall, { throttled: true, account: true }).handle(async (input, request) => {
    const outcome = await scheduleUspsPickup(app, signedInAccount(request), input);
    if (!outcome.ok) return { ...openapi(OPENAPI_CODE.error, outcome.message), data: { Error: { Description: outcome.message } } };
    return {
      ...openapi(OPENAPI_CODE.ok, PICKUP_MESSAGES.uspsScheduled),
      data: { ConfirmationNumber: outcome.confirmation, Date: outcome.date, DayOfWeek: outcome.dayOfWeek, PackageCount: outcome.packageCount, Joined: outcome.joined },
    };
  });

  // Issue 25 item 2: one USPS pickup for several labels at one address.
  defineCall(app, uspsPickupScheduleLabelsCall, { throttled: true, account: true }).handle(async (input, request) => {
    const outcome = await scheduleUspsPickupForLabels(app, signedInAccount(request), input);
    if (!outcome.ok) return { ...openapi(OPENAPI_CODE.error, outcome.message), data: { Error: { Description: outcome.message } } };
    return {
      ...openapi(OPENAPI_CODE.ok, PICKUP_MESSAGES.uspsScheduled),
      data: {
        ConfirmationNumber: outcome.confirmation,
        Date: outcome.date,
        DayOfWeek: outcome.dayOfWeek,
        PackageCount: outcome.packageCount,
        EstimatedWeight: outcome.estimatedWeight,
        Labels: outcome.labels,
      },
    };
  });

  defineCall(app, uspsPickupInquiryCall, { throttled: 'directory' }).handle(async (input, request) => {
    const outcome = await inquireUspsPickup(app, signedInUser(request).user_id, input.shipmentDetailsId);
    // The wizard opens on -1 (spec 03 §4).
    if (!outcome.found) throw new AppError(404, OPENAPI_CODE.error, USPS_PICKUP_MESSAGES.noUspsPickup);
    return { ...openapi(OPENAPI_CODE.ok, outcome.message), data: { CarrierPickupInquiryResponse: outcome.inquiry }, dbInfo: outcome.dbInfo };
  });

  defineCall(app, uspsPickupChangeCall, { throttled: true }).handle(async (input, request) => {
    const outcome = await changeUspsPickup(app, signedInUser(request).user_id, input);
    return outcome.ok ? openapi(OPENAPI_CODE.ok, USPS_PICKUP_MESSAGES.changed) : openapi(OPENAPI_CODE.error, outcome.message);
  });
}
