import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/http';

/** POST /app/v1/labelBatches/pay {id} (ours): one payment for every row; answers the payment provider's page (redirectURL). */
export const payLabelBatch = (id: number) => request('payLabelBatchCall', { id });

export const usePayLabelBatch = () => useMutation({ mutationFn: payLabelBatch });
