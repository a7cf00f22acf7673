import { z } from 'zod';
import { BOX_ID_MESSAGES, BOX_ID_PATTERN, isContinuousBoxId, isReservedBoxId } from './airbox-id.js';
import { LIMITS, ROLE } from './constants.js';
import { STRONG_PASSWORD_PATTERN, flagField, idField, intField, optionalTextField, textField, whenMissing } from './fields.js';

/** Registration rules and messages of spec 02 §5, shared by the wizards and regist_userInfo. */
export const REGISTRATION_MESSAGES = {
  firstName: 'Please enter your first name',
  lastName: 'Please enter your last name',
  email: 'Please enter a valid email address',
  retypeEmail: 'Please retype your email address',
  emailsDoNotMatch: 'Emails do not match',
  emailInUse: 'Email already in use',
  duplicatedEmail: 'Duplicated email!',
  password: 'Password must contain at least 8 characters, including at least one number, uppercase letter, and lowercase letter',
  retypePassword: 'Please retype your password',
  passwordsDoNotMatch: 'Passwords do not match',
  phone: 'Please enter a valid phone number',
  optionalPhone: 'Phone number must be 10 digits',
  pin: 'Please create a valid 6-digit PIN number',
  hub: 'Please select your default locker location',
  terms: 'You must agree with the terms and conditions to continue.',
  companyConfirmation: 'You must confirm the company information in order to proceed',
  invalidZip: 'Invalid zip code!',
  invalidInvitationCode: 'Invalid Invitation Code!',
  // Not quoted by the spec: ours.
  zip: 'Please enter a 5-digit ZIP code',
  invitationCode: 'Please enter your 6-character invitation code',
  backupEmailSameAsEmail: 'The backup email must differ from your email',
  secondaryPhoneSameAsPhone: 'The secondary phone must differ from your cell phone',
  country: 'Only the United States is served',
  state: 'Please select your state',
  city: 'Please enter your city',
  address1: 'Please enter your address',
  campus: 'Please select your campus',
  building: 'Please select your building',
  unit: 'Please select your unit',
  company: 'Please select your company',
  boxIdTaken: 'This AirBox ID is already taken, please change another one',
  noFreeBoxId: 'No free AirBox ID starts with these digits, please type one of your choice',
  companyOutsideInvitation: 'This company is not part of your invitation, please select your company again',
  validZip: 'Valid zip code',
  activationSent:
    'Your account has been created. Please activate it within 24 hours with the link we sent to your email (check your spam folder too).',
} as const;

export const COUNTRY_UNITED_STATES = 'United States';

/** Timings and sizes of the wizards (spec 02 §4 and §9). */
export const REGISTRATION_TIMING = {
  /** The zip and the invitation code are checked this long after their last character. */
  verifyDelayMs: 500,
  /** The company search waits this long after the last keystroke. */
  companySearchDebounceMs: 500,
  /** The company search asks for this many first, then this many more on each scroll to the bottom. */
  companySearchPageSize: 10,
  /** Units and the companies of a unit are asked for in one page of this size. */
  fullListSize: 500,
} as const;

/**
 * What the company search sends for a search text (spec 02 §4): 7 digits are an AirBox ID,
 * anything else part of a company name; nothing for an empty text.
 */
export function companySearchFilter(text: string): { airbox_id: string } | { company_name: string } | Record<string, never> {
  const trimmed = text.trim();
  if (trimmed === '') return {};
  return /^\d{7}$/.test(trimmed) ? { airbox_id: trimmed } : { company_name: trimmed };
}

/**
 * Names: the spec strips non-word characters. We keep letters of every alphabet, digits, spaces,
 * hyphens and apostrophes (Mary-Ann O'Neil, José) and strip the rest, then trim.
 */
export function stripNameCharacters(value: string): string {
  return filterNameInput(value).replace(/\s+/g, ' ').trim();
}

/** The same stripping while a name is typed: characters go, spaces stay where they are. */
export function filterNameInput(value: string): string {
  return value.replace(/[^\p{L}\p{M}\p{N} '-]/gu, '');
}

/** 10 digits, or 12 characters as ###-###-####. */
export const PHONE_PATTERN = /^(\d{10}|\d{3}-\d{3}-\d{4})$/;
export const ZIP_PATTERN = /^\d{5}$/;
export const PIN_PATTERN = /^\d{6}$/;
export const INVITATION_CODE_PATTERN = /^[A-Za-z0-9]{6}$/;

export const nameField = (message: string) =>
  textField
    .transform(stripNameCharacters)
    .pipe(z.string().min(1, message).max(LIMITS.nameMax, message));

const registrationEmail = textField
  .trim()
  .min(1, { message: REGISTRATION_MESSAGES.email, abort: true })
  .max(LIMITS.emailMax, REGISTRATION_MESSAGES.email)
  .regex(z.regexes.email, REGISTRATION_MESSAGES.email);

const optionalEmail = textField
  .trim()
  .max(LIMITS.emailMax, REGISTRATION_MESSAGES.email)
  .refine((value) => value === '' || z.regexes.email.test(value), REGISTRATION_MESSAGES.email);

const phoneField = textField.trim().regex(PHONE_PATTERN, REGISTRATION_MESSAGES.phone);
const optionalPhoneField = textField
  .trim()
  .refine((value) => value === '' || PHONE_PATTERN.test(value), REGISTRATION_MESSAGES.optionalPhone);

export const registrationPasswordField = textField
  .max(LIMITS.fieldMax, REGISTRATION_MESSAGES.password)
  .regex(STRONG_PASSWORD_PATTERN, REGISTRATION_MESSAGES.password);

export const boxIdField = textField
  .trim()
  .regex(BOX_ID_PATTERN, BOX_ID_MESSAGES.format)
  .refine((value) => !isReservedBoxId(value), BOX_ID_MESSAGES.reserved)
  .refine((value) => !isContinuousBoxId(value), BOX_ID_MESSAGES.continuous);

export const zipField = textField.trim().regex(ZIP_PATTERN, REGISTRATION_MESSAGES.zip);
export const pinField = textField.trim().regex(PIN_PATTERN, REGISTRATION_MESSAGES.pin);

const digitsOf = (phone: string) => phone.replace(/\D/g, '');

/** Step 1 of the individual wizard. */
export const zipStepSchema = z.object({ zipCode: zipField });

/** The invitation-code step of the enterprise wizard. */
export const invitationStepSchema = z.object({
  invitationCode: textField.trim().regex(INVITATION_CODE_PATTERN, REGISTRATION_MESSAGES.invitationCode),
});

const accountFields = {
  firstName: nameField(REGISTRATION_MESSAGES.firstName),
  lastName: nameField(REGISTRATION_MESSAGES.lastName),
  email: registrationEmail,
  reptyemail: textField.trim().min(1, REGISTRATION_MESSAGES.retypeEmail),
  password: registrationPasswordField,
  reptypassword: textField.min(1, REGISTRATION_MESSAGES.retypePassword),
  cellPhone: phoneField,
  PinNo: pinField,
  boxLocation: textField.trim().min(1, REGISTRATION_MESSAGES.hub),
  BoxID: boxIdField,
  backupEmail: optionalEmail,
  secondaryCellPhone: optionalPhoneField,
  isHandicapped: z.boolean(),
  emailChoose: z.boolean(),
  messageChoose: z.boolean(),
};

type AccountChecked = {
  email: string;
  reptyemail: string;
  password: string;
  reptypassword: string;
  cellPhone: string;
  backupEmail: string;
  secondaryCellPhone: string;
};

function checkAccount(form: AccountChecked, context: z.RefinementCtx) {
  if (form.reptyemail && form.reptyemail.toLowerCase() !== form.email.toLowerCase()) {
    context.addIssue({ code: 'custom', path: ['reptyemail'], message: REGISTRATION_MESSAGES.emailsDoNotMatch });
  }
  if (form.reptypassword && form.reptypassword !== form.password) {
    context.addIssue({ code: 'custom', path: ['reptypassword'], message: REGISTRATION_MESSAGES.passwordsDoNotMatch });
  }
  if (form.backupEmail && form.backupEmail.toLowerCase() === form.email.toLowerCase()) {
    context.addIssue({ code: 'custom', path: ['backupEmail'], message: REGISTRATION_MESSAGES.backupEmailSameAsEmail });
  }
  if (form.secondaryCellPhone && digitsOf(form.secondaryCellPhone) === digitsOf(form.cellPhone)) {
    context.addIssue({
      code: 'custom',
      path: ['secondaryCellPhone'],
      message: REGISTRATION_MESSAGES.secondaryPhoneSameAsPhone,
    });
  }
}

/** The account-info step (spec 02 §2 "Account form"). */
export const accountStepSchema = z.object(accountFields).superRefine(checkAccount);
/**
 * The account-info step of the enterprise wizard: the same rules without the default hub, which
 * the company step chooses among the lockers of the company's building.
 */
export const enterpriseAccountStepSchema = z
  .object(accountFields)
  .omit({ boxLocation: true })
  .superRefine(checkAccount);
export type EnterpriseAccountStep = z.infer<typeof enterpriseAccountStepSchema>;
export type AccountStep = z.infer<typeof accountStepSchema>;

const addressFields = {
  country: z.literal(COUNTRY_UNITED_STATES, { message: REGISTRATION_MESSAGES.country }),
  state: textField.trim().min(1, REGISTRATION_MESSAGES.state).max(LIMITS.fieldMax),
  city: textField.trim().min(1, REGISTRATION_MESSAGES.city).max(LIMITS.fieldMax),
  address1: textField.trim().min(1, REGISTRATION_MESSAGES.address1).max(LIMITS.fieldMax),
  address2: textField.trim().max(LIMITS.fieldMax),
  Conditions: z.literal(true, { message: REGISTRATION_MESSAGES.terms }),
};

/** Step 3 of the individual wizard. */
export const addressStepSchema = z.object({
  secondPhone: optionalPhoneField,
  homePhone: optionalPhoneField,
  ...addressFields,
});
export type AddressStep = z.infer<typeof addressStepSchema>;

/** The company (pick) step of the enterprise wizard. */
export const companyStepSchema = z.object({
  bc_id: idField.or(z.literal('')).refine((value) => value !== '', REGISTRATION_MESSAGES.campus),
  building_id: idField.or(z.literal('')).refine((value) => value !== '', REGISTRATION_MESSAGES.building),
  unit_id: idField.or(z.literal('')).refine((value) => value !== '', REGISTRATION_MESSAGES.unit),
  company_id: idField.or(z.literal('')).refine((value) => value !== '', REGISTRATION_MESSAGES.company),
  locker: textField.trim().min(1, REGISTRATION_MESSAGES.hub),
  zipcode: zipField,
  companyConfirmed: z.literal(true, { message: REGISTRATION_MESSAGES.companyConfirmation }),
  ...addressFields,
});
export type CompanyStep = z.infer<typeof companyStepSchema>;

/** An id the client may leave out or send empty (a form field with no value): both mean none. */
const optionalId = z
  .literal('')
  .transform(() => undefined)
  .or(idField)
  .optional();

/**
 * regist_userInfo (spec 02 §3), form-encoded. The server applies the same rules as the wizard;
 * role_id, business_company_id, bcm_user_id and the campus ids are only taken from a valid
 * invitation code (Activation_code), never from the request alone.
 */
export const registerRequestSchema = z
  .object({
    First_name: nameField(REGISTRATION_MESSAGES.firstName),
    Last_name: nameField(REGISTRATION_MESSAGES.lastName),
    Email: registrationEmail,
    Password: registrationPasswordField,
    Cell_phone_number: phoneField,
    Home_phone_number: whenMissing(optionalPhoneField, ''),
    secondaryCellPhone: whenMissing(optionalPhoneField, ''),
    Email2: whenMissing(optionalEmail, ''),
    Address_line_1: textField.trim().min(1, REGISTRATION_MESSAGES.address1).max(LIMITS.fieldMax),
    Address_line_2: optionalTextField(),
    State_province_region: textField.trim().min(1, REGISTRATION_MESSAGES.state).max(LIMITS.fieldMax),
    City: textField.trim().min(1, REGISTRATION_MESSAGES.city).max(LIMITS.fieldMax),
    Zip_code: zipField,
    Country: z.literal(COUNTRY_UNITED_STATES, { message: REGISTRATION_MESSAGES.country }).default(COUNTRY_UNITED_STATES),
    BOXID: boxIdField,
    PinNo: pinField,
    lockerUUID: textField.trim().min(1, REGISTRATION_MESSAGES.hub).max(64),
    emailChoose: flagField.default(true),
    messageChoose: flagField.default(false),
    isHandicapped: flagField.default(false),
    isCompany: flagField.default(false),
    role_id: intField.default(ROLE.customer),
    Activation_code: optionalTextField(),
    business_company_id: optionalId,
    unit_id: optionalId,
    building_id: optionalId,
    bc_id: optionalId,
    bcm_user_id: optionalId,
    resident_id: textField.trim().max(64).optional(),
    credit_id: textField.trim().max(64).optional(),
  })
  .superRefine((form, context) => {
    if (form.Email2 && form.Email2.toLowerCase() === form.Email.toLowerCase()) {
      context.addIssue({ code: 'custom', path: ['Email2'], message: REGISTRATION_MESSAGES.backupEmailSameAsEmail });
    }
    if (form.secondaryCellPhone && digitsOf(form.secondaryCellPhone) === digitsOf(form.Cell_phone_number)) {
      context.addIssue({
        code: 'custom',
        path: ['secondaryCellPhone'],
        message: REGISTRATION_MESSAGES.secondaryPhoneSameAsPhone,
      });
    }
  });
export type RegisterRequest = z.input<typeof registerRequestSchema>;
