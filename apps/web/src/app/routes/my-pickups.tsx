import { PickupsList } from '../../features/pickups/components/pickups-list';

/** /ShipmentParent/pickups, My Shipments' Pickups tab: the customer's carrier pickups (features/pickups). */
export const MyPickupsRoute = PickupsList;
