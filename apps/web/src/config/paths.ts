/**
 * Every route of the app (spec 01 §2), relative to the router's basename '/app'.
 * `name` picks the public layout's background; `title` is the signed-in page title.
 */
function withRedirect(path: string, redirect?: string | null): string {
  return redirect ? `${path}?redirect=${encodeURIComponent(redirect)}` : path;
}

export const paths = {
  root: { path: '/', getHref: () => '/' },

  // Public screens (authentication layout).
  login: { path: '/login', name: 'Login', getHref: (redirect?: string | null) => withRedirect('/login', redirect) },
  register: { path: '/register', name: 'Register', getHref: () => '/register' },
  registerEnterprise: { path: '/RegisterEnterprise', name: 'RegisterEnterprise', getHref: () => '/RegisterEnterprise' },
  active: { path: '/active/:code/', name: 'Active', getHref: (code: string) => `/active/${encodeURIComponent(code)}/` },
  loseEfficacy: { path: '/loseefficacy', name: 'Active', getHref: () => '/loseefficacy' },
  lock: { path: '/lock', name: 'Lock', getHref: () => '/lock' },
  reset: {
    path: '/reset',
    name: 'ResetPassword',
    getHref: (email: string, generatedId: string) =>
      `/reset?${new URLSearchParams({ Email: email, generatedId }).toString()}`,
  },
  barcode: { path: '/barcode/:code/', name: 'Barcode', getHref: (code: string) => `/barcode/${encodeURIComponent(code)}/` },
  payment: { path: '/payment', name: 'Payment', getHref: (amount: string) => `/payment?amount=${encodeURIComponent(amount)}` },
  showQrCode: {
    path: '/ShowQRcode',
    getHref: (orderId: string, m: string) => `/ShowQRcode?${new URLSearchParams({ o: orderId, m }).toString()}`,
  },

  // Signed-in screens (main layout).
  dashboard: { path: '/dashboard', title: 'Dashboard', getHref: () => '/dashboard' },
  parent: { path: '/parent', title: 'Personal Information', getHref: () => '/parent/boxid' },
  parentBoxId: { path: '/parent/boxid', title: 'AirBox ID', getHref: () => '/parent/boxid' },
  parentQrCode: { path: '/parent/QRcode', title: 'QR Code', getHref: () => '/parent/QRcode' },
  parentProfile: { path: '/parent/profile', title: 'My Profile', getHref: () => '/parent/profile' },
  shipmentParent: { path: '/ShipmentParent', title: 'My Shipments', getHref: () => '/ShipmentParent/shipment' },
  shipments: { path: '/ShipmentParent/shipment', title: 'Purchased Labels', getHref: () => '/ShipmentParent/shipment' },
  myOrders: { path: '/ShipmentParent/MyOrder', title: 'Orders In Progress', getHref: () => '/ShipmentParent/MyOrder' },
  buyMembership: { path: '/buymembership/:id', title: 'Buy Membership', getHref: (id: number) => `/buymembership/${id}` },
  transaction: { path: '/transaction', title: 'Transaction History', getHref: () => '/transaction' },
  membership: { path: '/membership', title: 'Membership Plan', getHref: () => '/membership' },
  message: { path: '/message', title: 'My Messages', getHref: () => '/message' },
  paySuccess: { path: '/paySuccess', title: 'Pay Success', getHref: () => '/paySuccess' },
  payCancel: { path: '/payCancel', title: 'Pay Cancel', getHref: () => '/payCancel' },
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

/** The router's basename: every path above is relative to it. */
export const ROUTER_BASENAME = '/app';

/**
 * First path segments open without sign-in, compared without regard to case as the router
 * matches paths (so /Register is /register): the spec's access rules (login, register, active,
 * lock, reset, barcode, payment, ShowQRcode) plus the two other screens its route table puts in
 * the public layout, /RegisterEnterprise and /loseefficacy, which a visitor reaches before
 * signing in (an invitation, an expired activation link).
 */
export const PUBLIC_SEGMENTS: readonly string[] = [
  'login',
  'register',
  'registerenterprise',
  'active',
  'loseefficacy',
  'lock',
  'reset',
  'barcode',
  'payment',
  'showqrcode',
];
