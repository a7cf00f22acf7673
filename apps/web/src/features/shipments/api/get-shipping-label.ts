import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';

/** POST getShippingLabel {label_url}: the label as a base64 PNG (4x6). */
export const getShippingLabel = (labelUrl: string) => request('getShippingLabelCall', { label_url: labelUrl });

export const getShippingLabelQueryOptions = (labelUrl: string) =>
  queryOptions({
    queryKey: ['shipping-label', labelUrl],
    queryFn: () => getShippingLabel(labelUrl),
    // The dialog says what went wrong in place of the label.
    meta: { handlesServiceFailure: true },
    staleTime: Infinity,
  });

export const useShippingLabel = (labelUrl: string | null) =>
  useQuery({ ...getShippingLabelQueryOptions(labelUrl ?? ''), enabled: Boolean(labelUrl) });
