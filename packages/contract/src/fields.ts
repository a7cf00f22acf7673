import { z } from 'zod';
import { LIMITS } from './constants.js';
import { MESSAGES } from './messages.js';

/**
 * Field schemas that accept what both encodings deliver: form bodies carry strings,
 * JSON bodies carry numbers and booleans (spec 01 §7: booleans may be sent as 1 or 0).
 */
export const idField = z.coerce.number<string | number>().int().positive().max(2_147_483_647);

export const pageField = z.coerce.number<string | number>().int().min(1).max(100_000);
export const pageSizeField = z.coerce.number<string | number>().int().min(1).max(500);

export const flagField = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false'])])
  .transform((value) => value === true || value === 1 || value === '1' || value === 'true');

const EMAIL_PATTERN = z.regexes.email;

/** A required, trimmed e-mail address of at most 255 characters. */
export function emailField(
  messages: { required: string; invalid: string } = {
    required: MESSAGES.emailRequired,
    invalid: MESSAGES.emailInvalid,
  },
) {
  return z
    .string()
    .trim()
    .min(1, { message: messages.required, abort: true })
    .max(LIMITS.fieldMax, MESSAGES.fieldTooLong)
    .regex(EMAIL_PATTERN, messages.invalid);
}

/** Upper case, lower case, a digit and at least 8 characters (spec 01 §5, spec 02 §5). */
export const STRONG_PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,}$/s;

export function strongPasswordField(message: string) {
  return z.string().max(LIMITS.fieldMax, MESSAGES.fieldTooLong).regex(STRONG_PASSWORD_PATTERN, message);
}
