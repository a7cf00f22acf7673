/**
 * The errorcode of every call's answers, by name (spec 01 §7, 02 §7, 03 §7). The server answers
 * with these names and the web app branches on them; lint refuses comparing an errorcode with a
 * bare number. Each call descriptor lists its success codes (`successCodes`): the web client
 * returns the data of an answer with one of them and turns any other answer into an ApiError.
 *
 * No zod here: the login route's first load imports these names without the schemas.
 */

/** errorcode values of failures that are not a call's own (HTTP status in parentheses). */
export const API_ERRORCODE = {
  invalidRequest: -400,
  notSignedIn: -401,
  forbidden: -403,
  notFound: -404,
  tooLarge: -413,
  /** HTTP 409: the account keeps as many of these as one account may (ACCOUNT_CAPS); delete some first. */
  limitReached: -409,
  tooManyRequests: -429,
  internal: -500,
  /** HTTP 503 'Service exception': the database (or another service the call needs) cannot be reached now; try again. */
  unavailable: -503,
} as const;

/**
 * errorcode of the calls that only read (lists, records, images, reference data): 0 with their
 * data, which may be empty. carrierServiceRenaming, getUnPickupsById, genCode128, getAdvertisements,
 * getThirdPartyOrders, getLockerInfoByUser, getStates, the directory calls of registration
 * (company/info, company/list, campus/list, building/list, unit/list, getLockerInfoByBuilding,
 * getLockerInfoByMode), getUserShipmentAddress, getMemberships, getUserOperations,
 * getMyOperations, getUserMessage and stat/getCarrierList.
 */
export const READ_ERRORCODE = { ok: 0 } as const;

// Spec 01 §7: sign-in and the account's links.

/**
 * errorcode of login: 1 the e-mail and password are right: signed in, or refused by the user's
 * Status (not activated, business account pending) with the reason in message and the user in
 * user[] for the client to route; 0 wrong e-mail or password ('Wrong email or password').
 */
export const LOGIN_ERRORCODE = { signedIn: 1, wrongCredentials: 0 } as const;

/** errorcode of logout: 1 signed out. */
export const LOGOUT_ERRORCODE = { signedOut: 1 } as const;

/** errorcode of getUserByUser_id: 1 with the signed-in user's record. */
export const USER_RECORD_ERRORCODE = { found: 1 } as const;

/**
 * errorcode of checkUser (forgot password): 1 a link was mailed, 0 there is no such account. A
 * client treats both alike, with one neutral sentence (spec 01 §8); this server always answers
 * linkSent, so the answer never tells whether the account exists.
 */
export const CHECK_USER_ERRORCODE = { linkSent: 1, noSuchAccount: 0 } as const;

/** errorcode of resendRegristerEmail: 0 sent ('Send Email Successfully！'). */
export const RESEND_ACTIVATION_ERRORCODE = { sent: 0 } as const;

/** userActivate errorcodes: 1 activated, 0 no such user, -10 link used or expired, other internal. */
export const ACTIVATION_ERRORCODE = { activated: 1, noSuchUser: 0, linkInvalid: -10 } as const;

/** resetPassword errorcodes (spec 01 §8). */
export const RESET_ERRORCODE = { success: 0, serverError: -1, expired: -10, illegal: -9 } as const;

// Spec 02 §7: registration.

/**
 * errorcode of regist_userInfo: 1 created; 0 refused (taken e-mail 'Duplicated email!', taken
 * AirBox ID, unknown hub, invalid invitation code, company outside the invitation), with the
 * reason in message. A request breaking a field rule gets HTTP 400 with errorcode -400.
 */
export const REGISTER_ERRORCODE = { created: 1, refused: 0 } as const;

/** errorcode of firstLogin: 1 the zip is served, 0 it is not. */
export const FIRST_LOGIN_ERRORCODE = { served: 1, notServed: 0 } as const;

/** errorcode of getBoxid: 0 with BOXID; -1 when no id with those digits is free (message says so). */
export const GET_BOXID_ERRORCODE = { found: 0, noneFree: -1 } as const;

/** businessCampus/verifyCode errorcodes: 1 valid, -1 invalid. */
export const INVITATION_ERRORCODE = { valid: 1, invalid: -1 } as const;

// Spec 03 §7: the signed-in screens.

/** errorcode of verifyPassword: 1 correct, 0 'Incorrect password'. */
export const VERIFY_PASSWORD_ERRORCODE = { correct: 1, incorrect: 0 } as const;

/**
 * errorcode of updateSelfUserInfo: 1 updated; 0 the confirmation password is wrong ('Incorrect
 * password'); -1 refused, with the reason in message (a taken e-mail or AirBox ID, a hub the user
 * may not choose). Nothing is written unless the answer is 1.
 */
export const UPDATE_PROFILE_ERRORCODE = { updated: 1, incorrectPassword: 0, refused: -1 } as const;

/** errorcode of getUserQRcode: 0 success; -1 a reset inside the 5-minute lock (next_reset_at says until when). */
export const QR_CODE_ERRORCODE = { ok: 0, resetLocked: -1 } as const;

/** errorcode of appleWallet/getPass: 0 success; -1 'Apple Wallet pass generation failed.'. */
export const WALLET_PASS_ERRORCODE = { ok: 0, failed: -1 } as const;

/**
 * errorcode of addUserShipmentAddress, updateUserShipmentAddress and deleteUserShipmentAddress:
 * 1 the contact was added, updated or deleted. -404 (HTTP 404): no such contact of the signed-in
 * user, whether it does not exist or belongs to someone else.
 */
export const CONTACT_ERRORCODE = { ok: 1, notFound: -404 } as const;

/** errorcode of buyMembership: 1 with redirectURL, the payment provider's approval page. */
export const BUY_MEMBERSHIP_ERRORCODE = { redirect: 1 } as const;

/**
 * errorcode of deleteMessage and deleteAllMessage: 1 deleted; 0 (deleteMessage) none of the ids
 * named a message of the signed-in user, so nothing was deleted.
 */
export const MESSAGE_DELETE_ERRORCODE = { deleted: 1, noneDeleted: 0 } as const;

// Issue 4: the lockers' events.

/** errorcode of a locker event answer: 0 recorded; the others change nothing. */
export const LOCKER_EVENT_ERRORCODE = {
  recorded: 0,
  unknownAirBoxId: -20,
  unknownHub: -21,
  unknownPickupCode: -22,
  alreadyPickedUp: -23,
  badApiKey: -401,
} as const;

// Issue 9: labels (spec 03 §7 Shipments, Saved orders, Pickups and refunds).

/** errorcode of getShipmentDetail: 0 with data; -1 no such shipment of the signed-in user (' ShipmentID expired'). */
export const SHIPMENT_DETAIL_ERRORCODE = { ok: 0, expired: -1 } as const;

/** errorcode of updateShipmentDetail: 1 the comments were saved; 0 no such shipment (' Failure'). */
export const UPDATE_SHIPMENT_ERRORCODE = { updated: 1, failed: 0 } as const;

/** errorcode of getShippingLabel and getInvoice: 0 with the label or invoiceUrl; -1 none ('This order has no invoice information!'). */
export const LABEL_FILE_ERRORCODE = { ok: 0, none: -1 } as const;

/**
 * code (and errorcode, the same value) of the /openapi/easyPost calls: 0 success; -1 refused,
 * with the reason in message (refund: also in data.error.message, as the spec's clients read it).
 */
export const OPENAPI_CODE = { ok: 0, error: -1 } as const;

/**
 * errorcode of the label-purchase page's calls (ours): 0 rated, saved or deleted; 1 with
 * redirectURL, the payment provider's approval page; -1 refused, the message says why (an unpaid
 * label that is no longer unpaid, or is being paid); -2 an address could not be verified ('Unable
 * to verify address!'); -3 no carrier takes this parcel between these addresses; -4 the rates
 * expired (rate again).
 */
export const LABEL_PURCHASE_ERRORCODE = { ok: 0, redirect: 1, refused: -1, unverified: -2, noRates: -3, expired: -4 } as const;

/**
 * errorcode of the saved-package calls (the label page's "Save this package", its picker and its
 * delete): 0 listed, saved or deleted; -1 (HTTP 409) the customer already has a package of that
 * name; -404 no such package of the signed-in user, whether it does not exist or is someone
 * else's. A full list answers API_ERRORCODE.limitReached (HTTP 409).
 */
export const SAVED_PACKAGE_ERRORCODE = { ok: 0, duplicateName: -1, notFound: -404 } as const;

/**
 * errorcode of the pickup calls under /app/v1 (checkPickupStatus, cancelPickup): 0 done; -1 no such
 * pickup of the signed-in user; -2 the carrier refused (message says why).
 */
export const PICKUP_ERRORCODE = { ok: 0, notFound: -1, refused: -2 } as const;
