import { useMutation } from '@tanstack/react-query';
import { request, type CallInput } from '../../../lib/http';

/** GET resetPassword with the link's Email and generatedId; see RESET_ERRORCODE. */
export const resetPassword = (input: CallInput<'resetPasswordCall'>) => request('resetPasswordCall', input);

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
