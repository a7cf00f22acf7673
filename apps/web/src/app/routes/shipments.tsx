import { lazy } from 'react';
import { useOutletContext } from 'react-router';
import { PurchasedLabels } from '../../features/shipments/components/purchased-labels';
import type { SessionHints } from '../../lib/session';

// The pickup wizard and dialogs load when a pickup is first opened, not with the list.
const PickupScreens = lazy(async () => ({ default: (await import('../../features/pickups/components/pickup-screens')).PickupScreens }));

export function ShipmentsRoute() {
  return <PurchasedLabels session={useOutletContext<SessionHints>()} pickups={PickupScreens} />;
}
