import { logoutCall } from '@airbox/contract';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { request } from '../../../lib/http';

/** POST logout: ends the server session (errorcode 1). */
export const logout = (input: z.input<typeof logoutCall.request>) => request(logoutCall, input);

export const useLogoutCall = () => useMutation({ mutationFn: logout });
