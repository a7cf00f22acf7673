import { useMutation } from '@tanstack/react-query';
import { request, type CallInput } from '../../../lib/http';

/**
 * POST /app/v1/labelPurchase/buy (JSON) {draftId, rateId, notifyRecipient, orderId}: redirectURL,
 * the payment provider's approval page. The label is bought once the payment is captured.
 * LABEL_PURCHASE_ERRORCODE.expired: the rates must be asked again.
 */
export const buyLabel = (input: CallInput<'buyLabelCall'>) => request('buyLabelCall', input);

export const useBuyLabel = () => useMutation({ mutationFn: buyLabel, meta: { handlesServiceFailure: true } });
