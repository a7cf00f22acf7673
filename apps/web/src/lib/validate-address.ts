import { useMutation } from '@tanstack/react-query';
import { request, type CallInput } from './http';

/**
 * POST /openapi/easyPost/validateAddress: data.result 1 deliverable (suggestion: the carrier's
 * spelling when it differs), 0 not ('Unable to verify address!' with the reasons). Shared: the
 * label page checks both addresses, the pickup wizard the pickup address (its addrId is the pickup's).
 */
export const validateAddress = (input: CallInput<'validateAddressCall'>) => request('validateAddressCall', input);

// The screens say 'Unable to verify address!' themselves when the check cannot be made.
export const useValidateAddress = () => useMutation({ mutationFn: validateAddress, meta: { handlesServiceFailure: true } });
