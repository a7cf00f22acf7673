import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from './http';

/**
 * GET /openapi/easyPost/getMyAddress {userId}: the customer's mailing address (data[0]), then their
 * hub's. Shared: the label page's From step and the pickup wizard's address step offer them.
 */
export const getMyAddress = (userId: number) => request('getMyAddressCall', { userId });

export const getMyAddressQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ['my-address', userId],
    queryFn: () => getMyAddress(userId),
    // Without it the steps still offer My Contacts and typing an address.
    meta: { handlesServiceFailure: true },
  });

export const useMyAddress = (userId: number) => useQuery(getMyAddressQueryOptions(userId));
