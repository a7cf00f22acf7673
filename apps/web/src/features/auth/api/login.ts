import { useMutation } from '@tanstack/react-query';
import { ApiError, request, type CallInput } from '../../../lib/http';

type LoginInput = CallInput<'loginCall'>;

/** POST login. Any answer but errorcode 1 with a user becomes an ApiError (errorcode 0: wrong credentials). */
export async function login(input: LoginInput) {
  const answer = await request('loginCall', input);
  const user = answer.user[0];
  if (answer.errorcode !== 1 || !user) throw new ApiError(answer.errorcode === 1 ? 0 : answer.errorcode, answer.message, 200);
  return { user, version: answer.version };
}

export const useLogin = () => useMutation({ mutationFn: login });
