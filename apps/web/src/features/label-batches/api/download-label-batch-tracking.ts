import { labelBatchFileName } from '@airbox/contract';
import { useMutation } from '@tanstack/react-query';
import { download } from '../../../lib/http';
import { saveFile } from '../../../lib/save-file';

/** GET /app/v1/labelBatches/tracking {id} (ours): the batch's rows with their tracking numbers, saved as batch-ID-tracking.csv. */
export async function downloadLabelBatchTracking(id: number) {
  const file = await download('downloadLabelBatchTrackingCall', { id });
  saveFile(file, labelBatchFileName(id, 'tracking', 'csv'));
}

export const useDownloadLabelBatchTracking = () => useMutation({ mutationFn: downloadLabelBatchTracking });
