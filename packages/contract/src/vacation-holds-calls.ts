import { z } from 'zod';
import { call } from './call-descriptor.js';
import { idField, optionalIdField, textField } from './fields.js';
import { isCalendarDate, VACATION_HOLD_ERRORCODE, VACATION_HOLD_MAX_ACTIVE, VACATION_HOLD_MAX_DAYS, VACATION_HOLD_MESSAGES } from './vacation-holds.js';

/* The zod side of vacation-holds.ts: the holds' calls and form. */

const dateField = (message: string) => textField.trim().refine((value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && isCalendarDate(value), message);

export const vacationHoldSchema = z.object({
  id: z.number().int(),
  /** First and last day of the hold, both included, 'YYYY-MM-DD' (Pacific). */
  startDate: z.string(),
  endDate: z.string(),
});
export type VacationHold = z.infer<typeof vacationHoldSchema>;

const result = z.object({ errorcode: z.number().int(), message: z.string() });

export const getVacationHoldsCall = call({
  method: 'GET',
  path: '/app/v1/vacationHolds',
  encoding: 'query',
  signedIn: true,
  successCodes: [VACATION_HOLD_ERRORCODE.ok],
  summary: "The signed-in user's vacation holds not yet over, soonest first, and today's date in the hubs' zone. errorcode 0.",
  request: z.object({}),
  response: result.extend({ data: z.array(vacationHoldSchema), today: z.string() }),
});

export const vacationHoldFormSchema = z.object({
  startDate: dateField(VACATION_HOLD_MESSAGES.startDate),
  endDate: dateField(VACATION_HOLD_MESSAGES.endDate),
});
export type VacationHoldForm = z.input<typeof vacationHoldFormSchema>;

export const saveVacationHoldCall = call({
  method: 'POST',
  path: '/app/v1/vacationHolds/save',
  encoding: 'form',
  signedIn: true,
  successCodes: [VACATION_HOLD_ERRORCODE.ok],
  summary: `Add a vacation hold (no id) or change one not yet begun (its id): startDate and endDate as YYYY-MM-DD, Pacific days, start today or later, end on or after start, at most ${VACATION_HOLD_MAX_DAYS} days, no overlap with another hold, at most ${VACATION_HOLD_MAX_ACTIVE} holds not yet over. errorcode 0 with data.id; -1 (400) dates refused, naming the field; -2 (409) overlap; -404 no such hold; -409 (409) too many holds.`,
  request: vacationHoldFormSchema.extend({ id: optionalIdField }),
  response: result.extend({ data: z.object({ id: z.number().int() }) }),
});

export const cancelVacationHoldCall = call({
  method: 'POST',
  path: '/app/v1/vacationHolds/cancel',
  encoding: 'form',
  signedIn: true,
  successCodes: [VACATION_HOLD_ERRORCODE.ok],
  summary:
    'Cancel a vacation hold. One not begun is deleted; one under way ends the day before today, and the packages it holds are free from today on (no fee for the days held). errorcode 0; -404 no such hold.',
  request: z.object({ id: idField }),
  response: result,
});

/** The locker events API's answer to a delivery inside a hold: keep the compartment until then. */
export const deliveryHoldSchema = z.object({ until: z.string() });
