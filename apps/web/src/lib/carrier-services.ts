import { STORAGE_KEYS } from '@airbox/contract';
import { queryOptions } from '@tanstack/react-query';
import { request } from './http';

/**
 * GET carrierServiceRenaming, kept in session storage as `carrierserve` (spec 01 §3). Shared:
 * login loads it, the dashboard loads it again, the shipment screens read it (service-names.ts).
 */
export async function getCarrierServiceRenaming() {
  const { data } = await request('carrierServiceRenamingCall', {});
  sessionStorage.setItem(STORAGE_KEYS.carrierRenaming, JSON.stringify(data));
  return data;
}

export const getCarrierServiceRenamingQueryOptions = () =>
  queryOptions({
    queryKey: ['carrier-service-renaming'],
    queryFn: getCarrierServiceRenaming,
    staleTime: 0,
  });
