import { z } from 'zod';
import { call } from './call-descriptor.js';
import { CONTACT_ERRORCODE, READ_ERRORCODE } from './errorcodes.js';
import { LIMITS } from './constants.js';
import { flagField, idField, optionalTextField, pageField, pageSizeField, textField, whenMissing } from './fields.js';

/** My Contacts (spec 03 §2, §3, §5): the address book used for shipments and pickups. */
export const CONTACT_MESSAGES = {
  nickname: 'Please enter nickname',
  address1: 'Please enter address',
  city: 'Please enter city',
  country: 'Please enter country',
  state: 'Please select state',
  phone: 'Please enter phone number',
  zip: 'Please enter ZIP code',
  format: 'Enter the correct format',
  deleteQuestion: 'Are you sure to delete the address?',
  deleteTitle: 'Notice',
  cancelDeletion: 'Cancel deletion',
  added: 'Add success',
  updated: 'Update success',
  deleted: 'Delete success',
  empty: 'You have no saved contacts.',
  requiredNote: '* Required field',
  residential: 'This is a residential address',
  tooLong: 'Too long',
  notFound: 'This contact does not exist.',
} as const;

export const CONTACT_LIMITS = { short: 50, long: LIMITS.fieldMax } as const;
export const CONTACT_DEFAULT_COUNTRY = 'USA';

/** Punctuation and symbols are stripped as typed from nickname, company, first and last name. */
export function stripPunctuation(value: string): string {
  return value.replace(/[\p{P}\p{S}]/gu, '');
}

/** A US phone: 10 digits, optionally with parentheses around the area code and dashes or spaces. */
export const CONTACT_PHONE_PATTERN = /^(\(\d{3}\)|\d{3})[-\s]?\d{3}[-\s]?\d{4}$/;

/** Required values must hold something other than spaces or quotes. */
const hasContent = (value: string) => value.replace(/[\s'"]/g, '') !== '';

const required = (message: string, max: number) =>
  textField
    .max(max, CONTACT_MESSAGES.tooLong)
    .refine(hasContent, message)
    .transform((value) => value.trim());

const stripped = (schema: z.ZodType<string, string>) => textField.transform(stripPunctuation).pipe(schema);

/**
 * The dialog's optional fields (spec 03 §3): a client may leave them out, or send null in its
 * JSON body, when the contact has none; that is ''.
 */
const optional = (max: number) => optionalTextField(max, CONTACT_MESSAGES.tooLong);
const optionalStripped = (max: number) => whenMissing(stripped(textField.trim().max(max, CONTACT_MESSAGES.tooLong)), '');

export const contactFormSchema = z.object({
  name: stripped(required(CONTACT_MESSAGES.nickname, CONTACT_LIMITS.long)),
  firstName: optionalStripped(CONTACT_LIMITS.short),
  lastName: optionalStripped(CONTACT_LIMITS.short),
  company: optionalStripped(CONTACT_LIMITS.short),
  address1: required(CONTACT_MESSAGES.address1, CONTACT_LIMITS.long),
  address2: optional(CONTACT_LIMITS.long),
  city: required(CONTACT_MESSAGES.city, CONTACT_LIMITS.long),
  state: required(CONTACT_MESSAGES.state, CONTACT_LIMITS.long),
  country: required(CONTACT_MESSAGES.country, CONTACT_LIMITS.long),
  zipcode: textField
    .trim()
    .min(1, { message: CONTACT_MESSAGES.zip, abort: true })
    .regex(/^\d{5}$/, CONTACT_MESSAGES.format),
  phone: textField
    .trim()
    .min(1, { message: CONTACT_MESSAGES.phone, abort: true })
    .regex(CONTACT_PHONE_PATTERN, CONTACT_MESSAGES.format),
  email: whenMissing(
    textField
      .trim()
      .max(CONTACT_LIMITS.short, CONTACT_MESSAGES.tooLong)
      .refine((value) => value === '' || z.regexes.email.test(value), CONTACT_MESSAGES.format),
    '',
  ),
  // A checkbox: true or false from the web app, 1 or 0 from a client that sends booleans so.
  residential: whenMissing(flagField, false),
});
export type ContactForm = z.input<typeof contactFormSchema>;

export const contactSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  company: z.string(),
  address1: z.string(),
  address2: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  zipcode: z.string(),
  email: z.string(),
  phone: z.string(),
  residential: z.boolean(),
});
export type Contact = z.infer<typeof contactSchema>;

const result = z.object({ errorcode: z.number().int(), message: z.string() });

export const getUserShipmentAddressCall = call({
  method: 'GET',
  path: '/app/v1/getUserShipmentAddress',
  encoding: 'query',
  signedIn: true,
  successCodes: [READ_ERRORCODE.ok],
  summary: "A page of the signed-in user's contacts, newest first.",
  request: z.object({ userId: idField, page: pageField.default(1), num: pageSizeField.default(10) }),
  response: result.extend({ data: z.object({ total: z.number().int(), list: z.array(contactSchema) }) }),
});

export const addUserShipmentAddressCall = call({
  method: 'POST',
  path: '/app/v1/addUserShipmentAddress',
  encoding: 'json',
  signedIn: true,
  successCodes: [CONTACT_ERRORCODE.ok],
  summary: 'Add a contact to the signed-in user\'s address book. errorcode 1: added.',
  request: contactFormSchema.extend({ user_id: idField }),
  response: result,
});

export const updateUserShipmentAddressCall = call({
  method: 'POST',
  path: '/app/v1/updateUserShipmentAddress',
  encoding: 'json',
  signedIn: true,
  successCodes: [CONTACT_ERRORCODE.ok],
  summary: "Change one of the signed-in user's contacts. errorcode 1: updated.",
  request: contactFormSchema.extend({ id: idField }),
  response: result,
});

export const deleteUserShipmentAddressCall = call({
  method: 'POST',
  path: '/app/v1/deleteUserShipmentAddress',
  encoding: 'json',
  signedIn: true,
  successCodes: [CONTACT_ERRORCODE.ok],
  summary: "Delete one of the signed-in user's contacts. errorcode 1: deleted.",
  request: z.object({ id: idField }),
  response: result,
});
