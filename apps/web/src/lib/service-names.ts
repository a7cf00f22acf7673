import { STORAGE_KEYS, carrierDisplayName, type CarrierServiceMapping } from '@airbox/contract';
import { useQuery } from '@tanstack/react-query';
import { getCarrierServiceRenamingQueryOptions } from './carrier-services';

/*
 * Services as customers read them, for the screens that show them. Apart from carrier-services.ts
 * so that the login route, which only loads the list, does not carry the carrier rules.
 */

/** The renaming list kept in session storage by the last load, or none. */
function storedRenaming(): CarrierServiceMapping[] | undefined {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEYS.carrierRenaming) ?? 'null');
    return Array.isArray(stored) ? (stored as CarrierServiceMapping[]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A carrier service as customers read it: the list's `renamed` for its `easypost_original` at that
 * carrier ('Priority' at USPS is 'USPS Priority Mail'), else the service as the carrier names it.
 * Carriers are compared as customers know them, so 'UPSDAP' and 'UPS' are one.
 */
export function serviceDisplayName(renaming: readonly CarrierServiceMapping[], carrier: string, service: string): string {
  const known = carrierDisplayName(carrier);
  const mapping = renaming.find((entry) => entry.easypost_original === service && carrierDisplayName(entry.carrier) === known);
  return mapping?.renamed || service;
}

/**
 * The renaming list for a screen that shows services: what session storage holds at once, then
 * the list the server answers. A failure leaves the services as the carriers name them.
 */
export function useServiceNames(): (carrier: string, service: string) => string {
  const { data } = useQuery({
    ...getCarrierServiceRenamingQueryOptions(),
    staleTime: 5 * 60_000,
    placeholderData: storedRenaming,
    meta: { handlesServiceFailure: true },
  });
  const renaming = data ?? [];
  return (carrier, service) => serviceDisplayName(renaming, carrier, service);
}
