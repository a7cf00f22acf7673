import { useMutation } from '@tanstack/react-query';
import { request, type CallInput } from '../../../lib/http';

/**
 * POST /openapi/easyPost/validateAddress: data.result 1 deliverable (suggestion: the carrier's
 * spelling when it differs), 0 not ('Unable to verify address!' with the reasons).
 */
export const validateAddress = (input: CallInput<'validateAddressCall'>) => request('validateAddressCall', input);

// The page says 'Unable to verify address!' itself when the check cannot be made.
export const useValidateAddress = () => useMutation({ mutationFn: validateAddress, meta: { handlesServiceFailure: true } });
