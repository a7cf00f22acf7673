import { GET_BOXID_ERRORCODE, REGISTRATION_MESSAGES } from '@airbox/contract';
import { useMutation } from '@tanstack/react-query';
import { ApiError, request } from '../../../lib/http';

/**
 * POST getBoxid: a free AirBox ID starting with the cell phone's first 3 digits. None free is an
 * ApiError (GET_BOXID_ERRORCODE.noneFree) with the server's message, and so is an answer without an id.
 */
export async function getBoxid(phonePrefix: string): Promise<string> {
  const { BOXID } = await request('getBoxidCall', { phoneNumber: phonePrefix });
  if (!BOXID) throw new ApiError(GET_BOXID_ERRORCODE.noneFree, REGISTRATION_MESSAGES.noFreeBoxId, 200);
  return BOXID;
}

export const useGetBoxid = () => useMutation({ mutationFn: getBoxid, meta: { handlesServiceFailure: true } });
