import { LOGIN_ERRORCODE, MESSAGES } from '@airbox/contract';
import { ApiError, request, type CallInput } from '../../../lib/http';

type LoginInput = CallInput<'loginCall'>;

/**
 * POST login: the user and the app version. A wrong e-mail or password is an ApiError with
 * LOGIN_ERRORCODE.wrongCredentials, and so is an answer that names no user.
 */
export async function login(input: LoginInput) {
  const { user, version } = await request('loginCall', input);
  const [signedIn] = user;
  if (!signedIn) throw new ApiError(LOGIN_ERRORCODE.wrongCredentials, MESSAGES.wrongCredentials, 200);
  return { user: signedIn, version };
}
