import {
  COMMENTS_MAX,
  MAX_INSURED_VALUE_CENTS,
  PARCEL_LIMITS,
  formatPhoneDashed,
  fromCents,
  normalizeComments,
  predefinedPackageOf,
  shipDatesFrom,
  splitOunces,
  toCents,
  CUSTOMS_LIMITS,
  crossesBorder,
  type Contact,
  type CustomsContentsType,
  type CustomsDeclaration,
  type CustomsDraft,
  type PredefinedPackageId,
  type SavedOrder,
  type ShipAgain,
  type UnpaidLabel,
} from '@airbox/contract';
import { EMPTY_ADDRESS, type AddressValues } from '../../../lib/address-values';
import type { CallInput } from '../../../lib/http';

export interface RecipientValues extends AddressValues {
  /** Put the recipient in My Contacts (sent as saveRecipient with the rates). */
  saveRecipient: boolean;
}

/** The parcel as typed: inches, whole pounds and ounces. */
export interface PackageValues {
  /** A USPS Flat Rate package by its EasyPost name (its sides are then not asked), '' for the customer's own box. */
  predefinedPackage: PredefinedPackageId | '';
  length: string;
  width: string;
  height: string;
  weightLb: string;
  weightOz: string;
}

export interface OptionsValues {
  /** The declared value to insure, dollars as typed. */
  insuredValue: string;
  comments: string;
  notifyRecipient: boolean;
}

/** One line of the customs declaration as typed (issue 25 item 3): EasyPost's CustomsItem fields. */
export interface CustomsItemValues {
  description: string;
  quantity: string;
  /** The line's total value, US dollars. */
  value: string;
  /** The line's total weight, ounces. */
  weight: string;
  hs_tariff_number: string;
  origin_country: string;
}

/** The Customs step as typed (issue 25 item 3): EasyPost's CustomsInfo fields. */
export interface CustomsValues {
  contents_type: CustomsContentsType | '';
  contents_explanation: string;
  customs_signer: string;
  eel_pfc: string;
  non_delivery_option: 'return' | 'abandon';
  items: CustomsItemValues[];
}

export const EMPTY_CUSTOMS_ITEM: CustomsItemValues = { description: '', quantity: '1', value: '', weight: '', hs_tariff_number: '', origin_country: 'US' };
export const EMPTY_CUSTOMS: CustomsValues = {
  contents_type: 'merchandise',
  contents_explanation: '',
  customs_signer: '',
  eel_pfc: '',
  non_delivery_option: 'return',
  items: [EMPTY_CUSTOMS_ITEM],
};

/** A declaration as rated or kept (numbers, or text as typed) as the Customs step holds it. */
export function customsValues(customs: Omit<CustomsDeclaration, 'customs_certify'> | CustomsDraft | null | undefined): CustomsValues {
  if (!customs) return EMPTY_CUSTOMS;
  const text = (value: string | number) => String(value);
  return {
    contents_type: customs.contents_type,
    contents_explanation: customs.contents_explanation,
    customs_signer: customs.customs_signer,
    // The exemption the contract fills in is shown as the customer left it: empty.
    eel_pfc: customs.eel_pfc === 'NOEEI 30.37(a)' ? '' : customs.eel_pfc,
    non_delivery_option: customs.non_delivery_option,
    items: customs.items.length > 0 ? customs.items.map((item) => ({ ...item, quantity: text(item.quantity), value: text(item.value), weight: text(item.weight) })) : [EMPTY_CUSTOMS_ITEM],
  };
}

/** Whether the parcel crosses a border (issue 25 item 3): the Customs step is shown and its declaration sent. */
export const isInternational = (draft: Pick<LabelDraft, 'from' | 'to'>) => crossesBorder(draft.from.country ?? 'US', draft.to.country ?? 'US');

/** Everything the page has been given, step by step. */
export interface LabelDraft {
  from: AddressValues;
  to: RecipientValues;
  parcel: PackageValues;
  /** Issue 25 item 3: the customs declaration, asked only for a parcel abroad. */
  customs: CustomsValues;
  options: OptionsValues;
  /** The day the parcel is handed to the carrier ('YYYY-MM-DD', chosen on the Rates step); '' for the first day offered. */
  shipDate: string;
}

export const EMPTY_DRAFT: LabelDraft = {
  from: { ...EMPTY_ADDRESS, country: 'US' },
  to: { ...EMPTY_ADDRESS, country: 'US', saveRecipient: false },
  parcel: { predefinedPackage: '', length: '', width: '', height: '', weightLb: '', weightOz: '' },
  customs: EMPTY_CUSTOMS,
  options: { insuredValue: '', comments: '', notifyRecipient: false },
  shipDate: '',
};

/** The customer's own address or hub (getMyAddress) as an address step holds it: lib's, shared with the label batches' sender. */
export { addressFromMine } from '../../../lib/my-address';

/** A contact of My Contacts as an address step holds it. */
export function addressFromContact(contact: Contact): AddressValues {
  return {
    firstName: contact.firstName,
    lastName: contact.lastName,
    company: contact.company,
    address1: contact.address1,
    address2: contact.address2,
    city: contact.city,
    state: contact.state,
    zipcode: contact.zipcode,
    phone: contact.phone ? formatPhoneDashed(contact.phone) : '',
    email: contact.email,
    residential: contact.residential,
    // Contacts spell the United States 'USA'; one saved abroad keeps its two letters (issue 25 item 3).
    country: /^[A-Za-z]{2}$/.test(contact.country.trim()) ? contact.country.trim().toUpperCase() : 'US',
  };
}

/** A number the form holds as text: '' for none. */
const asText = (value: number) => (value > 0 ? String(value) : '');

/**
 * A parcel as the wire carries it (inches, ounces) as the Package step holds it: ounces back to
 * lb and oz; a Flat Rate package by its name, its sides (the package's own) not asked.
 */
export function packageValues(parcel: { length: number; width: number; height: number; weight: number; predefinedPackage?: string | null | undefined }): PackageValues {
  const { length, width, height, weight } = parcel;
  const split = splitOunces(weight);
  const carrierPackage = predefinedPackageOf(parcel.predefinedPackage);
  return {
    predefinedPackage: carrierPackage?.id ?? '',
    length: carrierPackage ? '' : asText(length),
    width: carrierPackage ? '' : asText(width),
    height: carrierPackage ? '' : asText(height),
    weightLb: weight > 0 ? String(split.lb) : '',
    weightOz: weight > 0 ? String(split.oz) : '',
  };
}

/** A declared value in dollars as the Options step holds it: '' for none. */
function insuredText(dollars: string): string {
  const cents = toCents(dollars);
  return cents > 0 ? fromCents(cents) : '';
}

/** An address as the wire carries it, its phone as the page's mask shows it. */
const addressValues = (address: AddressValues): AddressValues => ({ ...address, phone: address.phone ? formatPhoneDashed(address.phone) : '' });

/** An unpaid label (getUnpaidLabels) as the page's steps hold it: every step as it was paid for. */
export function draftFromUnpaidLabel(label: UnpaidLabel): LabelDraft {
  return {
    from: addressValues(label.from),
    to: { ...addressValues(label.to), saveRecipient: false },
    parcel: packageValues(label.parcel),
    customs: customsValues(label.customs),
    options: { insuredValue: insuredText(label.insuredValue), comments: label.comments, notifyRecipient: label.notifyRecipient },
    shipDate: label.shipDate,
  };
}

/**
 * Ship again (getShipAgain, issue 23 item 5): a label's addresses, package and declared value as
 * the page's steps hold them; no comments, no ship date (the first day offered), rated afresh.
 */
export function draftFromShipAgain(label: ShipAgain): LabelDraft {
  return {
    from: addressValues(label.from),
    to: { ...addressValues(label.to), saveRecipient: false },
    parcel: packageValues(label.parcel),
    customs: customsValues(label.customs),
    options: { insuredValue: insuredText(label.insuredValue), comments: '', notifyRecipient: false },
    shipDate: '',
  };
}

/**
 * A return label's start (issue 23 item 3), from the label it returns (getShipAgain): the addresses
 * swapped (its recipient sends the parcel back to its sender), the package and declared value kept.
 */
export function draftForReturn(label: ShipAgain): LabelDraft {
  const again = draftFromShipAgain(label);
  const { saveRecipient: _save, ...recipient } = again.to;
  // A parcel abroad comes back with its declaration, now of goods returned (issue 25 item 3).
  const customs: CustomsValues = isInternational(again) ? { ...again.customs, contents_type: 'returned_goods' } : again.customs;
  return { ...again, from: recipient, to: { ...again.from, saveRecipient: false }, customs };
}

/** An order in progress (getOrderForLater) as the page's steps hold it. */
export function draftFromSavedOrder(order: SavedOrder): LabelDraft {
  return {
    from: {
      firstName: order.fromfirstname,
      lastName: order.fromlastname,
      company: order.fromcompany,
      address1: order.fromaddress1,
      address2: order.fromaddress2,
      city: order.fromcity,
      state: order.fromstate,
      zipcode: order.fromzipcode,
      phone: order.fromphone ? formatPhoneDashed(order.fromphone) : '',
      email: order.fromemail,
      residential: false,
      country: order.fromcountry,
    },
    to: {
      firstName: order.tofirstname,
      lastName: order.tolastname,
      company: order.tocompany,
      address1: order.toaddress1,
      address2: order.toaddress2,
      city: order.tocity,
      state: order.tostate,
      zipcode: order.tozipcode,
      phone: order.tophone ? formatPhoneDashed(order.tophone) : '',
      email: order.toemail,
      residential: order.toresidential,
      saveRecipient: false,
      country: order.tocountry,
    },
    parcel: packageValues(order),
    customs: customsValues(order.customs),
    options: { insuredValue: insuredText(order.insuredValue), comments: order.comments, notifyRecipient: false },
    // An order in progress is rated again when continued: its ship date is chosen then.
    shipDate: '',
  };
}

/** True once the sender or the recipient holds anything: only then can the page be saved for later. */
export function hasAddressInput(draft: Pick<LabelDraft, 'from' | 'to'>): boolean {
  const filled = (address: AddressValues) =>
    [address.firstName, address.lastName, address.company, address.address1, address.address2, address.city, address.state, address.zipcode, address.phone, address.email].some(
      (value) => value.trim() !== '',
    );
  return filled(draft.from) || filled(draft.to);
}

/** A typed number within [0, max], else 0: what an unfinished field is kept as. */
function boundedNumber(text: string, max: number, whole = false): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0 || value > max) return 0;
  return whole ? Math.floor(value) : value;
}

function clip(address: AddressValues) {
  const cut = (value: string, max: number) => value.trim().slice(0, max);
  return {
    firstName: cut(address.firstName, 50),
    lastName: cut(address.lastName, 50),
    company: cut(address.company, 50),
    address1: cut(address.address1, 255),
    address2: cut(address.address2, 255),
    city: cut(address.city, 255),
    state: cut(address.state, 64),
    zipcode: cut(address.zipcode, 10),
    phone: cut(address.phone, 32),
    email: cut(address.email, 50),
    residential: address.residential,
    country: /^[A-Z]{2}$/.test(address.country ?? '') ? (address.country as string) : 'US',
  };
}

/** The Customs step as typed, within what saving for later keeps. */
function clipCustoms(customs: CustomsValues): CustomsDraft {
  const cut = (value: string, max: number) => value.slice(0, max);
  return {
    contents_type: customs.contents_type,
    contents_explanation: cut(customs.contents_explanation, 255),
    customs_signer: cut(customs.customs_signer, 100),
    eel_pfc: cut(customs.eel_pfc, 40),
    non_delivery_option: customs.non_delivery_option,
    items: customs.items.slice(0, CUSTOMS_LIMITS.maxItems).map((item) => ({
      description: cut(item.description, 255),
      quantity: cut(item.quantity, 12),
      value: cut(item.value, 12),
      weight: cut(item.weight, 12),
      hs_tariff_number: cut(item.hs_tariff_number, 16),
      origin_country: cut(item.origin_country, 2),
    })),
  };
}

/**
 * What saving for later sends: whatever has been typed, each part kept within what the call
 * accepts (an unfinished number is kept as 0, a declared value above $500 as none), so an
 * unfinished page is saved rather than refused.
 */
export function saveForLaterInput(draft: LabelDraft, id: number | undefined): CallInput<'saveOrderForLaterCall'> {
  const insured = boundedNumber(draft.options.insuredValue, MAX_INSURED_VALUE_CENTS / 100);
  return {
    id,
    from: clip(draft.from),
    to: clip(draft.to),
    parcel: {
      predefinedPackage: predefinedPackageOf(draft.parcel.predefinedPackage)?.id ?? '',
      length: boundedNumber(draft.parcel.length, PARCEL_LIMITS.maxSideIn),
      width: boundedNumber(draft.parcel.width, PARCEL_LIMITS.maxSideIn),
      height: boundedNumber(draft.parcel.height, PARCEL_LIMITS.maxSideIn),
      weightLb: boundedNumber(draft.parcel.weightLb, 150, true),
      weightOz: boundedNumber(draft.parcel.weightOz, 15.9),
    },
    insuredValue: insured,
    comments: normalizeComments(draft.options.comments).slice(0, COMMENTS_MAX),
    customs: isInternational(draft) ? clipCustoms(draft.customs) : null,
  };
}

/**
 * The ship date to rate for: the one chosen while it is still offered (`offered`: shipDatesFrom
 * now, at the sender), else the first day offered (a day chosen yesterday, or a page saved
 * earlier, has passed).
 */
export function shipDateToRate(chosen: string, offered: readonly string[]): string | undefined {
  return offered.includes(chosen) ? chosen : offered[0];
}

/** What rating sends: the steps' values (already checked by the contract's step schemas) and the ship date. */
export function rateInput(draft: LabelDraft, saveRecipient: boolean, offered: readonly string[] = shipDatesFrom(new Date(), draft.from.state)): CallInput<'rateLabelCall'> {
  const { saveRecipient: _save, ...to } = draft.to;
  return {
    from: draft.from,
    to,
    parcel: draft.parcel,
    insuredValue: draft.options.insuredValue,
    comments: draft.options.comments,
    saveRecipient,
    shipDate: shipDateToRate(draft.shipDate, offered),
    // Issue 25 item 3: a parcel abroad carries its declaration (checked by the Customs step).
    ...(isInternational(draft) ? { customs: { ...draft.customs, contents_type: draft.customs.contents_type || 'merchandise' } } : {}),
  };
}
