import { z } from 'zod';
import { LIMITS } from './constants.js';
import { MESSAGES } from './messages.js';

/**
 * The text of a request: every string a request carries is built from this one. It refuses
 * U+0000, which no one types and PostgreSQL cannot store (SQLite would take it).
 */
export const textField = z.string().refine((value) => !value.includes('\u0000'), { message: MESSAGES.nulCharacter, abort: true });

/** The range of a 32-bit integer column (PostgreSQL int4), the widest any request integer meets. */
export const INT4 = { min: -2_147_483_648, max: 2_147_483_647 } as const;

/**
 * Field schemas that accept what both encodings deliver: form bodies carry strings,
 * JSON bodies carry numbers and booleans (spec 01 §7: booleans may be sent as 1 or 0).
 * Every request integer is built from intField, so none leaves the int4 range.
 */
export const intField = z.coerce.number<string | number>().int().min(INT4.min).max(INT4.max);

export const idField = intField.positive();

/** An id a client may leave out (absent or null): undefined then. */
export const optionalIdField = idField.nullish().transform((id) => id ?? undefined);

export const pageField = intField.min(1).max(100_000);
export const pageSizeField = intField.min(1).max(500);

/** The rule a flag breaks; a missing flag is left to the caller's "required". */
export const FLAG_RULE = 'must be 1 or 0';

export const flagField = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false'])], {
    error: (issue) => (issue.input === undefined ? undefined : FLAG_RULE),
  })
  .transform((value) => value === true || value === 1 || value === '1' || value === 'true');

/**
 * A field a client may leave out. The spec's clients drop null and undefined fields from form
 * bodies (spec 01 §7), and a JSON body may carry null: either way the field is `fallback`.
 * Anything sent must pass `schema`. Build every "optional, empty when left out" field with this
 * (or optionalTextField), so that absent, null and empty mean the same everywhere.
 */
export function whenMissing<S extends z.ZodType>(schema: S, fallback: NonNullable<z.output<S>>) {
  return schema.nullish().transform((given): NonNullable<z.output<S>> => given ?? fallback);
}

/** Trimmed text a client may leave out (absent or null is ''), at most `max` characters. */
export function optionalTextField(max: number = LIMITS.fieldMax, message?: string) {
  return whenMissing(textField.trim().max(max, message), '');
}

const EMAIL_PATTERN = z.regexes.email;

/** A required, trimmed e-mail address of at most 255 characters. */
export function emailField(
  messages: { required: string; invalid: string } = {
    required: MESSAGES.emailRequired,
    invalid: MESSAGES.emailInvalid,
  },
) {
  return textField
    .trim()
    .min(1, { message: messages.required, abort: true })
    .max(LIMITS.fieldMax, MESSAGES.fieldTooLong)
    .regex(EMAIL_PATTERN, messages.invalid);
}

/** Upper case, lower case, a digit and at least 8 characters (spec 01 §5, spec 02 §5). */
export const STRONG_PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,}$/s;

export function strongPasswordField(message: string) {
  return textField.max(LIMITS.fieldMax, MESSAGES.fieldTooLong).regex(STRONG_PASSWORD_PATTERN, message);
}
