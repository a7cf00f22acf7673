import { DEFAULT_LABEL_FORMAT, labelFileName, type LabelFormatId } from '@airbox/contract';
import { useMutation } from '@tanstack/react-query';
import { download } from '../../../lib/http';
import { saveFile } from '../../../lib/save-file';

/**
 * POST downloadLabelPdf {shipmentId[, format]}: the label as a file, saved as label-ORDERNO.pdf
 * (.png, -letter.pdf, .zpl). The 4x6 PDF is asked as the spec asks it, without a format, so a
 * server that knows no other answers it too.
 */
export async function downloadLabelPdf({
  shipmentId,
  orderNo,
  format = DEFAULT_LABEL_FORMAT,
  alsoShipmentId,
}: {
  shipmentId: string;
  orderNo: string;
  format?: LabelFormatId;
  /** On the 8.5x11 sheet only: another label for its bottom half. */
  alsoShipmentId?: string;
}) {
  const also = format === 'pdf-letter' && alsoShipmentId ? { alsoShipmentId } : {};
  const file = await download('downloadLabelPdfCall', format === DEFAULT_LABEL_FORMAT ? { shipmentId } : { shipmentId, format, ...also });
  saveFile(file, labelFileName(orderNo, format));
}

export const useDownloadLabelPdf = () => useMutation({ mutationFn: downloadLabelPdf });
