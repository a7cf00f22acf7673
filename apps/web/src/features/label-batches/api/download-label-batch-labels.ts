import { labelBatchFileName, type LabelFormatId } from '@airbox/contract';
import { useMutation } from '@tanstack/react-query';
import { download } from '../../../lib/http';
import { saveFile } from '../../../lib/save-file';

/**
 * GET /app/v1/labelBatches/labels {id} (ours): every bought label of a finished batch in one file,
 * in the customer's label format (the server's default), saved as batch-ID-labels.pdf (or .zpl).
 */
export async function downloadLabelBatchLabels({ id, format }: { id: number; format: LabelFormatId }) {
  const file = await download('downloadLabelBatchLabelsCall', { id });
  saveFile(file, labelBatchFileName(id, 'labels', format === 'zpl' ? 'zpl' : 'pdf'));
}

export const useDownloadLabelBatchLabels = () => useMutation({ mutationFn: downloadLabelBatchLabels });
