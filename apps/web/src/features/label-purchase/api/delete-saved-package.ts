import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { getSavedPackagesQueryOptions } from './get-saved-packages';

/** POST /app/v1/labelPurchase/packages/delete (JSON) {id}; one that is not the customer's is an ApiError (SAVED_PACKAGE_ERRORCODE.notFound). */
export const deleteSavedPackage = (id: number) => request('deleteSavedPackageCall', { id });

export function useDeleteSavedPackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSavedPackage,
    meta: { handlesServiceFailure: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getSavedPackagesQueryOptions().queryKey }),
  });
}
