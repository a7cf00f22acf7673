import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/http';

/** POST getInvoice {shippingIndexID}: where to view the invoice (invoiceUrl); LABEL_FILE_ERRORCODE.none when there is none. */
export const getInvoice = (shippingIndexID: number) => request('getInvoiceCall', { shippingIndexID });

export const useGetInvoice = () => useMutation({ mutationFn: getInvoice });
