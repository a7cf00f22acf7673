import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http';

/** GET /app/v1/labelPurchase/packages: the signed-in customer's saved packages, by name. */
export const getSavedPackages = () => request('getSavedPackagesCall', {});

export const getSavedPackagesQueryOptions = () =>
  queryOptions({
    queryKey: ['label-purchase', 'saved-packages'],
    queryFn: getSavedPackages,
  });

export const useSavedPackages = () => useQuery({ ...getSavedPackagesQueryOptions(), meta: { handlesServiceFailure: true } });
