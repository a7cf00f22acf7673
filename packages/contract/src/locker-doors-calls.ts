import { z } from 'zod';
import { LOCKER_DOOR_LIMITS, type LockerDoor } from './locker-doors.js';

/* The zod side of locker-doors.ts: a door as the controllers report it and as the answers carry it. */

const columnRule = `door.column must be 1 or 2 letters (A to ZZ) or a number from 1 to ${LOCKER_DOOR_LIMITS.maxColumnNumber}`;

/**
 * A door as the controller reports it. `column`: letters ('B', 'aa' read as 'AA') or a number
 * (3 or '3'), kept as text ('B', '3'); `row`: 1 to 99; `low`: whether its compartment is within a
 * seated person's reach (below 48 in).
 */
export const lockerDoorSchema = z.object({
  column: z
    .union([z.string().trim(), z.number()], { error: columnRule })
    .transform((value) => String(value).toUpperCase())
    .refine((value) => /^[A-Z]{1,2}$/.test(value) || (/^[1-9]\d?$/.test(value) && Number(value) <= LOCKER_DOOR_LIMITS.maxColumnNumber), columnRule),
  row: z
    .number({ error: `door.row must be a whole number from 1 to ${LOCKER_DOOR_LIMITS.maxRow}` })
    .int(`door.row must be a whole number from 1 to ${LOCKER_DOOR_LIMITS.maxRow}`)
    .min(1, `door.row must be a whole number from 1 to ${LOCKER_DOOR_LIMITS.maxRow}`)
    .max(LOCKER_DOOR_LIMITS.maxRow, `door.row must be a whole number from 1 to ${LOCKER_DOOR_LIMITS.maxRow}`),
  low: z.boolean({ error: 'door.low must be true or false' }),
}) satisfies z.ZodType<LockerDoor>;

/**
 * A door in the server's answers, already read (no transform: answers are encoded by their
 * schemas, and zod cannot encode through a one-way transform).
 */
export const lockerDoorAnswerSchema = z.object({ column: z.string(), row: z.number().int(), low: z.boolean() });
