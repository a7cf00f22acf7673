import { useMutation } from '@tanstack/react-query';
import { request, type CallInput } from '../../../lib/http';

/**
 * POST /openapi/USPS/CarrierPickupAvailability: whether USPS picks up at an address. code 0 with
 * data.CarrierPickupAvailabilityResponse, or data.Error.Description when it does not come there.
 */
export const uspsPickupAvailability = (input: CallInput<'uspsPickupAvailabilityCall'>) => request('uspsPickupAvailabilityCall', input);

export const useUspsPickupAvailability = () => useMutation({ mutationFn: uspsPickupAvailability, meta: { handlesServiceFailure: true } });
