import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';

/** GET businessCampus/company/info: the company of a business user (roles 15 and 16), or null. */
export async function getCompanyInfo(companyId: number) {
  const answer = await request('companyInfoCall', { company_id: companyId });
  return answer.data[0] ?? null;
}

export const getCompanyInfoQueryOptions = (companyId: number) =>
  queryOptions({
    queryKey: ['company-info', companyId],
    queryFn: () => getCompanyInfo(companyId),
    staleTime: 5 * 60_000,
  });

export const useCompanyInfo = (companyId: number | null | undefined) =>
  useQuery({ ...getCompanyInfoQueryOptions(companyId ?? 0), enabled: typeof companyId === 'number' && companyId > 0 });
