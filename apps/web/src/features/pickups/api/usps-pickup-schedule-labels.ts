import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request, type CallInput } from '../../../lib/http';
import { getUserPickupsQueryOptions } from './get-user-pickups';

/**
 * POST /openapi/USPS/CarrierPickupScheduleLabels (ours, issue 25 item 2): ONE free USPS pickup for
 * several USPS labels at one address, the package count and weight summed from the labels. code 0
 * with data.ConfirmationNumber, PackageCount, EstimatedWeight; -1 with the reason (each label refused named).
 */
export const uspsPickupScheduleLabels = (input: CallInput<'uspsPickupScheduleLabelsCall'>) => request('uspsPickupScheduleLabelsCall', input);

export function useUspsPickupScheduleLabels() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uspsPickupScheduleLabels,
    meta: { handlesServiceFailure: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getUserPickupsQueryOptions().queryKey }),
  });
}
