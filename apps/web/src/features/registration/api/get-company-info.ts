import { queryOptions } from '@tanstack/react-query';
import { ApiError, request } from '../../../lib/http';

/** GET businessCampus/company/info: where a company sits (campus, building, unit). */
export async function getCompanyInfo(companyId: number) {
  const answer = await request('companyInfoCall', { company_id: companyId });
  const info = answer.data[0];
  if (!info) throw new ApiError(answer.errorcode, answer.message || 'Company not found', 200);
  return info;
}

export const getCompanyInfoQueryOptions = (companyId: number) =>
  queryOptions({
    queryKey: ['registration', 'company-info', companyId],
    queryFn: () => getCompanyInfo(companyId),
    meta: { handlesServiceFailure: true },
  });
