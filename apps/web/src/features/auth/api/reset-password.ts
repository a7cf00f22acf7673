import { useMutation } from '@tanstack/react-query';
import { request, type CallInput } from '../../../lib/http';

/** GET resetPassword with the link's Email and generatedId; a failure is an ApiError with a RESET_ERRORCODE. */
export const resetPassword = (input: CallInput<'resetPasswordCall'>) => request('resetPasswordCall', input);

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
