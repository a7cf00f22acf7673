import type { ComponentType } from 'react';

/**
 * The signed-in account screens of spec 03, each in a chunk of its own. The router reaches them
 * through this module so that their preload lists sit in its chunk instead of the first page's.
 */
const screens = {
  boxId: async () => (await import('./parent-boxid')).ParentBoxIdRoute,
  qrCode: async () => (await import('./parent-qr-code')).ParentQrCodeRoute,
  profile: async () => (await import('./parent-profile')).ParentProfileRoute,
  contacts: async () => (await import('./my-contacts')).MyContactsRoute,
  membership: async () => (await import('./membership')).MembershipRoute,
  buyMembership: async () => (await import('./buy-membership')).BuyMembershipRoute,
  transaction: async () => (await import('./transaction')).TransactionRoute,
  message: async () => (await import('./message')).MessageRoute,
  shipments: async () => (await import('./shipments')).ShipmentsRoute,
  myOrders: async () => (await import('./my-orders')).MyOrdersRoute,
  myPickups: async () => (await import('./my-pickups')).MyPickupsRoute,
  labelBatches: async () => (await import('./label-batches')).LabelBatchesRoute,
} satisfies Record<string, () => Promise<ComponentType>>;

export type AccountScreen = keyof typeof screens;

export const loadAccountScreen = (screen: AccountScreen): Promise<ComponentType> => screens[screen]();
