import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http';
import { getContactsQueryOptions } from './get-contacts';

/** POST deleteUserShipmentAddress (JSON) {id}; a contact that is not the user's is an ApiError (CONTACT_ERRORCODE.notFound). */
export const deleteContact = (id: number) => request('deleteUserShipmentAddressCall', { id });

export function useDeleteContact(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContact,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getContactsQueryOptions(userId).queryKey }),
  });
}
