import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request, type CallInput } from '../../../lib/http';
import { getContactsQueryOptions } from './get-contacts';

/** POST addUserShipmentAddress (JSON); errorcode 1: added. */
export const addContact = (input: CallInput<'addUserShipmentAddressCall'>) => request('addUserShipmentAddressCall', input);

/** POST updateUserShipmentAddress (JSON); errorcode 1: updated. */
export const updateContact = (input: CallInput<'updateUserShipmentAddressCall'>) => request('updateUserShipmentAddressCall', input);

export function useAddContact(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addContact,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getContactsQueryOptions(userId).queryKey }),
  });
}

export function useUpdateContact(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContact,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getContactsQueryOptions(userId).queryKey }),
  });
}
