import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from './http';

/** The contact picker's page size (spec 03 §9: the picker shows 5 per page). */
export const CONTACT_PICKER_PAGE_SIZE = 5;

/** The search as it is sent: special characters stripped (spec 03 §5), spaces trimmed. */
export const cleanContactSearch = (search: string) => search.replace(/[^\p{L}\p{N}\s]/gu, '').trim();

/**
 * GET /openapi/easyPost/getUserShipmentAddress {userId, page, size, search}: a page of My Contacts
 * for the contact picker (the label page's addresses, the pickup address).
 */
export const searchShipmentAddresses = ({ userId, page, search }: { userId: number; page: number; search: string }) =>
  request('searchShipmentAddressesCall', { userId, page, size: CONTACT_PICKER_PAGE_SIZE, search: cleanContactSearch(search) });

export const searchShipmentAddressesQueryOptions = (userId: number, page: number, search: string) =>
  queryOptions({
    queryKey: ['shipment-addresses', userId, { page, search: cleanContactSearch(search) }],
    queryFn: () => searchShipmentAddresses({ userId, page, search }),
    placeholderData: keepPreviousData,
    // The picker says itself that the contacts could not be loaded.
    meta: { handlesServiceFailure: true },
  });

export const useSearchShipmentAddresses = (userId: number, page: number, search: string, enabled: boolean) =>
  useQuery({ ...searchShipmentAddressesQueryOptions(userId, page, search), enabled });
