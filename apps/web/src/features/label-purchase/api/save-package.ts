import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request, type CallInput } from '../../../lib/http';
import { getSavedPackagesQueryOptions } from './get-saved-packages';

/**
 * POST /app/v1/labelPurchase/packages/save (JSON) {name, parcel}: keeps the Package step's parcel
 * under a name. A name in use, or a full list, is an ApiError whose message says so.
 */
export const savePackage = (input: CallInput<'savePackageCall'>) => request('savePackageCall', input);

export function useSavePackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePackage,
    meta: { handlesServiceFailure: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getSavedPackagesQueryOptions().queryKey }),
  });
}
