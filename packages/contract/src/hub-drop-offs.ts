import { z } from 'zod';
import { call } from './call-descriptor.js';
import { LOCKER_EVENT_ERRORCODE } from './errorcodes.js';
import { textField } from './fields.js';
import { lockerDoorAnswerSchema, lockerDoorSchema } from './locker-doors-calls.js';

/**
 * Drop it off at your hub (issue 23 item 1). At Review and pay a customer may choose to drop the
 * parcel off at an AirBox hub (their own or another they may choose) instead of having a carrier
 * come for it. Once the label is bought they get a drop-off code (and its QR code): at the hub the
 * controller asks for a compartment for the code (POST /app/v1/locker/dropOffs/open, answered the
 * compartment size, the parcel and the label's ZPL to print), opens an empty one, and reports the
 * parcel in (POST /app/v1/locker/dropOffs/in). The label then reads 'Dropped off at <hub>' until
 * the carrier's first scan; the hub's parcels go to each carrier in one pickup a day.
 *
 * The code: 10 characters of a 32-letter alphabet without look-alikes (50 random bits), shown as
 * two groups of five ('7KQ2M-XW9PD'); only its SHA-256 is looked up. It opens one compartment
 * once, for DROP_OFF_VALID_DAYS after the purchase, and nothing once the label is refunded.
 */

/** The code's letters: digits and capitals without 0, 1, I and O, which read alike. */
export const DROP_OFF_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const DROP_OFF_CODE_LENGTH = 10;
/** A drop-off code opens a compartment for this many days after the label is bought. */
export const DROP_OFF_VALID_DAYS = 14;

/** The code as a person types it or a QR code holds it: case, spaces and dashes do not matter. */
export function normalizeDropOffCode(code: string): string {
  return code.replace(/[\s-]/g, '').toUpperCase();
}

/** '7KQ2MXW9PD' as shown: '7KQ2M-XW9PD'. */
export function formatDropOffCode(code: string): string {
  const plain = normalizeDropOffCode(code);
  return plain.length === DROP_OFF_CODE_LENGTH ? `${plain.slice(0, 5)}-${plain.slice(5)}` : plain;
}

export const dropOffCodeField = textField
  .trim()
  .transform(normalizeDropOffCode)
  .pipe(z.string().regex(new RegExp(`^[${DROP_OFF_CODE_ALPHABET}]{${DROP_OFF_CODE_LENGTH}}$`), 'code must be a drop-off code (10 letters and digits)'));

/**
 * The hub's compartments, smallest first: the inside sides in inches, longest first. A parcel
 * goes in the smallest whose sides hold the parcel's sides, both sorted longest first.
 */
export const DROP_OFF_COMPARTMENTS = [
  { size: 'small', inches: [16, 12, 4] },
  { size: 'medium', inches: [16, 12, 8] },
  { size: 'large', inches: [16, 16, 12] },
  { size: 'xlarge', inches: [24, 18, 18] },
] as const;
export type DropOffCompartmentSize = (typeof DROP_OFF_COMPARTMENTS)[number]['size'];
export const DROP_OFF_COMPARTMENT_SIZES = DROP_OFF_COMPARTMENTS.map((compartment) => compartment.size) as [DropOffCompartmentSize, ...DropOffCompartmentSize[]];

/** The smallest compartment the parcel fits in, or null when none holds it (then no drop-off is offered). */
export function compartmentFor(parcel: { length: number; width: number; height: number }): DropOffCompartmentSize | null {
  const sides = [parcel.length, parcel.width, parcel.height].sort((a, b) => b - a);
  for (const compartment of DROP_OFF_COMPARTMENTS) {
    if (sides.every((side, index) => side <= compartment.inches[index]!)) return compartment.size;
  }
  return null;
}

/**
 * What a label's row says of its drop-off: where, its code while it can still be used (with its
 * end), and when it went in. state: 'waiting' (the code opens a compartment), 'opening' (a
 * compartment was opened for it), 'dropped_off' (in the locker, or taken by the carrier),
 * 'expired' (unused past its end), 'void' (the label was refunded).
 */
export const DROP_OFF_STATES = ['waiting', 'opening', 'dropped_off', 'expired', 'void'] as const;
export type DropOffState = (typeof DROP_OFF_STATES)[number];
export const labelDropOffSchema = z.object({
  hubId: z.string(),
  hubName: z.string(),
  /** The hub's street address and city line. */
  hubAddress: z.string(),
  state: z.enum(DROP_OFF_STATES),
  /** As shown ('7KQ2M-XW9PD'; its QR code holds the same text); '' once it can no longer be used. */
  code: z.string(),
  /** The code works until then (ISO). */
  validUntil: z.string(),
  /** When the parcel went in (ISO); '' before. */
  droppedOffAt: z.string(),
});
export type LabelDropOff = z.infer<typeof labelDropOffSchema>;

/** The status a label with a drop-off reads until the carrier scans it: 'Dropped off at <hub>'. */
export function droppedOffStatus(hubName: string): string {
  return `Dropped off at ${hubName}`;
}

export const DROP_OFF_MESSAGES = {
  /** Review and pay. */
  choice: "I'll drop it off at my AirBox hub",
  tooBig: 'This parcel is too big for the compartments of an AirBox hub.',
  hubNotAllowed: 'Please choose one of the hubs offered',
  /** Refunds. */
  refundInLocker: 'This parcel is already in the AirBox hub locker, waiting for the carrier, so its label can no longer be refunded.',
  /** The controller's answers. */
  opened: 'Open an empty compartment of this size for the parcel.',
  recorded: 'Drop-off recorded',
  unknownCode: 'No drop-off waits with this code.',
  otherHub: 'This code is for a drop-off at another hub.',
  used: 'This drop-off code was already used.',
  expired: 'This drop-off code has expired.',
  refunded: 'The label of this drop-off was refunded: nothing to drop off.',
  notOpened: 'No compartment was opened for this drop-off code.',
} as const;

/** errorcode of the drop-off calls: 0 done; the others open or record nothing. */
export const DROP_OFF_ERRORCODE = {
  ok: LOCKER_EVENT_ERRORCODE.recorded,
  unknownCode: -24,
  otherHub: -25,
  used: -26,
  expired: -27,
  refunded: -28,
  notOpened: -29,
} as const;

const text = (max: number) => textField.trim().min(1).max(max);
const instant = z.iso.datetime({ offset: true });

export const dropOffOpenRequestSchema = z.object({
  hubId: text(64),
  code: dropOffCodeField,
  /** When the code was shown (the controller's clock); the server's when absent (or null). */
  at: instant.nullish(),
});
export type DropOffOpenRequest = z.infer<typeof dropOffOpenRequestSchema>;

export const lockerDropOffOpenCall = call({
  method: 'POST',
  path: '/app/v1/locker/dropOffs/open',
  encoding: 'json',
  signedIn: false,
  successCodes: [DROP_OFF_ERRORCODE.ok],
  summary:
    'A customer showed a drop-off code at a hub (issue 23 item 1): the controller asks for a compartment (API key as for the locker events). Answered once per code: the compartment size to open (empty), the parcel (inches, ounces) and the label to print (ZPL). errorcode 0: open one; -24 unknown code, -25 a code for another hub, -26 already used, -27 expired, -28 the label was refunded, -401 no valid key. Throttled per address.',
  request: dropOffOpenRequestSchema,
  response: z.object({
    errorcode: z.literal(DROP_OFF_ERRORCODE.ok),
    message: z.string(),
    dropOffId: z.number().int(),
    orderNo: z.string(),
    carrier: z.string(),
    trackingCode: z.string(),
    compartment: z.enum(DROP_OFF_COMPARTMENT_SIZES),
    parcel: z.object({ length: z.number(), width: z.number(), height: z.number(), weight: z.number() }),
    /** The label as ZPL (^XA … ^XZ), for the hub's thermal printer. */
    labelZpl: z.string(),
  }),
});

export const dropOffInRequestSchema = z.object({
  hubId: text(64),
  code: dropOffCodeField,
  /** The door the parcel went behind, as deliveries report it. */
  door: lockerDoorSchema.nullish(),
  /** When the door closed on it; the server's clock when absent. */
  droppedOffAt: instant.nullish(),
});
export type DropOffInRequest = z.infer<typeof dropOffInRequestSchema>;

export const lockerDropOffInCall = call({
  method: 'POST',
  path: '/app/v1/locker/dropOffs/in',
  encoding: 'json',
  signedIn: false,
  successCodes: [DROP_OFF_ERRORCODE.ok],
  summary:
    "The parcel of a drop-off code is in the compartment opened for it (issue 23 item 1): recorded once; the label then reads 'Dropped off at <hub>' until the carrier's first scan and goes out with the hub's next pickup. errorcode 0: recorded; -24 unknown code, -25 another hub's, -26 already dropped off, -28 refunded, -29 no compartment was opened for it, -401 no valid key.",
  request: dropOffInRequestSchema,
  response: z.object({
    errorcode: z.literal(DROP_OFF_ERRORCODE.ok),
    message: z.string(),
    dropOffId: z.number().int(),
    orderNo: z.string(),
    door: lockerDoorAnswerSchema.nullable(),
  }),
});
