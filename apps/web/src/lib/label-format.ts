import { DEFAULT_LABEL_FORMAT, type LabelFormatId } from '@airbox/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from './http';
import { keepAnswer } from './query-client';

/*
 * The customer's label format (issue 23 item 4): chosen in My Profile, used by View, Print and
 * Download on Purchased Labels. Here rather than in a feature because both read it.
 */

/** GET /app/v1/labelFormat: pdf-4x6 until the customer chooses. */
export const getLabelFormatQueryOptions = () =>
  queryOptions({
    queryKey: ['label-format'],
    queryFn: () => request('getLabelFormatCall', {}),
    staleTime: 5 * 60_000,
    // A server without the call (an older one): the 4x6 PDF, as the spec's screens offer.
    meta: { handlesServiceFailure: true },
  });

/** The customer's label format; the 4x6 PDF while it loads or when it cannot be read. */
export function useLabelFormat(): { format: LabelFormatId; isPending: boolean } {
  const query = useQuery(getLabelFormatQueryOptions());
  return { format: query.data?.labelFormat ?? DEFAULT_LABEL_FORMAT, isPending: query.isPending };
}

/** POST /app/v1/labelFormat/save (form) {labelFormat}. */
export function useSaveLabelFormat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (labelFormat: LabelFormatId) => request('saveLabelFormatCall', { labelFormat }),
    meta: { handlesServiceFailure: true },
    onSuccess: (answer) => keepAnswer(queryClient, getLabelFormatQueryOptions().queryKey, answer),
  });
}
