import { userActivateCall } from '@airbox/contract';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { request } from '../../../lib/http';

/** POST userActivate with the code of an activation link; see ACTIVATION_ERRORCODE. */
export const userActivate = (input: z.input<typeof userActivateCall.request>) => request(userActivateCall, input);

export const useUserActivate = () => useMutation({ mutationFn: userActivate });
