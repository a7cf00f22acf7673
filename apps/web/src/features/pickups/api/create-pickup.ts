import { useMutation } from '@tanstack/react-query';
import { request, type CallInput } from '../../../lib/http';

/**
 * POST /openapi/easyPost/createPickup: the carrier is asked for a pickup of the label at a verified
 * address (addressId from validateAddress) between two local times there. code 0: data.pickupId
 * and data.pickup_rates; -1 with the reason ('Pickup is not available for this service!', ...).
 */
export const createPickup = (input: CallInput<'createPickupCall'>) => request('createPickupCall', input);

// The summary step says 'Service exception!' itself.
export const useCreatePickup = () => useMutation({ mutationFn: createPickup, meta: { handlesServiceFailure: true } });
