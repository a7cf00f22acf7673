import { useMutation } from '@tanstack/react-query';
import { request, type CallInput } from '../../../lib/http';

/**
 * POST /openapi/USPS/CarrierPickupSchedule: a free USPS pickup for a bought USPS label. code 0 with
 * data.ConfirmationNumber; -1 with the reason in message.
 */
export const uspsPickupSchedule = (input: CallInput<'uspsPickupScheduleCall'>) => request('uspsPickupScheduleCall', input);

export const useUspsPickupSchedule = () => useMutation({ mutationFn: uspsPickupSchedule, meta: { handlesServiceFailure: true } });
