import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request, type CallInput } from '../../../lib/http';
import { getContactsQueryOptions } from './get-contacts';

/** POST addUserShipmentAddress (JSON): adds a contact to the user's address book. */
export const addContact = (input: CallInput<'addUserShipmentAddressCall'>) => request('addUserShipmentAddressCall', input);

/** POST updateUserShipmentAddress (JSON): changes one of the user's contacts. */
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
