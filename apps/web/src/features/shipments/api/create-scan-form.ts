import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { getScanFormsQueryOptions } from './get-scan-forms';

/**
 * POST /app/v1/scanForms/create {shipmentIds} (ours, issue 25 item 2): one end-of-day USPS scan
 * form for the labels (their shippingdetails_id). errorcode 0 with the form; -1 refused, the
 * message naming each label and why (an ApiError).
 */
export const createScanForm = (shipmentIds: number[]) => request('createScanFormCall', { shipmentIds });

export function useCreateScanForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createScanForm,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getScanFormsQueryOptions().queryKey }),
  });
}
