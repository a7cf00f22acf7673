import { useMutation } from '@tanstack/react-query';
import { request, type CallInput } from '../../../lib/http';

export type RegistrationPayload = CallInput<'registerCall'>;

/**
 * POST regist_userInfo: creates the unactivated account and mails its activation link. A refusal
 * is an ApiError (REGISTER_ERRORCODE.refused) with the reason in its message.
 */
export const register = (payload: RegistrationPayload) => request('registerCall', payload);

// A network failure only stops the progress indicator (spec 02 §8): the wizard handles failures.
export const useRegister = () => useMutation({ mutationFn: register, meta: { handlesServiceFailure: true } });
