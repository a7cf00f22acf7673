import { z } from 'zod';
import { call } from './call-descriptor.js';
import { CONTACT_MESSAGES, CONTACT_PHONE_PATTERN, contactSchema, stripPunctuation } from './contacts.js';
import { FLAT_RATE_MAX_WEIGHT_OZ, PREDEFINED_PACKAGE_IDS, type PredefinedPackageId, predefinedPackageOf } from './carrier-packages.js';
import { LIMITS } from './constants.js';
import { SHIPPING_COUNTRIES, type ShippingCountry, normalizePostalCode, postalCodeMessage, shippingCountry } from './countries.js';
import { CUSTOMS_REQUIRED_MESSAGE, countryField, crossesBorder, customsDeclarationAnswerSchema, customsDeclarationSchema, customsDraftAnswerSchema, customsDraftSchema } from './customs.js';
import { labelDropOffSchema } from './hub-drop-offs.js';
import { labelFormatFieldNamed } from './label-formats.js';
import {
  LABEL_FILE_ERRORCODE,
  LABEL_PURCHASE_ERRORCODE,
  OPENAPI_CODE,
  READ_ERRORCODE,
  SHIPMENT_DETAIL_ERRORCODE,
  UPDATE_SHIPMENT_ERRORCODE,
} from './errorcodes.js';
import { flagField, idField, intField, optionalIdField, optionalTextField, pageField, pageSizeField, textField, whenMissing } from './fields.js';
import { COMMENTS_MAX, MAX_INSURED_VALUE_CENTS, SHIPMENT_MESSAGES, normalizeComments } from './shipments.js';

/**
 * The calls of My Shipments (spec 03 §7 Shipments, Saved orders, refund, validateAddress and the
 * address calls) and of the label-purchase page (ours: rate, buy, save for later). Money is
 * dollars with two decimals as text ('12.50'), weights ounces, sizes inches.
 */

const result = z.object({ errorcode: z.number().int(), message: z.string() });
/** The /openapi calls answer `code` as the spec's clients read it, and errorcode with the same value. */
const openapiResult = result.extend({ code: z.number().int() });

/** Search inputs have maxlength 255 (spec 03 §2). */
const searchField = optionalTextField(LIMITS.fieldMax);
const offsetField = whenMissing(intField.min(0).max(1_000_000), 0);

/** A row of Purchased Labels (spec 03 §3 Shipment row), plus what the list shows beside it. */
export const shipmentRowSchema = z.object({
  /** The carrier service's shipment id ('' while unpaid). */
  shipmentID: z.string(),
  shippingIndexID: z.number().int(),
  shippingdetails_id: z.number().int(),
  createTime: z.string(),
  orderNo: z.string(),
  /** As the wire names it: USPS, UPSDAP, FedEx. */
  rateCarrier: z.string(),
  rateService: z.string(),
  retailRate: z.string(),
  listRate: z.string(),
  insurance: z.string(),
  chargePrice: z.string(),
  TotalPrice: z.string(),
  trackingNum: z.string(),
  comments: z.string(),
  status_flag: z.enum(['0', '1', '2']),
  easypostStatus: z.string(),
  pickupId: z.string(),
  labelURL: z.string(),
  /** Street lines, then city, state and zip, of the sender and the recipient. */
  fromAddress1: z.string(),
  fromAddress2: z.string(),
  toAddress1: z.string(),
  toAddress2: z.string(),
  fromName: z.string(),
  toName: z.string(),
  fromPhone: z.string(),
  toPhone: z.string(),
  height: z.number(),
  length: z.number(),
  width: z.number(),
  /** Ounces. */
  weight: z.number(),
  /** The USPS Flat Rate package it ships in (its inside size above); absent or null: the customer's own box. */
  predefinedPackage: z.enum(PREDEFINED_PACKAGE_IDS).nullish(),
  /** '' none asked, else submitted, refunded, rejected or not_applicable. */
  refund_status: z.string(),
  /** The refund was asked by the daily unused-label job, not by the customer. */
  autoRefund: z.boolean(),
  /** Why a paid purchase ended without a label (its payment was refunded), '' otherwise. */
  purchaseNote: z.string(),
  /** Why the last paid pickup was not booked (its payment was refunded), '' otherwise. */
  pickupNote: z.string(),
  /** Issue 23 item 1: the hub drop-off chosen at Review and pay, its code while usable; absent or null: none. */
  dropOff: labelDropOffSchema.nullish(),
  /** Issue 23 item 2: bought with a QR code to show at the counter (getLabelQrCodeCall); absent: no. */
  qrCode: z.boolean().optional(),
  /** Issue 23 item 3: a return label: the order number of the label it returns; absent or '': not a return. */
  returnOf: z.string().optional(),
});
export type ShipmentRow = z.infer<typeof shipmentRowSchema>;

export const userGetShipmentCall = call({
  method: 'GET',
  path: '/app/v1/userGetShipment',
  encoding: 'query',
  signedIn: true,
  successCodes: [READ_ERRORCODE.ok],
  summary: "A page of the signed-in user's purchased labels, newest first, filtered by the Search Options. errorcode 0.",
  request: z.object({
    user_id: idField,
    start: offsetField,
    num: whenMissing(pageSizeField, 10),
    boxId: searchField,
    trackingNum: searchField,
    /** USPS, FedEx or UPSDAP; '' for all. */
    carrier: searchField,
    orderNo: searchField,
    service: searchField,
    mobile: searchField,
    comments: searchField,
  }),
  response: result.extend({ data: z.object({ total: z.number().int(), list: z.array(shipmentRowSchema) }) }),
});

const detailAddressSchema = z.object({
  name: z.string(),
  company: z.string(),
  street1: z.string(),
  street2: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  phone: z.string(),
  email: z.string(),
  /** Issue 25 item 3: ISO 3166-1 alpha-2; a server from before it sends none: the United States. */
  country: z.string().optional(),
});

/** Spec 03 §3 Shipment detail response. */
export const shipmentDetailSchema = z.object({
  comments: z.string(),
  from_address: detailAddressSchema,
  to_address: detailAddressSchema,
  tracker: z.object({
    status: z.string(),
    trackingCode: z.string(),
    trackingDetails: z.array(z.object({ status: z.string(), message: z.string(), datetime: z.string() })),
  }),
  selected_rate: z.object({ carrier: z.string(), service: z.string(), deliveryDays: z.number().int().nullable() }),
  refund_status: z.string(),
  discount_amount: z.string(),
  parcel: z.object({
    weight: z.number(),
    height: z.number(),
    width: z.number(),
    length: z.number(),
    createdAt: z.string(),
    /** The USPS Flat Rate package it ships in (its inside size above); absent or null: the customer's own box. */
    predefinedPackage: z.enum(PREDEFINED_PACKAGE_IDS).nullish(),
  }),
  postage_label: z.object({ trackingCode: z.string(), labelPdfUrl: z.string() }),
  shippingdetails_id: z.number().int(),
  // Beside the spec's fields: what the Shipment Order Details dialog shows of the money.
  orderNo: z.string(),
  status_flag: z.enum(['0', '1', '2']),
  retailRate: z.string(),
  insurance: z.string(),
  TotalPrice: z.string(),
  /** The payment's reference (the provider's order id, shortened). */
  paymentReference: z.string(),
  /** The public tracking page's address, when the recipient was given one. */
  publicTrackingUrl: z.string(),
  /** The day the label was to be handed to the carrier ('YYYY-MM-DD', the Rates step's ship date); '' when none was chosen. */
  shipDate: z.string().default(''),
  /** The day the rate bought promised ('YYYY-MM-DD': the carrier's, else its days from the ship date); null when not known. */
  deliveryDate: z.string().nullable().default(null),
  /** Issue 25 item 3: a parcel abroad's customs declaration; null at home. */
  customs: customsDeclarationAnswerSchema.nullish(),
});
export type ShipmentDetail = z.infer<typeof shipmentDetailSchema>;

export const getShipmentDetailCall = call({
  method: 'GET',
  path: '/app/v1/getShipmentDetail',
  encoding: 'query',
  signedIn: true,
  successCodes: [SHIPMENT_DETAIL_ERRORCODE.ok],
  summary: "One of the signed-in user's shipments. errorcode 0 with data; -1 no such shipment (' ShipmentID expired').",
  request: z.object({ shipmentID: whenMissing(textField.max(LIMITS.fieldMax), ''), shipmentIndexID: idField }),
  response: result.extend({ data: shipmentDetailSchema }),
});

/** Edit Comments (spec 03 §5): at most 200 characters once whitespace is collapsed. */
export const commentsField = whenMissing(
  textField.transform(normalizeComments).pipe(z.string().max(COMMENTS_MAX, SHIPMENT_MESSAGES.commentsTooLong)),
  '',
);

export const editCommentsFormSchema = z.object({ comments: commentsField });
export type EditCommentsForm = z.input<typeof editCommentsFormSchema>;

export const updateShipmentDetailCall = call({
  method: 'POST',
  path: '/app/v1/updateShipmentDetail',
  encoding: 'form',
  signedIn: true,
  successCodes: [UPDATE_SHIPMENT_ERRORCODE.updated],
  summary: "Change a shipment's comments. errorcode 1: saved; 0: no such shipment (' Failure').",
  request: z.object({ comments: commentsField, shipmentIndexID: idField }),
  response: result,
});

export const getShippingLabelCall = call({
  method: 'POST',
  path: '/app/v1/getShippingLabel',
  encoding: 'form',
  signedIn: true,
  successCodes: [LABEL_FILE_ERRORCODE.ok],
  summary: 'The label named by a row\'s labelURL, as a base64 PNG (4x6). errorcode 0; -1 no such label of the signed-in user.',
  request: z.object({ label_url: textField.min(1).max(LIMITS.fieldMax) }),
  response: result.extend({ data: z.string() }),
});

/** Calls whose success answer is a file, not JSON: a client saves the body. Failures answer JSON. */
export const FILE_CALL_CONTENT_TYPE = 'application/pdf';

export const downloadLabelPdfCall = call({
  method: 'POST',
  path: '/app/v1/downloadLabelPdf',
  encoding: 'form',
  signedIn: true,
  successCodes: [LABEL_FILE_ERRORCODE.ok],
  summary:
    "The label as a file (the answer is the file): a 4x6 PDF, or with format (issue 23) pdf-4x6, png-4x6, pdf-letter (8.5x11, two labels a sheet: this one in the top half, alsoShipmentId's in the bottom one) or zpl. -1 (404): no such label of the signed-in user; -400: another format, or alsoShipmentId without pdf-letter, naming the field.",
  request: z.object({
    shipmentId: textField.min(1).max(LIMITS.fieldMax),
    /** Left out (the spec's clients): the 4x6 PDF. */
    format: labelFormatFieldNamed('format').optional(),
    /** With pdf-letter only: another of the customer's labels (its shipmentId) for the sheet's bottom half. */
    alsoShipmentId: textField.max(LIMITS.fieldMax).optional(),
  }),
  response: result,
});

export const getInvoiceCall = call({
  method: 'POST',
  path: '/app/v1/getInvoice',
  encoding: 'form',
  signedIn: true,
  successCodes: [LABEL_FILE_ERRORCODE.ok],
  summary: "Where to view a shipment's invoice. errorcode 0 with invoiceUrl; -1 'This order has no invoice information!'.",
  request: z.object({ shippingIndexID: idField }),
  response: result.extend({ invoiceUrl: z.string() }),
});

export const downloadInvoiceCall = call({
  method: 'POST',
  path: '/app/v1/downloadInvoice',
  encoding: 'form',
  signedIn: true,
  successCodes: [LABEL_FILE_ERRORCODE.ok],
  summary: "A shipment's invoice as a PDF (the answer is the file). -1 (404): 'This order has no invoice information!'.",
  request: z.object({ shippingIndexID: idField }),
  response: result,
});

// Addresses: the label-purchase page's From and To, validateAddress, saved orders.

export const ADDRESS_MESSAGES = {
  name: 'Please enter a name',
  address1: CONTACT_MESSAGES.address1,
  city: CONTACT_MESSAGES.city,
  state: CONTACT_MESSAGES.state,
  zip: CONTACT_MESSAGES.zip,
  phone: CONTACT_MESSAGES.phone,
  format: CONTACT_MESSAGES.format,
  tooLong: CONTACT_MESSAGES.tooLong,
} as const;

const US_ZIP_PATTERN = /^\d{5}$/;
/** 'US', a contact's 'USA' or 'United States', or nothing: the United States. */
const inTheUnitedStates = (country: string) => ['', 'US', 'USA', 'UNITED STATES', 'UNITED STATES OF AMERICA'].includes(country.trim().toUpperCase());
const POSTAL_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/;

const requiredText = (message: string, max: number = LIMITS.fieldMax) =>
  textField.trim().min(1, { message, abort: true }).max(max, ADDRESS_MESSAGES.tooLong);

/** The fields of a sender or recipient on the label-purchase page: those of a contact. */
const shippingAddressFields = z.object({
  firstName: whenMissing(textField.transform(stripPunctuation).pipe(z.string().trim().max(50, ADDRESS_MESSAGES.tooLong)), ''),
  lastName: whenMissing(textField.transform(stripPunctuation).pipe(z.string().trim().max(50, ADDRESS_MESSAGES.tooLong)), ''),
  company: whenMissing(textField.transform(stripPunctuation).pipe(z.string().trim().max(50, ADDRESS_MESSAGES.tooLong)), ''),
  address1: requiredText(ADDRESS_MESSAGES.address1),
  address2: optionalTextField(LIMITS.fieldMax, ADDRESS_MESSAGES.tooLong),
  city: requiredText(ADDRESS_MESSAGES.city),
  state: requiredText(ADDRESS_MESSAGES.state, 64),
  zipcode: textField.trim().min(1, { message: ADDRESS_MESSAGES.zip, abort: true }).regex(US_ZIP_PATTERN, ADDRESS_MESSAGES.format),
  phone: textField.trim().min(1, { message: ADDRESS_MESSAGES.phone, abort: true }).regex(CONTACT_PHONE_PATTERN, ADDRESS_MESSAGES.format),
  email: whenMissing(
    textField.trim().max(50, ADDRESS_MESSAGES.tooLong).refine((value) => value === '' || z.regexes.email.test(value), ADDRESS_MESSAGES.format),
    '',
  ),
  residential: whenMissing(flagField, false),
});

/** A sender or recipient: a name or a company, and a deliverable-looking address. */
export const shippingAddressSchema = shippingAddressFields.refine(
  (address) => `${address.firstName}${address.lastName}${address.company}`.trim() !== '',
  { message: ADDRESS_MESSAGES.name, path: ['firstName'] },
);
export type ShippingAddressForm = z.input<typeof shippingAddressSchema>;
export type ShippingAddress = z.output<typeof shippingAddressSchema>;

/**
 * The place of an address abroad as its country writes it (issue 25 item 3): a state or province
 * only where the country uses one (one of its codes where it lists them), a postal code in its
 * format ('M5V 2T6', 'SW1A 1AA'; five digits in the United States). Each rule runs once the
 * fields it reads are there, so a bad postal code is named beside an empty city.
 */
const placeFields = z.object({ country: z.string(), state: z.string(), zipcode: z.string().min(1) });
const placeReady = (payload: { value: unknown }) => placeFields.safeParse(payload.value).success;

function withPlaceRules<S extends z.ZodType<{ country: string; state: string; zipcode: string }>>(schema: S) {
  return schema
    .superRefine(
      (address, context) => {
        const country = shippingCountry(address.country);
        if (!country) return;
        const region = address.state.trim();
        if (country.regionLabel && region === '') {
          // The United States keep the contacts' words; elsewhere the region as the country calls it.
          context.addIssue({ code: 'custom', message: country.code === 'US' ? ADDRESS_MESSAGES.state : `Please select ${country.regionLabel.toLowerCase()}`, path: ['state'] });
        } else if (country.regionLabel && country.regions.length > 0 && !country.regions.some((known) => known.code === region.toUpperCase())) {
          context.addIssue({ code: 'custom', message: `Please select ${country.regionLabel.toLowerCase()}`, path: ['state'] });
        }
        if (!country.postalPattern.test(normalizePostalCode(country.code, address.zipcode))) {
          context.addIssue({ code: 'custom', message: country.code === 'US' ? ADDRESS_MESSAGES.format : postalCodeMessage(country), path: ['zipcode'] });
        }
      },
      { when: placeReady },
    )
    .transform((address) => ({
      ...address,
      zipcode: normalizePostalCode(address.country, address.zipcode),
      state: shippingCountry(address.country)?.regions.length ? address.state.trim().toUpperCase() : address.state,
    }));
}

/** The fields of an address that may be abroad: its country, a region only where used, a postal code loosely (withPlaceRules checks it). */
const placeAwareFields = shippingAddressFields.extend({
  state: optionalTextField(64, ADDRESS_MESSAGES.tooLong),
  zipcode: textField.trim().min(1, { message: ADDRESS_MESSAGES.zip, abort: true }).regex(POSTAL_CODE_PATTERN, ADDRESS_MESSAGES.format),
  country: countryField,
});

/**
 * A sender or recipient as the rate call takes it (issue 25 item 3): with its country (ISO 3166-1
 * alpha-2, 'US' when absent), a state or province where that country uses one, and a postal code
 * as that country writes it (five digits in the United States).
 */
export const labelOrderAddressSchema = withPlaceRules(
  placeAwareFields.refine((address) => `${address.firstName}${address.lastName}${address.company}`.trim() !== '', { message: ADDRESS_MESSAGES.name, path: ['firstName'] }),
);
export type LabelOrderAddress = z.output<typeof labelOrderAddressSchema>;

/** Length, width and height in inches; weight in pounds and ounces (their sum more than 0, at most 150 lb). */
export const PARCEL_LIMITS = { maxSideIn: 108, maxWeightOz: 150 * 16 } as const;
export const PARCEL_MESSAGES = {
  size: `Enter inches from 0.1 to ${PARCEL_LIMITS.maxSideIn}`,
  weight: 'Enter the weight: more than 0 and at most 150 lb',
  ounces: 'Ounces must be from 0 to 15.9',
} as const;
export const CARRIER_PACKAGE_MESSAGES = {
  unknown: 'Choose one of the USPS Flat Rate packages, or your own box',
  weight: 'Enter the weight: more than 0 and at most 70 lb (USPS Flat Rate)',
} as const;

const inchesField = z.coerce
  .number<string | number>({ error: PARCEL_MESSAGES.size })
  .min(0.1, PARCEL_MESSAGES.size)
  .max(PARCEL_LIMITS.maxSideIn, PARCEL_MESSAGES.size);

/** A side of the customer's own box; left empty (or out) with a carrier package, which has its own size. */
const sideField = z.union([z.literal(''), inchesField], { error: PARCEL_MESSAGES.size }).nullish();

/** A carrier package by its EasyPost name (PREDEFINED_PACKAGES); absent, null or '': the customer's own box. */
export const predefinedPackageField = whenMissing(
  z.union([z.literal(''), z.enum(PREDEFINED_PACKAGE_IDS)], { error: CARRIER_PACKAGE_MESSAGES.unknown }),
  '',
).transform((id): PredefinedPackageId | null => (id === '' ? null : id));

/**
 * A parcel: the customer's own box (length, width and height) or a USPS Flat Rate package
 * (predefinedPackage, its sides not asked: the parcel then has the package's inside size), and
 * its weight, more than 0 and at most 150 lb (70 lb in Flat Rate packaging).
 */
export const parcelSchema = z
  .object({
    predefinedPackage: predefinedPackageField,
    length: sideField,
    width: sideField,
    height: sideField,
    weightLb: whenMissing(z.coerce.number<string | number>({ error: PARCEL_MESSAGES.weight }).int(PARCEL_MESSAGES.weight).min(0, PARCEL_MESSAGES.weight).max(150, PARCEL_MESSAGES.weight), 0),
    weightOz: whenMissing(z.coerce.number<string | number>({ error: PARCEL_MESSAGES.ounces }).min(0, PARCEL_MESSAGES.ounces).max(15.9, PARCEL_MESSAGES.ounces), 0),
  })
  .superRefine((parcel, context) => {
    if (parcel.predefinedPackage === null) {
      for (const side of ['length', 'width', 'height'] as const) {
        if (typeof parcel[side] !== 'number') context.addIssue({ code: 'custom', message: PARCEL_MESSAGES.size, path: [side] });
      }
    }
    const ounces = parcel.weightLb * 16 + parcel.weightOz;
    const flatRate = parcel.predefinedPackage !== null;
    if (ounces <= 0 || ounces > (flatRate ? FLAT_RATE_MAX_WEIGHT_OZ : PARCEL_LIMITS.maxWeightOz)) {
      context.addIssue({ code: 'custom', message: flatRate ? CARRIER_PACKAGE_MESSAGES.weight : PARCEL_MESSAGES.weight, path: ['weightLb'] });
    }
  })
  .transform((parcel) => {
    const carrierPackage = predefinedPackageOf(parcel.predefinedPackage);
    const sides = carrierPackage ?? { length: Number(parcel.length), width: Number(parcel.width), height: Number(parcel.height) };
    return { ...parcel, length: sides.length, width: sides.width, height: sides.height };
  });
export type ParcelForm = z.input<typeof parcelSchema>;
export type Parcel = z.output<typeof parcelSchema>;

/** Common boxes the Package step offers (inches, and a typical weight to start from). */
export const PARCEL_PRESETS = [
  { name: 'Envelope', length: 12, width: 9, height: 0.5, weightLb: 0, weightOz: 8 },
  { name: 'Small box', length: 8, width: 6, height: 4, weightLb: 1, weightOz: 0 },
  { name: 'Medium box', length: 12, width: 10, height: 6, weightLb: 3, weightOz: 0 },
  { name: 'Large box', length: 18, width: 14, height: 10, weightLb: 8, weightOz: 0 },
] as const;

/** The declared value for insurance, dollars, 0 to 500 (Terms of Use). */
export const INSURANCE_MESSAGE = 'Insurance covers a value from $0 to $500';
export const insuredValueField = whenMissing(
  z.coerce
    .number<string | number>({ error: INSURANCE_MESSAGE })
    .min(0, INSURANCE_MESSAGE)
    .max(MAX_INSURED_VALUE_CENTS / 100, INSURANCE_MESSAGE)
    .transform((dollars) => Math.round(dollars * 100)),
  0,
);

/** The carrier's spelling of an address (validateAddress's suggestion), shown beside the one typed. */
export const addressSuggestionSchema = z.object({ street1: z.string(), street2: z.string(), city: z.string(), state: z.string(), zip: z.string() });
export type AddressSuggestion = z.infer<typeof addressSuggestionSchema>;

export const validateAddressCall = call({
  method: 'POST',
  path: '/openapi/easyPost/validateAddress',
  encoding: 'form',
  signedIn: true,
  successCodes: [OPENAPI_CODE.ok],
  summary:
    "Verify an address with the carriers. data.result 1: deliverable (addrId names it; suggestion is the carrier's spelling when it differs); 0: not ('Unable to verify address!', reasons say why).",
  request: z
    .object({
      // Not aborting (as requiredText is), so the place's rules below still run and every bad field is named at once.
      street1: textField.trim().min(1, ADDRESS_MESSAGES.address1).max(LIMITS.fieldMax, ADDRESS_MESSAGES.tooLong),
      street2: optionalTextField(),
      city: textField.trim().min(1, ADDRESS_MESSAGES.city).max(LIMITS.fieldMax, ADDRESS_MESSAGES.tooLong),
      // Issue 25 item 3: an address abroad may have no state or province (the United Kingdom).
      state: optionalTextField(64, ADDRESS_MESSAGES.tooLong),
      zip: textField.trim().regex(POSTAL_CODE_PATTERN, ADDRESS_MESSAGES.format),
      country: whenMissing(textField.trim().max(64), 'US'),
      phone: optionalTextField(32),
      name: optionalTextField(),
    })
    .superRefine(
      (address, context) => {
        // In the United States (a contact's 'USA' too): a state, and a ZIP code or ZIP+4, as before.
        if (!inTheUnitedStates(address.country)) return;
        if (address.state === '') context.addIssue({ code: 'custom', message: ADDRESS_MESSAGES.state, path: ['state'] });
        if (!/^\d{5}(-\d{4})?$/.test(address.zip)) context.addIssue({ code: 'custom', message: ADDRESS_MESSAGES.format, path: ['zip'] });
      },
      { when: (payload) => z.object({ state: z.string(), zip: z.string(), country: z.string() }).safeParse(payload.value).success },
    ),
  response: openapiResult.extend({
    data: z.object({
      result: z.union([z.literal(0), z.literal(1)]),
      addrId: z.string(),
      suggestion: addressSuggestionSchema.nullable(),
      reasons: z.array(z.string()),
    }),
  }),
});

export const searchShipmentAddressesCall = call({
  method: 'GET',
  path: '/openapi/easyPost/getUserShipmentAddress',
  encoding: 'query',
  signedIn: true,
  successCodes: [OPENAPI_CODE.ok],
  summary: "A page of the signed-in user's contacts whose nickname, name, company, address or phone holds `search` (special characters ignored).",
  request: z.object({
    userId: idField,
    page: whenMissing(pageField, 1),
    size: whenMissing(pageSizeField, 5),
    search: whenMissing(textField.max(LIMITS.fieldMax).transform((value) => value.replace(/[^\p{L}\p{N}\s]/gu, '').trim()), ''),
  }),
  response: openapiResult.extend({ total: z.number().int(), data: z.array(contactSchema) }),
});

/** A sender or recipient as the label page's steps hold one: who, where, and how to reach them. */
const labelPartyShape = {
  firstName: z.string(),
  lastName: z.string(),
  company: z.string(),
  address1: z.string(),
  address2: z.string(),
  city: z.string(),
  state: z.string(),
  zipcode: z.string(),
  phone: z.string(),
  email: z.string(),
};

/** The customer's own address, and their hub's, as the From step offers them. */
export const myAddressSchema = z.object({
  kind: z.enum(['home', 'hub']),
  ...labelPartyShape,
  /** A hub's hours, as customers read them ('Every day, 6 AM – 11 PM'); '' for home, or a hub that has not said. */
  hours: z.string(),
});
export type MyAddress = z.infer<typeof myAddressSchema>;

export const getMyAddressCall = call({
  method: 'GET',
  path: '/openapi/easyPost/getMyAddress',
  encoding: 'query',
  signedIn: true,
  successCodes: [OPENAPI_CODE.ok],
  summary: "The signed-in user's mailing address (data[0]), then their delivery hub's when they have one.",
  request: z.object({ userId: idField }),
  response: openapiResult.extend({ data: z.array(myAddressSchema) }),
});

/** Spec 03 §3 Saved order: the package, the sender and the recipient with from/to prefixes. */
export const savedOrderSchema = z.object({
  id: z.number().int(),
  createtime: z.string(),
  length: z.number(),
  width: z.number(),
  height: z.number(),
  /** Ounces, as every weight on the wire. */
  weight: z.number(),
  /** The USPS Flat Rate package it ships in (its inside size above), or null: the customer's own box. */
  predefinedPackage: z.enum(PREDEFINED_PACKAGE_IDS).nullable(),
  fromfirstname: z.string(),
  fromlastname: z.string(),
  fromcompany: z.string(),
  fromaddress1: z.string(),
  fromaddress2: z.string(),
  fromcity: z.string(),
  fromstate: z.string(),
  fromzipcode: z.string(),
  fromphone: z.string(),
  tofirstname: z.string(),
  tolastname: z.string(),
  tocompany: z.string(),
  toaddress1: z.string(),
  toaddress2: z.string(),
  tocity: z.string(),
  tostate: z.string(),
  tozipcode: z.string(),
  tophone: z.string(),
  comments: z.string(),
  // Beside the spec's fields: the rest of what continuing pre-fills.
  fromemail: z.string(),
  toemail: z.string(),
  toresidential: z.boolean(),
  /** The declared value to insure, dollars. */
  insuredValue: z.string(),
  /** Issue 25 item 3: each side's country (ISO 3166-1 alpha-2; a server from before it sends none: the United States). */
  fromcountry: z.string().optional(),
  tocountry: z.string().optional(),
  /** Issue 25 item 3: the customs declaration as typed so far (a parcel abroad), or null. */
  customs: customsDraftAnswerSchema.nullish(),
});
export type SavedOrder = z.infer<typeof savedOrderSchema>;

export const getOrderForLaterCall = call({
  method: 'GET',
  path: '/openapi/easyPost/getOrderForLater',
  encoding: 'query',
  signedIn: true,
  successCodes: [OPENAPI_CODE.ok],
  summary: "The signed-in user's orders in progress, newest first; with id, only that one (data is empty when it is not theirs).",
  request: z.object({ userId: idField, id: optionalIdField }),
  response: openapiResult.extend({ data: z.array(savedOrderSchema) }),
});

export const deleteOrderForLaterCall = call({
  method: 'POST',
  path: '/openapi/easyPost/deleteOrderForLater',
  encoding: 'json',
  signedIn: true,
  successCodes: [OPENAPI_CODE.ok],
  summary: "Delete one of the signed-in user's orders in progress. code 0: deleted ('success'); -1: no such order.",
  request: z.object({ id: idField }),
  response: openapiResult,
});

export const refundCall = call({
  method: 'POST',
  path: '/openapi/easyPost/refund',
  encoding: 'form',
  signedIn: true,
  successCodes: [OPENAPI_CODE.ok],
  summary:
    "Ask the carrier to refund a label (id: shippingIndexID). code 0: asked (refund_status submitted); -1 refused, with data.error.message ('This shipment cannot be refunded!').",
  request: z.object({ id: idField }),
  response: openapiResult.extend({
    data: z.object({ refund_status: z.string(), error: z.object({ message: z.string() }).nullable() }),
  }),
});

// The label-purchase page (ours; the spec leaves it to a separate app).

/** What the page sends to rate a shipment, and what saving it for later keeps. */
export const labelOrderSchema = z.object({
  from: labelOrderAddressSchema,
  to: labelOrderAddressSchema,
  parcel: parcelSchema,
  insuredValue: insuredValueField,
  comments: commentsField,
});
export type LabelOrderForm = z.input<typeof labelOrderSchema>;

/**
 * The page's step forms (FORM_SCHEMAS), with the rules the rate call applies: the sender; the
 * recipient and whether to keep it in My Contacts; the parcel; the declared value, comments and
 * whether to e-mail the recipient a tracking link (the page checks that the recipient has an e-mail).
 */
/**
 * An address step's form for each country the page ships to (issue 25 item 3): its region and
 * postal code checked field by field, as the country writes them, so every mistake is named at
 * once (an object refinement would wait for the other fields).
 */
function placeFieldsOf(country: ShippingCountry) {
  const regionMessage = country.code === 'US' ? ADDRESS_MESSAGES.state : `Please select ${(country.regionLabel ?? 'state').toLowerCase()}`;
  const region =
    country.regionLabel === null
      ? optionalTextField(64, ADDRESS_MESSAGES.tooLong)
      : country.regions.length > 0
        ? textField
            .trim()
            .toUpperCase()
            .refine((code) => country.regions.some((known) => known.code === code), regionMessage)
        : requiredText(regionMessage, 64);
  const postal = textField
    .trim()
    .min(1, { message: country.code === 'US' ? ADDRESS_MESSAGES.zip : `Please enter ${country.postalLabel.toLowerCase()}`, abort: true })
    .transform((code) => normalizePostalCode(country.code, code))
    .pipe(z.string().regex(country.postalPattern, country.code === 'US' ? ADDRESS_MESSAGES.format : postalCodeMessage(country)));
  return { country: z.literal(country.code), state: region, zipcode: postal };
}

const isNamed = (address: { firstName: string; lastName: string; company: string }) => `${address.firstName}${address.lastName}${address.company}`.trim() !== '';

const [firstCountry, ...otherCountries] = SHIPPING_COUNTRIES.map((country) => shippingAddressFields.extend(placeFieldsOf(country)));
/** The sender: as its country writes it (a return of a label abroad starts from there). */
export const labelFromStepSchema = z
  .discriminatedUnion('country', [firstCountry!, ...otherCountries], { error: 'country: choose a country' })
  .refine(isNamed, { message: ADDRESS_MESSAGES.name, path: ['firstName'] });
/** Issue 25 item 3: the recipient may be abroad (its Country chosen on the step), its place written as there. */
export const labelToStepSchema = z
  .discriminatedUnion(
    'country',
    [firstCountry!.extend({ saveRecipient: whenMissing(flagField, false) }), ...otherCountries.map((schema) => schema.extend({ saveRecipient: whenMissing(flagField, false) }))],
    { error: 'country: choose a country' },
  )
  .refine(isNamed, { message: ADDRESS_MESSAGES.name, path: ['firstName'] });
export const labelPackageStepSchema = parcelSchema;
export const labelOptionsStepSchema = z.object({
  insuredValue: insuredValueField,
  comments: commentsField,
  notifyRecipient: whenMissing(flagField, false),
});

export const labelRateSchema = z.object({
  rateId: z.string(),
  /** USPS, UPSDAP or FedEx, as the wire names carriers. */
  carrier: z.string(),
  /** The carrier service's own name; the web app shows it through the renaming list. */
  service: z.string(),
  /** What the label costs the customer. */
  rate: z.string(),
  /** The carrier's counter price: the saving shown is retailRate - rate, when positive. */
  retailRate: z.string(),
  deliveryDays: z.number().int().nullable(),
  /**
   * The day it is expected ('YYYY-MM-DD'): the carrier's when it gives one, else deliveryDays
   * working days after the ship date; null when neither is known. A server that does not send it
   * reads as null (the field came after deliveryDays).
   */
  deliveryDate: z.string().nullable().default(null),
  cheapest: z.boolean(),
  fastest: z.boolean(),
  /**
   * Issue 25 item 3: the duties and taxes the carrier estimates the recipient pays for a parcel
   * abroad (dollars, '0.00' for none), said before payment; null when the carrier does not rate
   * them (at home, or a carrier without an estimate: the recipient pays what customs asks on delivery).
   */
  dutiesAndTaxes: z.string().nullish(),
});
export type LabelRate = z.infer<typeof labelRateSchema>;

/**
 * The day the label is handed to the carrier ('YYYY-MM-DD'), one of the ship dates offered
 * (shipDates: a working day from today to a week ahead, checked by the server at the sender's
 * address). Left out (a form body drops it): the first of them.
 */
export const shipDateField = textField
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'shipDate: must be a date as YYYY-MM-DD')
  .nullish()
  .transform((date) => date ?? undefined);

export const rateLabelCall = call({
  method: 'POST',
  path: '/app/v1/labelPurchase/rates',
  encoding: 'json',
  signedIn: true,
  successCodes: [LABEL_PURCHASE_ERRORCODE.ok],
  summary:
    "Verify both addresses and rate the parcel with every carrier. errorcode 0: draftId and rates (cheapest first); -2 'Unable to verify address!' (data.side says which); -3 no carrier takes it.",
  request: labelOrderSchema.extend({
    /** Put the recipient in My Contacts. */
    saveRecipient: whenMissing(flagField, false),
    shipDate: shipDateField,
    /** Issue 23 item 3: rate a return label of this bought label of the customer's (its shippingIndexID); absent: an ordinary label. */
    returnOf: optionalIdField,
    /**
     * Issue 25 item 3: the customs declaration (EasyPost's CustomsInfo), required when the
     * recipient is in another country than the sender; left out (or null) otherwise.
     */
    customs: customsDeclarationSchema.nullish().transform((customs) => customs ?? undefined),
  }).superRefine((order, context) => {
    if (crossesBorder(order.from.country, order.to.country) && order.customs === undefined) {
      context.addIssue({ code: 'custom', message: CUSTOMS_REQUIRED_MESSAGE, path: ['customs'] });
    }
  }),
  response: result.extend({
    data: z.object({
      draftId: z.number().int(),
      /** The ship date the rates are for (the one sent, or the first day offered); absent from a server that has none. */
      shipDate: z.string().optional(),
      rates: z.array(labelRateSchema),
      insurance: z.string(),
      messages: z.array(z.string()),
      /** With -2: the address the carriers could not verify (from: the sender, to: the recipient). */
      side: z.enum(['from', 'to']).optional(),
    }),
  }),
});

export const buyLabelCall = call({
  method: 'POST',
  path: '/app/v1/labelPurchase/buy',
  encoding: 'json',
  signedIn: true,
  successCodes: [LABEL_PURCHASE_ERRORCODE.redirect],
  summary:
    'Pay for one rate of a rated draft or an unpaid label: errorcode 1 with redirectURL (the payment provider). The label is bought from the carrier once the payment is captured. -4: the rates expired; -1 refused (409): the label it replaces is no longer unpaid, or it is being paid.',
  request: z.object({
    draftId: idField,
    rateId: textField.min(1).max(64),
    /** E-mail the recipient a link to the public tracking page. */
    notifyRecipient: whenMissing(flagField, false),
    /** The order in progress this purchase continues: deleted once the label is bought. */
    orderId: optionalIdField,
    /**
     * The unpaid purchase (getUnpaidLabelsCall) this one is paid in place of, rated again (its
     * rates had expired, or the page changed it): deleted as this one's payment opens.
     */
    replaces: optionalIdField,
    /** Issue 23 item 2: a QR code to show at the counter instead of a printed label (USPS only: QR_CODE_CARRIERS). */
    qrCode: whenMissing(flagField, false),
    /**
     * Issue 23 item 1: the AirBox hub the customer drops the parcel off at (one of the hubs they
     * may choose, getLockerInfoByUser) instead of a carrier pickup; absent: no drop-off.
     */
    dropOffHubId: textField.trim().min(1).max(64).nullish().transform((hubId) => hubId ?? undefined),
  }),
  response: result.extend({ redirectURL: z.string() }),
});

/** A sender or recipient of an unpaid purchase, as the label page's steps hold it. */
const unpaidAddressSchema = z.object({
  ...labelPartyShape,
  residential: z.boolean(),
  /** Issue 25 item 3: ISO 3166-1 alpha-2; a server from before it sends none: the United States. */
  country: z.string().optional(),
});

/** Issue 25 item 3: a parcel abroad's customs declaration as it was rated; null at home (or from a server from before it). */
const customsOfLabel = customsDeclarationAnswerSchema.nullish();

/**
 * A label chosen and sent to payment that is not paid (the payer cancelled at the provider, or
 * the payment never finished), kept apart from Purchased Labels. It is paid again with
 * buyLabelCall (its id as draftId, its rateId) or deleted (deleteUnpaidLabelCall). `payment`
 * is 'unpaid', or 'confirming' while the provider confirms a payment it took: neither then.
 */
export const unpaidLabelSchema = z.object({
  /** The purchase's id (shippingIndexID), buyLabelCall's draftId. */
  id: z.number().int(),
  orderNo: z.string(),
  createTime: z.string(),
  from: unpaidAddressSchema,
  to: unpaidAddressSchema,
  /** Inches; weight in ounces. */
  parcel: z.object({ length: z.number(), width: z.number(), height: z.number(), weight: z.number(), predefinedPackage: z.enum(PREDEFINED_PACKAGE_IDS).nullable() }),
  /** The declared value to insure, dollars ('0.00': none), and its fee. */
  insuredValue: z.string(),
  insurance: z.string(),
  comments: z.string(),
  notifyRecipient: z.boolean(),
  /** The order in progress it continues, if any. */
  orderId: z.number().int().nullable(),
  /** The rate chosen (at the price ordered), and every rate offered with it, cheapest first. */
  rate: labelRateSchema,
  rates: z.array(labelRateSchema),
  /** What paying costs: the rate and the insurance fee. */
  total: z.string(),
  /** The day the label was rated to be handed to the carrier ('YYYY-MM-DD'); '' when it was rated without one. */
  shipDate: z.string().default(''),
  payment: z.enum(['unpaid', 'confirming']),
  customs: customsOfLabel,
});
export type UnpaidLabel = z.infer<typeof unpaidLabelSchema>;

/**
 * Ship again (issue 23 item 5): what a new label starts from, taken from one the customer bought:
 * both addresses, the package, the declared value and the carrier's service, to be rated afresh
 * (never the old price).
 */
export const shipAgainSchema = z.object({
  /** The label it was taken from (shippingIndexID) and its order number. */
  id: z.number().int(),
  orderNo: z.string(),
  from: unpaidAddressSchema,
  to: unpaidAddressSchema,
  parcel: z.object({ length: z.number(), width: z.number(), height: z.number(), weight: z.number(), predefinedPackage: z.enum(PREDEFINED_PACKAGE_IDS).nullable() }),
  insuredValue: z.string(),
  /** As the wire names carriers (USPS, UPSDAP, FedEx), and the carrier's service: chosen again when the new rates offer it. */
  carrier: z.string(),
  service: z.string(),
  /** Issue 25 item 3: the declaration shipped with it, declared again (a return keeps it, as returned goods). */
  customs: customsOfLabel,
});
export type ShipAgain = z.infer<typeof shipAgainSchema>;

export const getShipAgainCall = call({
  method: 'GET',
  path: '/app/v1/labelPurchase/shipAgain',
  encoding: 'query',
  signedIn: true,
  successCodes: [READ_ERRORCODE.ok],
  summary: "A new label pre-filled from one of the signed-in user's labels (id: its shippingIndexID): addresses, package, declared value and service, without a price. errorcode 0; data null when it is not a label of theirs.",
  request: z.object({ id: idField }),
  response: result.extend({ data: shipAgainSchema.nullable() }),
});

export const getUnpaidLabelsCall = call({
  method: 'GET',
  path: '/app/v1/labelPurchase/unpaid',
  encoding: 'query',
  signedIn: true,
  successCodes: [READ_ERRORCODE.ok],
  summary: "The signed-in user's unpaid labels, newest first; with id, only that one (data is empty when it is not theirs or not unpaid). errorcode 0.",
  request: z.object({ id: optionalIdField }),
  response: result.extend({ data: z.array(unpaidLabelSchema) }),
});

export const deleteUnpaidLabelCall = call({
  method: 'POST',
  path: '/app/v1/labelPurchase/deleteUnpaid',
  encoding: 'json',
  signedIn: true,
  successCodes: [LABEL_PURCHASE_ERRORCODE.ok],
  summary:
    "Delete one of the signed-in user's unpaid labels, its open payment cancelled. errorcode 0 deleted; -1 refused (409): not an unpaid label of theirs, or its payment is being taken.",
  request: z.object({ id: idField }),
  response: result,
});

const draftText = (max: number) => optionalTextField(max, ADDRESS_MESSAGES.tooLong);
const draftAddressSchema = z.object({
  firstName: draftText(50),
  lastName: draftText(50),
  company: draftText(50),
  address1: draftText(LIMITS.fieldMax),
  address2: draftText(LIMITS.fieldMax),
  city: draftText(LIMITS.fieldMax),
  state: draftText(64),
  zipcode: draftText(10),
  phone: draftText(32),
  email: draftText(50),
  residential: whenMissing(flagField, false),
  /** Issue 25 item 3: two letters (a contact's 'USA' read as 'US'); absent: the United States. */
  country: countryField,
});

export const saveOrderForLaterCall = call({
  method: 'POST',
  path: '/openapi/easyPost/saveOrderForLater',
  encoding: 'json',
  signedIn: true,
  successCodes: [OPENAPI_CODE.ok],
  summary: 'Keep the page as an order in progress (id: update that one). code 0 with data.id.',
  request: z.object({
    id: optionalIdField,
    // What the customer has typed so far, each field within its length.
    from: draftAddressSchema,
    to: draftAddressSchema,
    parcel: z.object({
      predefinedPackage: predefinedPackageField,
      length: whenMissing(z.coerce.number<string | number>().min(0).max(PARCEL_LIMITS.maxSideIn), 0),
      width: whenMissing(z.coerce.number<string | number>().min(0).max(PARCEL_LIMITS.maxSideIn), 0),
      height: whenMissing(z.coerce.number<string | number>().min(0).max(PARCEL_LIMITS.maxSideIn), 0),
      weightLb: whenMissing(z.coerce.number<string | number>().int().min(0).max(150), 0),
      weightOz: whenMissing(z.coerce.number<string | number>().min(0).max(15.9), 0),
    }),
    insuredValue: insuredValueField,
    comments: commentsField,
    /** Issue 25 item 3: the Customs step as typed so far (a parcel abroad); absent or null: none. */
    customs: customsDraftSchema.nullish().transform((customs) => customs ?? null),
  }),
  response: openapiResult.extend({ data: z.object({ id: z.number().int() }) }),
});

/** A public tracking page's data (no names or street addresses). GET /app/v1/track/{token}. */
export const publicTrackingSchema = z.object({
  carrier: z.string(),
  trackingCode: z.string(),
  status: z.string(),
  /** The day the carrier expects to deliver it ('YYYY-MM-DD'), or null (unknown, or a cancelled label). */
  expectedDelivery: z.string().nullable(),
  fromCity: z.string(),
  fromState: z.string(),
  toCity: z.string(),
  toState: z.string(),
  events: z.array(z.object({ status: z.string(), message: z.string(), datetime: z.string(), city: z.string(), state: z.string() })),
});
export type PublicTracking = z.infer<typeof publicTrackingSchema>;

export const getPublicTrackingCall = call({
  method: 'GET',
  path: '/app/v1/tracking',
  encoding: 'query',
  signedIn: false,
  successCodes: [READ_ERRORCODE.ok],
  summary: "A shipment's tracking for its recipient (the token from the mail): status, expected delivery day and events, carrier, cities and states only. -404: no such link.",
  request: z.object({ token: textField.min(16).max(64).regex(/^[A-Za-z0-9_-]+$/) }),
  response: result.extend({ data: publicTrackingSchema }),
});
