import { SCAN_FORM_LIMITS } from '@airbox/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';

export interface ScanFormsPage {
  start: number;
  num: number;
}

/** GET /app/v1/scanForms/list {start, num} (ours, issue 25 item 2): a page of the customer's scan forms, newest first. */
export const getScanForms = (page: ScanFormsPage) => request('getScanFormsCall', page);

/** Without a page: the key of every page, for invalidation after a scan form is made. */
export const getScanFormsQueryOptions = (page?: ScanFormsPage) =>
  queryOptions({
    queryKey: page ? ['scan-forms', 'list', page] : ['scan-forms', 'list'],
    queryFn: () => getScanForms(page ?? { start: 0, num: SCAN_FORM_LIMITS.pageSizeMax }),
    placeholderData: keepPreviousData,
  });

export const useScanForms = (page: ScanFormsPage) => useQuery(getScanFormsQueryOptions(page));
