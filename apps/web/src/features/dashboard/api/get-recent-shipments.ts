import { DASHBOARD_RECENT_SHIPMENTS } from '@airbox/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';


/** GET userGetShipment: the user's newest labels with their status (data.total, data.list), no filters. */
export const getRecentShipments = (userId: number) => request('userGetShipmentCall', { user_id: userId, start: 0, num: DASHBOARD_RECENT_SHIPMENTS });

export const getRecentShipmentsQueryOptions = (userId: number) =>
  queryOptions({
    // Under ['shipments', userId], so whatever refreshes Purchased Labels refreshes this too.
    queryKey: ['shipments', userId, 'recent'],
    queryFn: () => getRecentShipments(userId),
  });

export const useRecentShipments = (userId: number) => useQuery(getRecentShipmentsQueryOptions(userId));
