import { REGISTRATION_TIMING, companySearchFilter } from '@airbox/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';

/** GET businessCampus/company/list: a search by name or AirBox ID among a property manager's companies. */
export async function searchCompanies({ text, size, bcmUserId }: { text: string; size: number; bcmUserId: number | null }) {
  const answer = await request('companyListCall', {
    size,
    ...companySearchFilter(text),
    ...(bcmUserId === null ? {} : { bcm_user_id: bcmUserId }),
  });
  return answer.data;
}

export const getCompanySearchQueryOptions = (search: { text: string; size: number; bcmUserId: number | null }) =>
  queryOptions({
    queryKey: ['registration', 'companies', 'search', search],
    queryFn: () => searchCompanies(search),
    meta: { handlesServiceFailure: true },
  });

export const useCompanySearch = (search: { text: string; size: number; bcmUserId: number | null }, enabled: boolean) =>
  useQuery({ ...getCompanySearchQueryOptions(search), enabled, placeholderData: keepPreviousData });

/** GET businessCampus/company/list by unit: every company of one unit. */
export async function getUnitCompanies(unitId: number) {
  const answer = await request('companyListCall', { unit_id: unitId, size: REGISTRATION_TIMING.fullListSize });
  return answer.data.list;
}

export const getUnitCompaniesQueryOptions = (unitId: number) =>
  queryOptions({
    queryKey: ['registration', 'companies', 'unit', unitId],
    queryFn: () => getUnitCompanies(unitId),
    meta: { handlesServiceFailure: true },
  });

export const useUnitCompanies = (unitId: number | null) =>
  useQuery({ ...getUnitCompaniesQueryOptions(unitId ?? 0), enabled: unitId !== null });
