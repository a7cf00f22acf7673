import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request, type CallInput } from '../../../lib/http';
import { keepBatchAnswer } from './batch-answer';

/**
 * POST /app/v1/labelBatches/upload (ours): a new batch from a CSV file's bytes (base64) or pasted
 * spreadsheet cells, every row checked. A file the server cannot take is refused (400) with a
 * message naming what is wrong, and nothing is kept.
 */
export const uploadLabelBatch = (input: CallInput<'uploadLabelBatchCall'>) => request('uploadLabelBatchCall', input);

export function useUploadLabelBatch() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: uploadLabelBatch, onSuccess: ({ data }) => keepBatchAnswer(queryClient, data) });
}
