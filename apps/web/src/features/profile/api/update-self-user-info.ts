import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request, type CallInput } from '../../../lib/http';
import { getUserQueryOptions } from '../../../lib/user';

/** POST updateSelfUserInfo: the profile with the current password (confirmPassword); errorcode 1: updated. */
export const updateSelfUserInfo = (input: CallInput<'updateSelfUserInfoCall'>) => request('updateSelfUserInfoCall', input);

export function useUpdateSelfUserInfo(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSelfUserInfo,
    onSuccess: (answer) => {
      if (answer.errorcode === 1) return queryClient.invalidateQueries({ queryKey: getUserQueryOptions(userId).queryKey });
    },
  });
}
