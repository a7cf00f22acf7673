/** Business constants of the spec, shared by the web app and the server. */

export const DEFAULT_BRAND_NAME = 'AirBox';

/** role_id values (spec 01 §6). */
export const ROLE = {
  admin: 1,
  customer: 5,
  business: 10,
  companyUser: 15,
  companyEmployee: 16,
} as const;
export type RoleId = (typeof ROLE)[keyof typeof ROLE];
export const ROLE_IDS = Object.values(ROLE) as RoleId[];

/** Roles tied to a campus, building, unit and company (spec 02, spec 03 §6). */
export const COMPANY_ROLES: readonly RoleId[] = [ROLE.companyUser, ROLE.companyEmployee];

/** User Status values (spec 01 §4). For role 10, Status 1 means "pending" and 2 "active". */
export const USER_STATUS = {
  notActivated: 0,
  active: 1,
  businessActive: 2,
} as const;
export type UserStatus = (typeof USER_STATUS)[keyof typeof USER_STATUS];

export const LIMITS = {
  passwordMin: 8,
  fieldMax: 255,
  nameMax: 64,
  emailMax: 64,
  pinLength: 6,
  zipLength: 5,
  boxIdLength: 7,
  phoneDigits: 10,
  phoneDashedLength: 12,
  /**
   * A route code drawn as a Code128 barcode (pickup codes, order ids). 32 characters in set B
   * are 387 modules: about 4 inches at the 10-mil module handheld scanners read reliably, the
   * width of a 4x6 label. A longer code would not scan from a label, and costs more to draw.
   */
  routeCodeMax: 32,
} as const;

/** An hour and a day (24 hours: UTC calendar arithmetic and lifetimes, not local days) in milliseconds. */
export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;

/** Alerts close by themselves after this long (spec 01 §9). */
export const NOTIFICATION_AUTO_CLOSE_MS = 10_500;
/** Session cookies expire after half a day (spec 01 §9). */
export const SESSION_MAX_AGE_MS = 12 * HOUR_MS;
/** An activation link is valid for 24 hours (spec 01 §9). */
export const ACTIVATION_LINK_TTL_MS = 24 * HOUR_MS;
/** A password reset link is valid for one hour (the decision; the spec is silent). */
export const RESET_LINK_TTL_MS = 1 * HOUR_MS;
/** Pay success and cancel pages redirect after 2 seconds. */
export const PAY_REDIRECT_DELAY_MS = 2_000;

/**
 * The most of each collection a customer grows that one account keeps (issue 18): far more than
 * a person uses, few enough that one account's reads cannot slow everyone's. Adding one more is
 * refused (409, API_ERRORCODE.limitReached) with a message saying what to delete.
 */
export const ACCOUNT_CAPS = {
  /** Orders In Progress (saveOrderForLater); getOrderForLater answers at most this many, newest first. */
  savedOrders: 200,
  /** My Contacts (addUserShipmentAddress, and the recipients the rates call saves). */
  contacts: 1_000,
  /** The label page's saved packages (savePackage). */
  savedPackages: 50,
} as const;

/**
 * Hourly budgets per account of the calls that cost an outside service something, beside each
 * call's throttle per client address: a call takes its units from its account's budget and is
 * refused (429) when fewer are left. The window starts with the account's first call.
 */
export const ACCOUNT_BUDGETS = {
  /**
   * Carrier calls: validateAddress 1, rateLabel 3 (two address checks and the rating),
   * CarrierPickupAvailability 1, createPickup 1. 100 rates an hour, or 300 address checks.
   */
  carrierCalls: 300,
  /** Checkouts opened at the payment provider: buyMembership, buyLabel, paypalByPickup. */
  checkouts: 60,
  /** Apple Wallet passes signed (each one a download link or a mail). */
  walletPasses: 20,
} as const;
export type AccountBudgetName = keyof typeof ACCOUNT_BUDGETS;
export const ACCOUNT_BUDGET_WINDOW_MS = HOUR_MS;

export const PAGINATION = {
  pageSize: 10,
  pageLinks: 5,
  pageSizeOptions: [5, 10, 25, 50],
} as const;

/** Narrow-layout breakpoint in CSS pixels. */
export const NARROW_LAYOUT_MAX_WIDTH = 1175;

/** Membership plans (user.membership): 1 or empty is the credit plan. */
export const MEMBERSHIP_PLAN = {
  credit: 1,
  sixMonths: 2,
  twelveMonths: 3,
} as const;
export type MembershipPlan = (typeof MEMBERSHIP_PLAN)[keyof typeof MEMBERSHIP_PLAN];
export const MEMBERSHIP_PLAN_NAMES: Record<MembershipPlan, string> = {
  1: 'Credit Plan',
  2: '6 MONTHS MEMBERSHIP',
  3: '12 MONTHS MEMBERSHIP',
};

/** Names of the cookies and storage keys the web app keeps (spec 01 §3). */
export const STORAGE_KEYS = {
  themeCookie: 'theme_button_color',
  /** Not in the spec (issue 21): light, dark or the device's appearance, beside the theme's colour. */
  themeModeCookie: 'theme_mode',
  sessionEmail: 'email',
  carrierRenaming: 'carrierserve',
  savedOrderFlag: 'flag',
  qrCodeLock: 'qrcode',
} as const;

/** The two themes: orange is the default (spec 01 §2). */
export const THEME_COLORS = ['orange', 'blue'] as const;
export type ThemeColor = (typeof THEME_COLORS)[number];
