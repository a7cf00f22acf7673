import { resetPasswordCall } from '@airbox/contract';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { request } from '../../../lib/http';

/** GET resetPassword with the link's Email and generatedId; see RESET_ERRORCODE. */
export const resetPassword = (input: z.input<typeof resetPasswordCall.request>) => request(resetPasswordCall, input);

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
