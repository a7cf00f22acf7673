import type { Locker } from '@airbox/contract';
import type { HubRow } from './hubs.table.js';

export function toLocker(hub: HubRow): Locker {
  return {
    id: hub.id,
    business_name: hub.business_name,
    address: hub.address,
    city: hub.city,
    state: hub.state,
    zip_code: hub.zip_code,
    location: hub.location,
  };
}

/**
 * A hub a customer may pick (getLockerInfoByMode, getLockerInfoByBuilding): one with a business
 * name, city, state and zip code. Nulls become empty text.
 */
export function selectableLockers(hubs: HubRow[]): Locker[] {
  return hubs
    .filter((hub) => [hub.business_name, hub.city, hub.state, hub.zip_code].every((value) => (value ?? '').trim() !== ''))
    .map((hub) => ({ ...toLocker(hub), location: hub.location ?? '' }));
}
