import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';

/** GET genCode128: a Code128 PNG of the route code, as base64. */
export const genCode128 = (code: string) => request('genCode128Call', { pcode: code });

export const getCode128QueryOptions = (code: string) =>
  queryOptions({
    queryKey: ['code128', code],
    queryFn: () => genCode128(code),
    staleTime: Infinity,
  });

export const useCode128 = (code: string) => useQuery(getCode128QueryOptions(code));
