import { PAGINATION } from '@airbox/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';

/** GET getUserShipmentAddress: a page of the user's contacts (data.list, data.total). */
export const getContacts = ({ userId, page, num }: { userId: number; page: number; num: number }) =>
  request('getUserShipmentAddressCall', { userId, page, num });

/** Without a page: the key of every page of the user's contacts, for invalidation. */
export const getContactsQueryOptions = (userId: number, page?: { page: number; num: number }) =>
  queryOptions({
    queryKey: page ? ['contacts', userId, page] : ['contacts', userId],
    queryFn: () => getContacts({ userId, page: page?.page ?? 1, num: page?.num ?? PAGINATION.pageSize }),
    // A listing failure is silently ignored (spec 03 §8): the list stays as it was.
    meta: { handlesServiceFailure: true },
    placeholderData: keepPreviousData,
  });

export const useContacts = (userId: number, page: { page: number; num: number }) =>
  useQuery(getContactsQueryOptions(userId, page));
