/**
 * Every page of the web app (spec 01 §2), relative to APP_BASE: the router, the navigation guard
 * and the server (links in mails, the payment return) all take their paths from here.
 * `public` pages open without signing in; `name` picks the public layout's background; `title`
 * is the signed-in page title.
 */

/** What Purchased Labels reads from its address (APP_PATHS.shipments). */
export interface ShipmentsQuery {
  labelOrder?: string | undefined;
  pickupId?: string | undefined;
  carrier?: string | undefined;
  message?: string | undefined;
  shipmentdetailsid?: string | undefined;
  jump?: string | undefined;
}

/** Where the web app is served: the router's basename. */
export const APP_BASE = '/app';

function withRedirect(path: string, redirect?: string | null): string {
  return redirect ? `${path}?redirect=${encodeURIComponent(redirect)}` : path;
}

export const APP_PATHS = {
  root: { path: '/', getHref: () => '/' },

  // Public screens (authentication layout).
  login: { path: '/login', public: true, name: 'Login', getHref: (redirect?: string | null) => withRedirect('/login', redirect) },
  register: { path: '/register', public: true, name: 'Register', getHref: () => '/register' },
  registerEnterprise: { path: '/RegisterEnterprise', public: true, name: 'RegisterEnterprise', getHref: () => '/RegisterEnterprise' },
  active: { path: '/active/:code/', public: true, name: 'Active', getHref: (code: string) => `/active/${encodeURIComponent(code)}/` },
  loseEfficacy: { path: '/loseefficacy', public: true, name: 'Active', getHref: () => '/loseefficacy' },
  lock: { path: '/lock', public: true, name: 'Lock', getHref: () => '/lock' },
  reset: {
    path: '/reset',
    public: true,
    name: 'ResetPassword',
    getHref: (email: string, generatedId: string) =>
      `/reset?${new URLSearchParams({ Email: email, generatedId }).toString()}`,
  },
  barcode: { path: '/barcode/:code/', public: true, name: 'Barcode', getHref: (code: string) => `/barcode/${encodeURIComponent(code)}/` },
  payment: { path: '/payment', public: true, name: 'Payment', getHref: (amount: string) => `/payment?amount=${encodeURIComponent(amount)}` },
  showQrCode: {
    path: '/ShowQRcode',
    public: true,
    getHref: (orderId: string, m: string) => `/ShowQRcode?${new URLSearchParams({ o: orderId, m }).toString()}`,
  },
  /** A shipment's tracking for its recipient, from the link in their mail (no sign-in, no names). */
  track: { path: '/track/:token', public: true, getHref: (token: string) => `/track/${encodeURIComponent(token)}` },
  /** A package's pickup shared by its owner (issue 22 item 1), from the link they sent: no sign-in, only their first name. */
  pickupShare: { path: '/pickup/:token', public: true, getHref: (token: string) => `/pickup/${encodeURIComponent(token)}` },
  /**
   * Where admins and business users are sent after login (DEFAULT_APP_URLS) while their apps,
   * separate from this portal, are not configured elsewhere: a page of the portal saying so
   * (issue 11), open to anyone, leading a signed-in customer back to the dashboard.
   */
  adminApp: { path: '/admin', public: true, name: 'Login', getHref: () => '/admin/' },
  tabletApp: { path: '/tablet', public: true, name: 'Login', getHref: () => '/tablet/#/dashboard' },

  // Signed-in screens (main layout).
  /** `extension`: how a PayPal payment to extend a package's free period ended (issue 22 item 2), said once on the page. */
  dashboard: { path: '/dashboard', title: 'Dashboard', getHref: (extension?: string) => (extension ? `/dashboard?extension=${encodeURIComponent(extension)}` : '/dashboard') },
  parent: { path: '/parent', title: 'Personal Information', getHref: () => '/parent/boxid' },
  parentBoxId: { path: '/parent/boxid', title: 'AirBox ID', getHref: () => '/parent/boxid' },
  parentQrCode: { path: '/parent/QRcode', title: 'QR Code', getHref: () => '/parent/QRcode' },
  parentProfile: { path: '/parent/profile', title: 'My Profile', getHref: () => '/parent/profile' },
  shipmentParent: { path: '/ShipmentParent', title: 'My Shipments', getHref: () => '/ShipmentParent/shipment' },
  /**
   * Query parameters (spec 03 §2): `labelOrder`, the order number of a label just paid for (the
   * list says how its purchase ended); `pickupId`, `carrier` and `message`, a paid pickup's result
   * after the payment redirect; `shipmentdetailsid`, a label whose USPS pickup details open;
   * `jump`, a label whose pickup wizard opens at the confirm-package step.
   */
  shipments: {
    path: '/ShipmentParent/shipment',
    title: 'Purchased Labels',
    getHref: (query?: string | ShipmentsQuery) => {
      const params = typeof query === 'string' ? { labelOrder: query } : (query ?? {});
      const search = new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined)).toString();
      return search ? `/ShipmentParent/shipment?${search}` : '/ShipmentParent/shipment';
    },
  },
  myOrders: { path: '/ShipmentParent/MyOrder', title: 'Orders In Progress', getHref: () => '/ShipmentParent/MyOrder' },
  /** Label batches from a spreadsheet (issue 25 item 1): the list, and with `batch` one batch (its rows, progress and files). */
  labelBatches: {
    path: '/ShipmentParent/batches',
    title: 'Label Batches',
    getHref: (batch?: number) => (batch === undefined ? '/ShipmentParent/batches' : `/ShipmentParent/batches?batch=${batch}`),
  },
  /** My Shipments' third tab (ours): the customer's carrier pickups. */
  myPickups: { path: '/ShipmentParent/pickups', title: 'Pickups', getHref: () => '/ShipmentParent/pickups' },
  /**
   * The label-purchase page at the spec's address, /app/shipment/#/Shipment/shipmentRate?param=
   * (spec 03 §2): the router matches /shipment, the page reads its hash. `param` comes from
   * encodeLabelPurchaseParam.
   */
  labelPurchase: {
    path: '/shipment',
    title: 'Buy Shipment Labels',
    getHref: (param: string) => `/shipment/#/Shipment/shipmentRate?param=${param}`,
  },
  buyMembership: { path: '/buymembership/:id', title: 'Buy Membership', getHref: (id: number) => `/buymembership/${id}` },
  transaction: { path: '/transaction', title: 'Transaction History', getHref: () => '/transaction' },
  membership: { path: '/membership', title: 'Membership Plan', getHref: () => '/membership' },
  message: { path: '/message', title: 'My Messages', getHref: () => '/message' },
  /**
   * `plan` and `number`: what the payment bought (issue 11: the page says so), written by the
   * server's payment return from its order; the page validates them and shows nothing when bad.
   */
  paySuccess: {
    path: '/paySuccess',
    title: 'Pay Success',
    getHref: (bought?: { plan: number; number: number }) => (bought ? `/paySuccess?plan=${bought.plan}&number=${bought.number}` : '/paySuccess'),
  },
  payCancel: { path: '/payCancel', title: 'Pay Cancel', getHref: () => '/payCancel' },
  /**
   * The provider declined the payment (issue 11: a decline is not a cancel). `plan`, the plan
   * tried, so the page can offer to try again.
   */
  payDeclined: {
    path: '/payDeclined',
    title: 'Payment Declined',
    getHref: (plan?: number) => (plan ? `/payDeclined?plan=${plan}` : '/payDeclined'),
  },
  /**
   * The provider took the payment but has not confirmed it yet (a PENDING capture: an eCheck not
   * cleared, a review; issue 19): neither a success nor a failure. `plan` and `number`, what a
   * plan's payment buys; `redirect`, the page to go on to (a label's or pickup's Purchased Labels).
   */
  payPending: {
    path: '/payPending',
    title: 'Payment Being Confirmed',
    getHref: (query?: { plan: number; number: number } | { redirect: string }) => {
      const search = new URLSearchParams(Object.entries(query ?? {}).map(([key, value]): [string, string] => [key, String(value)])).toString();
      return search ? `/payPending?${search}` : '/payPending';
    },
  },
  myContacts: { path: '/MyContacts', title: 'My Contacts', getHref: () => '/MyContacts' },
} as const;

/** Public background names of the authentication layout (spec 01 §2). */
export type PublicRouteName =
  | 'ResetPassword'
  | 'Payment'
  | 'Login'
  | 'Register'
  | 'RegisterEnterprise'
  | 'Lock'
  | 'Active'
  | 'Barcode';

/**
 * First path segments open without sign-in, compared without regard to case as the router
 * matches paths (so /Register is /register): the spec's access rules (login, register, active,
 * lock, reset, barcode, payment, ShowQRcode) plus the two other screens its route table puts in
 * the public layout, /RegisterEnterprise and /loseefficacy, which a visitor reaches before
 * signing in (an invitation, an expired activation link).
 */
export const PUBLIC_SEGMENTS: readonly string[] = Object.values(APP_PATHS)
  .filter((page) => 'public' in page && page.public)
  .map((page) => (page.path.split('/')[1] ?? '').toLowerCase());

/** A page's address for a mail or a redirect: PUBLIC_URL, the app's base and the page's href. */
export function appUrl(publicUrl: string, href: string): string {
  return `${publicUrl}${APP_BASE}${href}`;
}

/**
 * The separate apps admins, business users and label purchases go to, unless ADMIN_APP_URL,
 * TABLET_APP_URL or LABEL_PURCHASE_URL say otherwise (the server's defaults and the web app's).
 */
export const DEFAULT_APP_URLS = {
  adminAppUrl: `${APP_BASE}${APP_PATHS.adminApp.getHref()}`,
  tabletAppUrl: `${APP_BASE}${APP_PATHS.tabletApp.getHref()}`,
  labelPurchaseUrl: `${APP_BASE}/shipment/#/Shipment/shipmentRate`,
} as const;
