import { useMutation } from '@tanstack/react-query';
import { request, type CallInput } from '../../../lib/http';

/** POST logout: ends the server session (LOGOUT_ERRORCODE.signedOut). */
export const logout = (input: CallInput<'logoutCall'>) => request('logoutCall', input);

export const useLogoutCall = () => useMutation({ mutationFn: logout });
