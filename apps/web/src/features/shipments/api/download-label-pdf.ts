import { useMutation } from '@tanstack/react-query';
import { download } from '../../../lib/http';
import { saveFile } from '../../../lib/save-file';

/** POST downloadLabelPdf {shipmentId}: the label as a 4x6 PDF, saved as label-ORDERNO.pdf. */
export async function downloadLabelPdf({ shipmentId, orderNo }: { shipmentId: string; orderNo: string }) {
  const file = await download('downloadLabelPdfCall', { shipmentId });
  saveFile(file, `label-${orderNo}.pdf`);
}

export const useDownloadLabelPdf = () => useMutation({ mutationFn: downloadLabelPdf });
