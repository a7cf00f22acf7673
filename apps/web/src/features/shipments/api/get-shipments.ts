import { PAGINATION } from '@airbox/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';

/** The Search Options of Purchased Labels (spec 03 §2); '' is no filter. carrier is sent as the wire names it (UPSDAP). */
export interface ShipmentSearch {
  boxId: string;
  trackingNum: string;
  carrier: string;
  orderNo: string;
  service: string;
  mobile: string;
  comments: string;
}

export const NO_SHIPMENT_SEARCH: ShipmentSearch = {
  boxId: '',
  trackingNum: '',
  carrier: '',
  orderNo: '',
  service: '',
  mobile: '',
  comments: '',
};

export interface ShipmentsPage {
  search: ShipmentSearch;
  /** The offset of the page's first row. */
  start: number;
  num: number;
}

export const FIRST_SHIPMENTS_PAGE: ShipmentsPage = { search: NO_SHIPMENT_SEARCH, start: 0, num: PAGINATION.pageSize };

/** GET userGetShipment: a page of the user's purchased labels, newest first (data.total, data.list); empty filters are not sent. */
export function getShipments(userId: number, { search, start, num }: ShipmentsPage) {
  const filters = Object.fromEntries(Object.entries(search).map(([field, value]) => [field, value.trim() || undefined]));
  return request('userGetShipmentCall', { user_id: userId, start, num, ...filters });
}

/** Without a page: the key of every page of the user's labels, for invalidation after a change. */
export const getShipmentsQueryOptions = (userId: number, page?: ShipmentsPage) =>
  queryOptions({
    queryKey: page ? ['shipments', userId, page] : ['shipments', userId],
    queryFn: () => getShipments(userId, page ?? FIRST_SHIPMENTS_PAGE),
    placeholderData: keepPreviousData,
  });

export const useShipments = (userId: number, page: ShipmentsPage) => useQuery(getShipmentsQueryOptions(userId, page));
