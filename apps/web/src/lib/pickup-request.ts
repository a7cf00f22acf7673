import type { PickupResultMessage, ShipmentRow } from '@airbox/contract';

/*
 * How Purchased Labels (features/shipments) opens the pickup screens (features/pickups): the route
 * hands the list the screens, since features never import each other; both sides use these types.
 */

/** What the list asks of the pickup screens: a row's action, or what its address carried. */
export type PickupRequest =
  /** SCHEDULE PICKUP, or `jump`: the wizard at the confirm-package step. */
  | { kind: 'schedule'; row: ShipmentRow }
  /** DROP-OFF OPTIONS: a UPS label, whose carrier has no pickup here, and where it can be dropped instead. */
  | { kind: 'dropoff'; row: ShipmentRow }
  /** PICKUP DETAILS: FedEx's Pickup Order Details, USPS's Carrier Pickup Details. */
  | { kind: 'details'; row: ShipmentRow }
  /** `shipmentdetailsid`: a USPS pickup just scheduled ('Your carrier pickup was successful'); the row when the list found it. */
  | { kind: 'uspsDetails'; shippingdetailsId: number; row: ShipmentRow | null }
  /** SCHEDULE ONE PICKUP (issue 25 item 2): one USPS pickup for several chosen USPS labels. */
  | { kind: 'uspsLabels'; rows: readonly ShipmentRow[] }
  /** `pickupId`, `carrier` and `message`: how a paid pickup's payment ended (a message the portal knows). */
  | { kind: 'result'; pickupId: string; carrier: string; message: PickupResultMessage };

export interface PickupScreensProps {
  userId: number;
  request: PickupRequest;
  /** The wizard or dialog closed: the request is over. */
  onClose: () => void;
  /** A pickup was scheduled, changed or cancelled: the list reloads. */
  onChanged: () => void;
}
