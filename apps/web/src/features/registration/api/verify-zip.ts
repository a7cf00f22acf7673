import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/http';

/** POST firstLogin: resolves when the zip code is in the service area; one that is not is an ApiError (FIRST_LOGIN_ERRORCODE.notServed). */
export const verifyZip = (zipCode: string) => request('firstLoginCall', { zip_code: zipCode });

// Registration calls report nothing on a network failure (spec 02 §8): the screen decides.
export const useVerifyZip = () => useMutation({ mutationFn: verifyZip, meta: { handlesServiceFailure: true } });
