import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';

/** GET /openapi/easyPost/getMyAddress {userId}: the customer's mailing address (data[0]), then their hub's. */
export const getMyAddress = (userId: number) => request('getMyAddressCall', { userId });

export const getMyAddressQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ['label-purchase', 'my-address', userId],
    queryFn: () => getMyAddress(userId),
    // Without it the From step still offers My Contacts and typing an address.
    meta: { handlesServiceFailure: true },
  });

export const useMyAddress = (userId: number) => useQuery(getMyAddressQueryOptions(userId));
