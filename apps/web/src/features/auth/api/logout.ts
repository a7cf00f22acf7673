import { useMutation } from '@tanstack/react-query';
import { request, type CallInput } from '../../../lib/http';

/** POST logout: ends the server session (errorcode 1). */
export const logout = (input: CallInput<'logoutCall'>) => request('logoutCall', input);

export const useLogoutCall = () => useMutation({ mutationFn: logout });
