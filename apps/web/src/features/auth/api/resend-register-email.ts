import { resendRegisterEmailCall } from '@airbox/contract';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { request } from '../../../lib/http';

/** POST resendRegristerEmail: a new activation mail. errorcode 0 is success. */
export const resendRegisterEmail = (input: z.input<typeof resendRegisterEmailCall.request>) =>
  request(resendRegisterEmailCall, input);

export const useResendRegisterEmail = () => useMutation({ mutationFn: resendRegisterEmail });
