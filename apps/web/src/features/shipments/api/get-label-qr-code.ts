import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';

/** POST getLabelQrCode {shippingIndexID}: a QR-code label's QR code as a base64 PNG (issue 23 item 2). */
export const getLabelQrCode = (shippingIndexID: number) => request('getLabelQrCodeCall', { shippingIndexID });

export const getLabelQrCodeQueryOptions = (shippingIndexID: number) =>
  queryOptions({
    queryKey: ['label-qr-code', shippingIndexID],
    queryFn: () => getLabelQrCode(shippingIndexID),
    // The panel says what went wrong in place of the image.
    meta: { handlesServiceFailure: true },
    staleTime: Infinity,
  });

export const useLabelQrCode = (shippingIndexID: number | null) =>
  useQuery({ ...getLabelQrCodeQueryOptions(shippingIndexID ?? 0), enabled: shippingIndexID !== null });
