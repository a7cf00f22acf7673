import { API_ERRORCODE } from '@airbox/contract';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, request } from '../../../lib/http';

/** GET businessCampus/company/info: where a company sits (campus, building, unit). */
export async function getCompanyInfo(companyId: number) {
  const { data } = await request('companyInfoCall', { company_id: companyId });
  const [info] = data;
  if (!info) throw new ApiError(API_ERRORCODE.notFound, 'Company not found', 200);
  return info;
}

export const getCompanyInfoQueryOptions = (companyId: number) =>
  queryOptions({
    queryKey: ['registration', 'company-info', companyId],
    queryFn: () => getCompanyInfo(companyId),
    meta: { handlesServiceFailure: true },
  });
