import { cancelVacationHoldCall, getVacationHoldsCall, saveVacationHoldCall, VACATION_HOLD_ERRORCODE, VACATION_HOLD_MESSAGES } from '@airbox/contract';
import type { FastifyInstance } from 'fastify';
import { cancelHold, holdsOf, saveHold } from '../../modules/vacation-holds/vacation-holds.service.js';
import { defineCall, signedInUser } from './define-call.js';

/** My Profile's vacation holds (issue 22 item 2). The owner is always the session's user. */
export default async function vacationHoldsRoutes(app: FastifyInstance) {
  defineCall(app, getVacationHoldsCall).handle(async (_input, request) => {
    const { holds, today } = await holdsOf(app, signedInUser(request).user_id);
    return { errorcode: VACATION_HOLD_ERRORCODE.ok, message: 'success', data: holds, today };
  });

  defineCall(app, saveVacationHoldCall).handle(async (input, request) => {
    const id = await saveHold(app, signedInUser(request).user_id, input);
    return { errorcode: VACATION_HOLD_ERRORCODE.ok, message: VACATION_HOLD_MESSAGES.saved(input.startDate, input.endDate), data: { id } };
  });

  defineCall(app, cancelVacationHoldCall).handle(async (input, request) => {
    await cancelHold(app, signedInUser(request).user_id, input.id);
    return { errorcode: VACATION_HOLD_ERRORCODE.ok, message: VACATION_HOLD_MESSAGES.cancelled };
  });
}
