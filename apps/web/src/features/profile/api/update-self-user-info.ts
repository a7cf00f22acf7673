import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request, type CallInput } from '../../../lib/http';
import { getUserQueryOptions } from '../../../lib/user';

/**
 * POST updateSelfUserInfo: the profile with the current password (confirmPassword). A refusal is an
 * ApiError (UPDATE_PROFILE_ERRORCODE.incorrectPassword, .refused) with the reason in its message.
 */
export const updateSelfUserInfo = (input: CallInput<'updateSelfUserInfoCall'>) => request('updateSelfUserInfoCall', input);

export function useUpdateSelfUserInfo(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSelfUserInfo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getUserQueryOptions(userId).queryKey }),
  });
}
