import { useMutation } from '@tanstack/react-query';
import { request, type CallInput } from '../../../lib/http';

/** POST userActivate with the code of an activation link; a failure is an ApiError with an ACTIVATION_ERRORCODE. */
export const userActivate = (input: CallInput<'userActivateCall'>) => request('userActivateCall', input);

export const useUserActivate = () => useMutation({ mutationFn: userActivate });
