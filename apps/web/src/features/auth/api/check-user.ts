import { checkUserCall } from '@airbox/contract';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { request } from '../../../lib/http';

/** POST checkUser (forgot password): mails a reset link when the account exists. */
export const checkUser = (input: z.input<typeof checkUserCall.request>) => request(checkUserCall, input);

export const useCheckUser = () => useMutation({ mutationFn: checkUser });
