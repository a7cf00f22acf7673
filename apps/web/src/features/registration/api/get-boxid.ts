import { useMutation } from '@tanstack/react-query';
import { ApiError, request } from '../../../lib/http';

/** POST getBoxid: a free AirBox ID starting with the cell phone's first 3 digits (errorcode 0 with BOXID). */
export async function getBoxid(phonePrefix: string): Promise<string> {
  const answer = await request('getBoxidCall', { phoneNumber: phonePrefix });
  if (answer.errorcode !== 0 || !answer.BOXID) throw new ApiError(answer.errorcode, answer.message, 200);
  return answer.BOXID;
}

export const useGetBoxid = () => useMutation({ mutationFn: getBoxid, meta: { handlesServiceFailure: true } });
