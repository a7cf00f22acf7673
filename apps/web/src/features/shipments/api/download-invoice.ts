import { useMutation } from '@tanstack/react-query';
import { download } from '../../../lib/http';
import { saveFile } from '../../../lib/save-file';

/** POST downloadInvoice {shippingIndexID}: the invoice PDF, saved as invoice-ORDERNO.pdf; LABEL_FILE_ERRORCODE.none when there is none. */
export async function downloadInvoice({ shippingIndexID, orderNo }: { shippingIndexID: number; orderNo: string }) {
  const file = await download('downloadInvoiceCall', { shippingIndexID });
  saveFile(file, `invoice-${orderNo}.pdf`);
}

export const useDownloadInvoice = () => useMutation({ mutationFn: downloadInvoice });
