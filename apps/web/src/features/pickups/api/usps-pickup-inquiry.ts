import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';

/**
 * GET /openapi/USPS/CarrierPickupInquiry {shipmentDetailsId}: a label's USPS pickup as USPS has it
 * (data.CarrierPickupInquiryResponse, null once cancelled) and as the portal keeps it (dbInfo).
 * code -1: the label has no USPS pickup (the wizard opens).
 */
export const uspsPickupInquiry = (shipmentDetailsId: number) => request('uspsPickupInquiryCall', { shipmentDetailsId });

/** Without an id: the key of every inquiry, for invalidation after a change. */
export const getUspsPickupInquiryQueryOptions = (shipmentDetailsId?: number) =>
  queryOptions({
    queryKey: shipmentDetailsId === undefined ? ['pickups', 'usps-inquiry'] : ['pickups', 'usps-inquiry', shipmentDetailsId],
    queryFn: () => uspsPickupInquiry(shipmentDetailsId ?? 0),
    staleTime: 0,
    // The dialog says itself what went wrong (' Failure', 'Service exception!').
    meta: { handlesServiceFailure: true },
  });

export const useUspsPickupInquiry = (shipmentDetailsId: number | null) =>
  useQuery({ ...getUspsPickupInquiryQueryOptions(shipmentDetailsId ?? undefined), enabled: shipmentDetailsId !== null });
