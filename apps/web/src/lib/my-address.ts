import { formatPhoneDashed, type MyAddress } from '@airbox/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AddressValues } from './address-values';
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

/** The customer's own address or hub (getMyAddress) as an address step holds it (the label page's From step, a label batch's sender). */
export function addressFromMine(address: MyAddress): AddressValues {
  return {
    firstName: address.firstName,
    lastName: address.lastName,
    company: address.company,
    address1: address.address1,
    address2: address.address2,
    city: address.city,
    state: address.state,
    zipcode: address.zipcode,
    phone: address.phone ? formatPhoneDashed(address.phone) : '',
    email: address.email,
    residential: address.kind === 'home',
    country: 'US',
  };
}
