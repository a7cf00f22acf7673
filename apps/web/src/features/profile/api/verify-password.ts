import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/http';

/** POST verifyPassword: errorcode 1 when the password is the signed-in user's (VERIFY_PASSWORD_ERRORCODE). */
export const verifyPassword = ({ userId, password }: { userId: number; password: string }) =>
  request('verifyPasswordCall', { userId, password });

export const useVerifyPassword = () => useMutation({ mutationFn: verifyPassword });
