import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request, type CallInput } from '../../../lib/http';
import { getUserPickupsQueryOptions } from './get-user-pickups';

/**
 * POST /openapi/USPS/CarrierPickupSchedule: a free USPS pickup for a bought USPS label; at the
 * address and on the day of one the customer has, the label joins it (data.Joined, PackageCount).
 * code 0 with data.ConfirmationNumber; -1 with the reason in message.
 */
export const uspsPickupSchedule = (input: CallInput<'uspsPickupScheduleCall'>) => request('uspsPickupScheduleCall', input);

export function useUspsPickupSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uspsPickupSchedule,
    meta: { handlesServiceFailure: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getUserPickupsQueryOptions().queryKey }),
  });
}
