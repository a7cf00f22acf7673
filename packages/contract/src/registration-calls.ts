import { z } from 'zod';
import { call } from './call-descriptor.js';
import { LIMITS } from './constants.js';
import {
  FIRST_LOGIN_ERRORCODE,
  GET_BOXID_ERRORCODE,
  INVITATION_ERRORCODE,
  READ_ERRORCODE,
  REGISTER_ERRORCODE,
} from './errorcodes.js';
import { idField, pageSizeField, textField } from './fields.js';
import { INVITATION_CODE_PATTERN, ZIP_PATTERN, registerRequestSchema } from './registration.js';

/** The calls of spec 02 §7. All are public: a visitor makes them before having an account. */

const result = z.object({ errorcode: z.number().int(), message: z.string() });

export const campusSchema = z.object({
  bc_id: z.number().int(),
  bc_name: z.string(),
  address1: z.string(),
  address2: z.string(),
  city: z.string(),
  state: z.string(),
  zip_code: z.string(),
});
export type Campus = z.infer<typeof campusSchema>;

export const buildingSchema = z.object({ building_id: z.number().int(), building_name: z.string() });
export const unitSchema = z.object({ unit_id: z.number().int(), unit_name: z.string() });
export const companySchema = z.object({
  company_id: z.number().int(),
  company_name: z.string(),
  airbox_id: z.string(),
});
export type Company = z.infer<typeof companySchema>;

/** Where a company sits, and its name (spec 02 company/info; spec 03 roles 15 and 16). */
export const companyInfoSchema = z.object({
  bc_id: z.number().int(),
  building_id: z.number().int(),
  unit_id: z.number().int(),
  bc_name: z.string(),
  building_name: z.string(),
  unit_name: z.string(),
  company_name: z.string(),
});
export type CompanyInfo = z.infer<typeof companyInfoSchema>;

/**
 * A delivery hub as the two locker-list calls answer: like the login's locker, but a server may
 * leave fields null. `usableHubs` turns the list into what the wizards offer.
 */
export const hubSchema = z.object({
  id: z.string(),
  business_name: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip_code: z.string().nullable(),
  location: z.string().nullable(),
  /**
   * Beyond the spec (issue 11): miles from the ZIP code the list was asked for (getLockerInfoByMode's
   * zip_code) to the hub's location, one decimal; null when either is unknown. A server that
   * follows the spec alone leaves it out.
   */
  distance_mi: z.number().nonnegative().nullable().optional(),
});
export type Hub = z.infer<typeof hubSchema>;
export interface HubOption {
  id: string;
  business_name: string;
  address: string;
  city: string;
  state: string;
  zip_code: string;
  location: string;
  /** Miles from the registrant's ZIP code, when the server said. */
  distance_mi: number | null;
}

/**
 * The hubs a registrant may choose (spec 02 §3): hubs lacking a business name, city, state or zip
 * are dropped; the other null values become empty text.
 */
export function usableHubs(hubs: readonly Hub[]): HubOption[] {
  const text = (value: string | null) => (value ?? '').trim();
  return hubs
    .filter((hub) => text(hub.business_name) && text(hub.city) && text(hub.state) && text(hub.zip_code))
    .map((hub) => ({
      id: hub.id,
      business_name: text(hub.business_name),
      address: text(hub.address),
      city: text(hub.city),
      state: text(hub.state),
      zip_code: text(hub.zip_code),
      location: text(hub.location),
      distance_mi: hub.distance_mi ?? null,
    }));
}

/** A hub's address on one line: '801 Market St, San Francisco, CA 94103'. */
export function hubAddress(hub: HubOption): string {
  return [hub.address, hub.city, [hub.state, hub.zip_code].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}

/** Address line 2 of an enterprise registrant: the unit (spec 02 §4). */
export const unitSuiteLine = (unitName: string) => `Unit/Suite ${unitName}`;

export const registerCall = call({
  method: 'POST',
  path: '/app/v1/regist_userInfo',
  encoding: 'form',
  signedIn: false,
  successCodes: [REGISTER_ERRORCODE.created],
  summary: "Create an unactivated account and mail its activation link. errorcode 1: created; otherwise 'message' says why.",
  request: registerRequestSchema,
  response: result,
});

export const firstLoginCall = call({
  method: 'POST',
  path: '/app/v1/firstLogin',
  encoding: 'form',
  signedIn: false,
  successCodes: [FIRST_LOGIN_ERRORCODE.served],
  summary: 'Is this zip code in the service area? errorcode 1 valid, 0 invalid.',
  request: z.object({ zip_code: textField.trim().regex(ZIP_PATTERN) }),
  response: z.object({ errorcode: z.literal([FIRST_LOGIN_ERRORCODE.served, FIRST_LOGIN_ERRORCODE.notServed]), message: z.string() }),
});

export const getBoxidCall = call({
  method: 'POST',
  path: '/app/v1/getBoxid',
  encoding: 'form',
  signedIn: false,
  successCodes: [GET_BOXID_ERRORCODE.found],
  summary:
    "A free AirBox ID starting with the cell phone's first 3 digits (see boxIdPrefixFor for a leading 0), kept for this " +
    'suggestion for 30 minutes. errorcode 0 with BOXID; -1 with a message when none is free.',
  request: z.object({ phoneNumber: textField.trim().regex(/^\d{3}$/, 'phoneNumber must be 3 digits') }),
  response: z.object({ errorcode: z.number().int(), message: z.string(), BOXID: z.string().optional() }),
});

export const verifyInvitationCodeCall = call({
  method: 'GET',
  path: '/app/v1/businessCampus/verifyCode',
  encoding: 'query',
  signedIn: false,
  successCodes: [INVITATION_ERRORCODE.valid],
  summary: 'Check an invitation code: errorcode 1 with the company and role it grants, -1 invalid.',
  request: z.object({ code: textField.trim().regex(INVITATION_CODE_PATTERN) }),
  response: result.extend({
    data: z.array(z.object({ bcm_company_name: z.string(), bcm_user_id: z.number().int(), role_id: z.number().int() })),
  }),
});

export const companyInfoCall = call({
  method: 'GET',
  path: '/app/v1/businessCampus/company/info',
  encoding: 'query',
  signedIn: false,
  successCodes: [READ_ERRORCODE.ok],
  summary: "A company's campus, building and unit.",
  request: z.object({ company_id: idField }),
  response: result.extend({ data: z.array(companyInfoSchema) }),
});

export const companyListCall = call({
  method: 'GET',
  path: '/app/v1/businessCampus/company/list',
  encoding: 'query',
  signedIn: false,
  successCodes: [READ_ERRORCODE.ok],
  summary: 'Companies by name, by AirBox ID (7 digits), by property manager (bcm_user_id) or by unit.',
  request: z.object({
    size: pageSizeField.default(10),
    company_name: textField.trim().max(LIMITS.fieldMax).optional(),
    airbox_id: textField.trim().regex(/^\d{7}$/).optional(),
    bcm_user_id: idField.optional(),
    unit_id: idField.optional(),
  }),
  response: result.extend({ data: z.object({ total: z.number().int(), list: z.array(companySchema) }) }),
});

export const campusListCall = call({
  method: 'GET',
  path: '/app/v1/businessCampus/campus/list',
  encoding: 'query',
  signedIn: false,
  successCodes: [READ_ERRORCODE.ok],
  summary: 'Every campus.',
  request: z.object({}),
  response: result.extend({ data: z.array(campusSchema) }),
});

export const buildingListCall = call({
  method: 'GET',
  path: '/app/v1/businessCampus/building/list',
  encoding: 'query',
  signedIn: false,
  successCodes: [READ_ERRORCODE.ok],
  summary: "A campus's buildings.",
  request: z.object({ bc_id: idField }),
  response: result.extend({ data: z.array(buildingSchema) }),
});

export const unitListCall = call({
  method: 'GET',
  path: '/app/v1/businessCampus/unit/list',
  encoding: 'query',
  signedIn: false,
  successCodes: [READ_ERRORCODE.ok],
  summary: "A building's units.",
  request: z.object({ building_id: idField, size: pageSizeField.default(500) }),
  response: result.extend({ data: z.object({ total: z.number().int(), list: z.array(unitSchema) }) }),
});

export const getLockerInfoByBuildingCall = call({
  method: 'GET',
  path: '/app/v1/getLockerInfoByBuilding',
  encoding: 'query',
  signedIn: false,
  successCodes: [READ_ERRORCODE.ok],
  summary: "The delivery hubs of a building.",
  request: z.object({ business_building_id: idField }),
  response: result.extend({ locker_info: z.array(hubSchema) }),
});

export const getLockerInfoByModeCall = call({
  method: 'GET',
  path: '/app/v1/getLockerInfoByMode',
  encoding: 'query',
  signedIn: false,
  successCodes: [READ_ERRORCODE.ok],
  summary: 'Every public delivery hub a customer may choose as default; nearest first, with distance_mi, when zip_code is given.',
  // zip_code is beyond the spec (issue 11: the registration's list nearest the entered ZIP first).
  request: z.object({ zip_code: textField.trim().regex(ZIP_PATTERN).optional() }),
  response: result.extend({ locker_info: z.array(hubSchema) }),
});
