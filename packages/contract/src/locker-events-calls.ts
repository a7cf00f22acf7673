import { z } from 'zod';
import { call } from './call-descriptor.js';
import { LOCKER_EVENT_ERRORCODE } from './errorcodes.js';
import { textField } from './fields.js';
import { lockerDoorAnswerSchema, lockerDoorSchema } from './locker-doors-calls.js';

/* The zod side of locker-events.ts: the locker events API's requests and answers. */

const instant = z.iso.datetime({ offset: true });
const text = (max: number) => textField.trim().min(1).max(max);

export const deliveredEventSchema = z.object({
  type: z.literal('delivered'),
  /** The customer's 7-digit AirBox ID. */
  boxId: textField.trim().regex(/^\d{7}$/, 'boxId must be 7 digits'),
  hubId: text(64),
  carrier: text(64),
  trackingNo: text(64),
  /** When the carrier closed the door; the server's clock when absent (or null). */
  deliveredAt: instant.nullish(),
  /**
   * The door the package went behind (issue 22 item 3): column, row and whether it is a low one.
   * Controllers that do not report doors leave it out (or null); the package then names none.
   */
  door: lockerDoorSchema.nullish(),
});

export const pickedUpEventSchema = z.object({
  type: z.literal('picked_up'),
  hubId: text(64),
  pickupCode: textField.trim().regex(/^\d{6}$/, 'pickupCode must be 6 digits'),
  pickedUpAt: instant.nullish(),
});

export const lockerEventSchema = z.discriminatedUnion('type', [deliveredEventSchema, pickedUpEventSchema]);
export type DeliveredEvent = z.infer<typeof deliveredEventSchema>;
export type PickedUpEvent = z.infer<typeof pickedUpEventSchema>;
export type LockerEvent = z.infer<typeof lockerEventSchema>;

export const lockerEventCall = call({
  method: 'POST',
  path: '/app/v1/locker/events',
  encoding: 'json',
  signedIn: false,
  successCodes: [LOCKER_EVENT_ERRORCODE.recorded],
  summary:
    'A locker reports a delivery or a pickup (API key in the X-Api-Key header or as a Bearer token). A delivery may name its door ({column, row, low}) and is answered the recipient\'s reach need (recipient.needsLowCompartment) and the vacation hold it falls in (hold.until, its last day; null when none). errorcode 0: recorded; -20 unknown AirBox ID, -21 unknown hub, -22 unknown pickup code, -23 already picked up, -401 no valid key.',
  request: lockerEventSchema,
  response: z.object({
    errorcode: z.literal(LOCKER_EVENT_ERRORCODE.recorded),
    message: z.string(),
    packageId: z.number().int(),
    /** The code the customer types at the locker (delivered events). */
    pickupCode: z.string(),
    /** Credits taken from the customer's balance (picked_up events). */
    creditsCharged: z.number().int(),
    /** Overdue days charged (picked_up events). */
    overtimeDays: z.number().int(),
    /**
     * Delivered events: the recipient's reach need (the profile's wheelchair preference), so the
     * controller keeps their packages behind low doors; the door recorded (null: none reported).
     */
    recipient: z.object({ needsLowCompartment: z.boolean() }).optional(),
    door: lockerDoorAnswerSchema.nullable().optional(),
    /**
     * Delivered events (issue 22 item 2): the recipient's vacation hold the delivery falls in,
     * its last day ('YYYY-MM-DD', Pacific), so the controller keeps the compartment until then;
     * null when none. Older controllers may ignore it.
     */
    hold: z.object({ until: z.string() }).nullable().optional(),
  }),
});

/**
 * Before it chooses a door (issue 22 items 2 and 3), a controller asks what the delivery's answer
 * would say about the recipient: whether they need a low compartment, and the vacation hold the
 * delivery would fall in. Nothing is recorded; the same API key as the events. `at`: when the
 * package goes in (the server's clock when absent), the day a hold is looked up for.
 */
export const lockerRecipientRequestSchema = z.object({
  boxId: deliveredEventSchema.shape.boxId,
  hubId: text(64),
  at: instant.optional(),
});
export type LockerRecipientRequest = z.infer<typeof lockerRecipientRequestSchema>;

export const lockerRecipientCall = call({
  method: 'GET',
  path: '/app/v1/locker/recipient',
  encoding: 'query',
  signedIn: false,
  successCodes: [LOCKER_EVENT_ERRORCODE.recorded],
  summary:
    "A locker asks, before choosing a door, whether the recipient of an AirBox ID needs a low compartment (recipient.needsLowCompartment) and whether a vacation hold applies (hold.until, its last day; null when none), without recording anything (API key as for the events; ?boxId=&hubId=[&at=ISO time]). errorcode 0: answered; -20 unknown AirBox ID, -21 unknown hub, -401 no valid key.",
  request: lockerRecipientRequestSchema,
  response: z.object({
    errorcode: z.literal(LOCKER_EVENT_ERRORCODE.recorded),
    message: z.string(),
    boxId: z.string(),
    hubId: z.string(),
    /** As the delivery's answer: the recipient's reach need, so the controller picks a low door. */
    recipient: z.object({ needsLowCompartment: z.boolean() }),
    /** The vacation hold a delivery at `at` would fall in: its last day ('YYYY-MM-DD', Pacific); null when none. */
    hold: z.object({ until: z.string() }).nullable(),
  }),
});
