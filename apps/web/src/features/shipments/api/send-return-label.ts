import { useMutation } from '@tanstack/react-query';
import { request, type CallInput } from '../../../lib/http';

/** POST /app/v1/labelPurchase/sendReturnLabel {id, email, copyMe}: the return label mailed to the person who will use it (issue 23 item 3). */
export const sendReturnLabel = (input: CallInput<'sendReturnLabelCall'>) => request('sendReturnLabelCall', input);

export const useSendReturnLabel = () => useMutation({ mutationFn: sendReturnLabel });
