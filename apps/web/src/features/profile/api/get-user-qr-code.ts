import { QR_CODE_ERRORCODE } from '@airbox/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, request } from '../../../lib/http';
import { keepAnswer } from '../../../lib/query-client';

/** GET getUserQRcode with update=0: the current QR code text, the AirBox ID and when the next reset is allowed. */
export const getUserQrCode = (userId: number) => request('getUserQrCodeCall', { user_id: userId, update: '0' });

export const getUserQrCodeQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ['user-qr-code', userId],
    queryFn: () => getUserQrCode(userId),
    staleTime: 0,
  });

export const useUserQrCode = (userId: number) => useQuery(getUserQrCodeQueryOptions(userId));

/**
 * GET getUserQRcode with update=1: a new code, the old one void; the answer replaces the shown
 * code. A reset inside the lock is an ApiError (QR_CODE_ERRORCODE.resetLocked).
 */
export const resetUserQrCode = (userId: number) => request('getUserQrCodeCall', { user_id: userId, update: '1' });

export function useResetUserQrCode(userId: number) {
  const queryClient = useQueryClient();
  const queryKey = getUserQrCodeQueryOptions(userId).queryKey;
  return useMutation({
    mutationFn: () => resetUserQrCode(userId),
    onSuccess: (code) => keepAnswer(queryClient, queryKey, code),
    onError: (error) => {
      // Reset elsewhere within the last 5 minutes: the code read again says until when (next_reset_at).
      if (error instanceof ApiError && error.errorcode === QR_CODE_ERRORCODE.resetLocked) {
        return queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}
