import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';

/** GET /app/v1/labelPurchase/shipAgain {id}: a new label's start from one of the customer's labels (data null when it is not theirs). Issue 23 item 5. */
export const getShipAgain = (id: number) => request('getShipAgainCall', { id });

export const getShipAgainQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['label-purchase', 'ship-again', id],
    queryFn: () => getShipAgain(id),
    staleTime: 0,
  });

export const useShipAgain = (id: number | undefined) => useQuery({ ...getShipAgainQueryOptions(id ?? 0), enabled: id !== undefined });
