import { DEFAULT_MESSAGE_CARRIERS } from '@airbox/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';

/** GET stat/getCarrierList: the carriers messages can be filtered by (names only). */
export async function getCarrierList() {
  const answer = await request('getCarrierListCall', {});
  return answer.carrierList.map((carrier) => carrier.shipping_company_name).filter(Boolean);
}

export const getCarrierListQueryOptions = () =>
  queryOptions({
    queryKey: ['carrier-list'],
    queryFn: getCarrierList,
    staleTime: 5 * 60_000,
    // USPS, FedEx and UPSDAP until the server's list arrives (spec 03 §9).
    placeholderData: [...DEFAULT_MESSAGE_CARRIERS],
    meta: { handlesServiceFailure: true },
  });

export const useCarrierList = () => useQuery(getCarrierListQueryOptions());
