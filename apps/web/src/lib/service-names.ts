import { STORAGE_KEYS, carrierServiceName, type CarrierServiceMapping } from '@airbox/contract';
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
 * A carrier's service named once ('USPS Ground Advantage', contract carrierServiceName) by the
 * renaming list: what session storage holds at once, then the list the server answers. A failure
 * leaves the services named from the carriers' codes.
 */
export function useServiceNames(): (carrier: string, service: string) => string {
  const { data } = useQuery({
    ...getCarrierServiceRenamingQueryOptions(),
    staleTime: 5 * 60_000,
    placeholderData: storedRenaming,
    meta: { handlesServiceFailure: true },
  });
  const renaming = data ?? [];
  return (carrier, service) => carrierServiceName(carrier, service, renaming);
}
