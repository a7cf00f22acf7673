import { queryOptions, useQuery } from '@tanstack/react-query';
import { request, type CallInput } from '../../../lib/http';

/**
 * POST /app/v1/checkPickupStatus {pickupId, carrier, shippingdetails_id}: a label's paid pickup as
 * the Pickup Order Details dialog shows it (status, address, rates, window, package location,
 * confirmation, drop-off code). -1: no such pickup of the signed-in customer.
 */
export const checkPickupStatus = (input: CallInput<'checkPickupStatusCall'>) => request('checkPickupStatusCall', input);

/** Without input: the key of every pickup status, for invalidation after a change. */
export const getPickupStatusQueryOptions = (input?: CallInput<'checkPickupStatusCall'>) =>
  queryOptions({
    queryKey: input ? ['pickups', 'status', input] : ['pickups', 'status'],
    queryFn: () => checkPickupStatus(input ?? { pickupId: '', shippingdetails_id: 0 }),
    // A pickup moves on (paid, booked, failed) without this screen: each opening asks again.
    staleTime: 0,
    // The dialog says itself what went wrong.
    meta: { handlesServiceFailure: true },
  });

export const usePickupStatus = (input: CallInput<'checkPickupStatusCall'> | null) =>
  useQuery({ ...getPickupStatusQueryOptions(input ?? undefined), enabled: input !== null });
