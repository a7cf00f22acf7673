import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';

/** GET getThirdPartyOrders: the order placed in a locker, with its pickup code. */
export const getThirdPartyOrder = (orderId: string, mId: string) =>
  request('getThirdPartyOrdersCall', { orderId, mId, page: 1, size: 1 });

export const getThirdPartyOrderQueryOptions = (orderId: string, mId: string) =>
  queryOptions({
    queryKey: ['third-party-order', orderId, mId],
    queryFn: () => getThirdPartyOrder(orderId, mId),
  });

export const useThirdPartyOrder = (orderId: string, mId: string) =>
  useQuery({ ...getThirdPartyOrderQueryOptions(orderId, mId), enabled: orderId !== '' && mId !== '' });
