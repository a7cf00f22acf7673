import { useMutation } from '@tanstack/react-query';
import { request, type CallInput } from '../../../lib/http';

/**
 * POST /app/v1/labelPurchase/rates (JSON): both addresses verified and the parcel rated by every
 * carrier: draftId and rates. LABEL_PURCHASE_ERRORCODE.unverified: an address could not be
 * verified; noRates: no carrier takes the parcel.
 */
export const rateLabel = (input: CallInput<'rateLabelCall'>) => request('rateLabelCall', input);

// The Rates step shows every failure itself.
export const useRateLabel = () => useMutation({ mutationFn: rateLabel, meta: { handlesServiceFailure: true } });
