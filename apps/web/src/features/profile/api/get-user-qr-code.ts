import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';

/** GET getUserQRcode with update=0: the current QR code text and AirBox ID (errorcode 0: success). */
export const getUserQrCode = (userId: number) => request('getUserQrCodeCall', { user_id: userId, update: '0' });

export const getUserQrCodeQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ['user-qr-code', userId],
    queryFn: () => getUserQrCode(userId),
    staleTime: 0,
  });

export const useUserQrCode = (userId: number) => useQuery(getUserQrCodeQueryOptions(userId));

/** GET getUserQRcode with update=1: a new code, the old one void; the answer replaces the shown code. */
export const resetUserQrCode = (userId: number) => request('getUserQrCodeCall', { user_id: userId, update: '1' });

export function useResetUserQrCode(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => resetUserQrCode(userId),
    onSuccess: (answer) => {
      if (answer.errorcode === 0) queryClient.setQueryData(getUserQrCodeQueryOptions(userId).queryKey, answer);
    },
  });
}
