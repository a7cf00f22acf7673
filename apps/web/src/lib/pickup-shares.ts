import type { SharePickupRequest } from '@airbox/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from './http';
import { allUnpickupsQueryKey } from './waiting-packages';

/** POST /app/v1/lockerPackages/share (JSON): a code and link of their own for a waiting package (issue 22 item 1). */
export const sharePickup = (body: SharePickupRequest) => request('sharePickupCall', body);

/** POST /app/v1/lockerPackages/share/revoke (JSON) {packageId}. */
export const revokePickupShare = (packageId: number) => request('revokePickupShareCall', { packageId });

/** Both change the waiting packages (the dashboard, My Messages, the pickup-code page): they are read again. */
export function useSharePickup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sharePickup,
    meta: { handlesServiceFailure: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: allUnpickupsQueryKey() }),
  });
}

export function useRevokePickupShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokePickupShare,
    meta: { handlesServiceFailure: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: allUnpickupsQueryKey() }),
  });
}
