import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/http';

/** POST firstLogin: is the zip code in the service area? errorcode 1 valid, 0 invalid. */
export async function verifyZip(zipCode: string): Promise<boolean> {
  const answer = await request('firstLoginCall', { zip_code: zipCode });
  return answer.errorcode === 1;
}

// Registration calls report nothing on a network failure (spec 02 §8): the screen decides.
export const useVerifyZip = () => useMutation({ mutationFn: verifyZip, meta: { handlesServiceFailure: true } });
