import { z } from 'zod';
import { call } from './call-descriptor.js';
import { PREDEFINED_PACKAGE_IDS } from './carrier-packages.js';
import { READ_ERRORCODE, SAVED_PACKAGE_ERRORCODE } from './errorcodes.js';
import { idField, textField } from './fields.js';
import { parcelSchema } from './shipments-calls.js';

/**
 * The customer's saved packages (issue 21 item 12): a named parcel (their own box's size, or a
 * USPS Flat Rate package) and its weight, kept to fill the label page's Package step again. The
 * owner is always the session's user; names are unique per customer, whatever their case.
 */

const result = z.object({ errorcode: z.number().int(), message: z.string() });

export const SAVED_PACKAGE_NAME_MAX = 40;

export const SAVED_PACKAGE_MESSAGES = {
  name: 'Name this package',
  nameTooLong: `Keep the name to ${SAVED_PACKAGE_NAME_MAX} characters`,
  duplicateName: (name: string) => `You already have a package named “${name}”. Choose another name, or delete that one first.`,
  saved: (name: string) => `Saved “${name}” to your packages.`,
  deleted: (name: string) => `Deleted “${name}” from your packages.`,
  notFound: 'That package is not among your saved packages.',
  /** A full list (ACCOUNT_CAPS.savedPackages); kept here, not in MESSAGES, so the login route does not carry it. */
  full: (max: number) => `You have ${max} saved packages, the most we keep. Delete one from Your saved packages before saving another.`,
} as const;

export const savedPackageNameField = textField
  .transform((value) => value.replace(/\s+/g, ' ').trim())
  .pipe(z.string().min(1, SAVED_PACKAGE_MESSAGES.name).max(SAVED_PACKAGE_NAME_MAX, SAVED_PACKAGE_MESSAGES.nameTooLong));

/** A saved package as the picker lists it: sizes in inches (a carrier package's inside size), weight in ounces. */
export const savedPackageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** A USPS Flat Rate package by its EasyPost name, or null: the customer's own box. */
  predefinedPackage: z.enum(PREDEFINED_PACKAGE_IDS).nullable(),
  length: z.number(),
  width: z.number(),
  height: z.number(),
  weight: z.number(),
});
export type SavedPackage = z.infer<typeof savedPackageSchema>;

export const getSavedPackagesCall = call({
  method: 'GET',
  path: '/app/v1/labelPurchase/packages',
  encoding: 'query',
  signedIn: true,
  successCodes: [READ_ERRORCODE.ok],
  summary: "The signed-in user's saved packages, by name. errorcode 0.",
  request: z.object({}),
  response: result.extend({ data: z.array(savedPackageSchema) }),
});

/** The Package step's "Save this package" dialog: its one field. */
export const savePackageFormSchema = z.object({ name: savedPackageNameField });
export type SavePackageForm = z.input<typeof savePackageFormSchema>;

export const savePackageCall = call({
  method: 'POST',
  path: '/app/v1/labelPurchase/packages/save',
  encoding: 'json',
  signedIn: true,
  successCodes: [SAVED_PACKAGE_ERRORCODE.ok],
  summary:
    "Keep the parcel under a name. errorcode 0 with data.id; -1 (409) a package of that name exists; -409 (409) the list holds ACCOUNT_CAPS.savedPackages already.",
  request: z.object({ name: savedPackageNameField, parcel: parcelSchema }),
  response: result.extend({ data: z.object({ id: z.number().int() }) }),
});

export const deleteSavedPackageCall = call({
  method: 'POST',
  path: '/app/v1/labelPurchase/packages/delete',
  encoding: 'json',
  signedIn: true,
  successCodes: [SAVED_PACKAGE_ERRORCODE.ok],
  summary: "Delete one of the signed-in user's saved packages. errorcode 0 deleted; -404 (404) no such package of theirs.",
  request: z.object({ id: idField }),
  response: result,
});
