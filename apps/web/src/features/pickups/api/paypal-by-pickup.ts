import { useMutation } from '@tanstack/react-query';
import { request, type CallInput } from '../../../lib/http';

/**
 * POST /openapi/easyPost/paypalByPickup: pays one rate of a created pickup. code 0 with paymentUrl,
 * the payment provider's approval page; the pickup is booked once the payment is captured.
 */
export const paypalByPickup = (input: CallInput<'paypalByPickupCall'>) => request('paypalByPickupCall', input);

export const usePaypalByPickup = () => useMutation({ mutationFn: paypalByPickup, meta: { handlesServiceFailure: true } });
