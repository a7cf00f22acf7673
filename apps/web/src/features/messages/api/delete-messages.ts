import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { getMessagesQueryOptions } from './get-messages';

/** POST deleteMessage: one id, or several joined with commas; none deleted is an ApiError (MESSAGE_DELETE_ERRORCODE.noneDeleted). */
export const deleteMessages = (ids: readonly number[]) => request('deleteMessageCall', { message_id: ids.join(',') });

/** POST deleteAllMessage: every picked-up message of the user. */
export const deleteAllPickedUpMessages = (userId: number) => request('deleteAllMessageCall', { user_id: userId });

export function useDeleteMessages(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMessages,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getMessagesQueryOptions(userId).queryKey }),
  });
}

export function useDeleteAllPickedUpMessages(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteAllPickedUpMessages(userId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getMessagesQueryOptions(userId).queryKey }),
  });
}
