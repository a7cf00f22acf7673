import { type CustomsDraft, customsDraftSchema, fromCents, predefinedPackageOf, type SavedOrder, type saveOrderForLaterCall } from '@airbox/contract';
import type { z } from 'zod';
import { toIso } from '../../db/dialect.js';
import type { NewSavedOrder, SavedOrderRow } from './saved-orders.table.js';

/** What the label-purchase page sends to keep an order in progress (saveOrderForLater's request, validated). */
export type SaveOrderInput = z.output<(typeof saveOrderForLaterCall)['request']>;

/** The columns an order in progress keeps of the page; ids, owner and times are the server's. */
export type SavedOrderColumns = Omit<NewSavedOrder, 'id' | 'user_id' | 'created_at' | 'updated_at'>;

/** Spec 03 §3 Saved order, as getOrderForLater answers it: weight in ounces, the insured value in dollars. */
export function toSavedOrder(row: SavedOrderRow): SavedOrder {
  return {
    id: row.id,
    createtime: toIso(row.created_at),
    length: row.length_in,
    width: row.width_in,
    height: row.height_in,
    weight: row.weight_oz,
    predefinedPackage: predefinedPackageOf(row.predefined_package)?.id ?? null,
    fromfirstname: row.from_first_name,
    fromlastname: row.from_last_name,
    fromcompany: row.from_company,
    fromaddress1: row.from_address1,
    fromaddress2: row.from_address2,
    fromcity: row.from_city,
    fromstate: row.from_state,
    fromzipcode: row.from_zipcode,
    fromphone: row.from_phone,
    tofirstname: row.to_first_name,
    tolastname: row.to_last_name,
    tocompany: row.to_company,
    toaddress1: row.to_address1,
    toaddress2: row.to_address2,
    tocity: row.to_city,
    tostate: row.to_state,
    tozipcode: row.to_zipcode,
    tophone: row.to_phone,
    comments: row.comments,
    fromemail: row.from_email,
    toemail: row.to_email,
    toresidential: row.to_residential === 1,
    insuredValue: fromCents(row.insured_value_cents),
    fromcountry: row.from_country,
    tocountry: row.to_country,
    customs: savedCustoms(row.customs),
  };
}

/** The Customs step as it was kept (a damaged value reads as none). */
function savedCustoms(json: string | null): CustomsDraft | null {
  if (!json) return null;
  try {
    const parsed = customsDraftSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

type Side = SaveOrderInput['from'];

function sideColumns<P extends 'from' | 'to'>(prefix: P, side: Side) {
  return {
    [`${prefix}_first_name`]: side.firstName,
    [`${prefix}_last_name`]: side.lastName,
    [`${prefix}_company`]: side.company,
    [`${prefix}_address1`]: side.address1,
    [`${prefix}_address2`]: side.address2,
    [`${prefix}_city`]: side.city,
    [`${prefix}_state`]: side.state,
    [`${prefix}_zipcode`]: side.zipcode,
    [`${prefix}_phone`]: side.phone,
    [`${prefix}_email`]: side.email,
    [`${prefix}_residential`]: side.residential ? 1 : 0,
    [`${prefix}_country`]: side.country,
  } as Record<`${P}_${'first_name' | 'last_name' | 'company' | 'address1' | 'address2' | 'city' | 'state' | 'zipcode' | 'phone' | 'email' | 'country'}`, string> &
    Record<`${P}_residential`, number>;
}

/** A draft's sides: a Flat Rate package's inside size, whatever sides were typed before it was chosen. */
function parcelSides(parcel: SaveOrderInput['parcel']) {
  const carrierPackage = predefinedPackageOf(parcel.predefinedPackage);
  return carrierPackage
    ? { length_in: carrierPackage.length, width_in: carrierPackage.width, height_in: carrierPackage.height }
    : { length_in: parcel.length, width_in: parcel.width, height_in: parcel.height };
}

/** The columns of an order in progress from the page's fields: sizes in inches, weight in ounces (lb × 16 + oz). */
export function savedOrderColumns(input: Omit<SaveOrderInput, 'id'>): SavedOrderColumns {
  return {
    ...parcelSides(input.parcel),
    predefined_package: input.parcel.predefinedPackage,
    weight_oz: Math.round((input.parcel.weightLb * 16 + input.parcel.weightOz) * 10) / 10,
    insured_value_cents: input.insuredValue,
    comments: input.comments,
    customs: input.customs ? JSON.stringify(input.customs) : null,
    ...sideColumns('from', input.from),
    ...sideColumns('to', input.to),
  };
}
