import { useMutation } from '@tanstack/react-query';
import { request, type CallInput } from '../../../lib/http';

/** POST checkUser (forgot password): mails a reset link when the account exists (CHECK_USER_ERRORCODE). */
export const checkUser = (input: CallInput<'checkUserCall'>) => request('checkUserCall', input);

export const useCheckUser = () => useMutation({ mutationFn: checkUser });
