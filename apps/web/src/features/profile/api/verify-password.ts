import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/http';

/** POST verifyPassword: a wrong password is an ApiError (VERIFY_PASSWORD_ERRORCODE.incorrect). */
export const verifyPassword = ({ userId, password }: { userId: number; password: string }) =>
  request('verifyPasswordCall', { userId, password });

export const useVerifyPassword = () => useMutation({ mutationFn: verifyPassword });
