import { INVITATION_ERRORCODE, REGISTRATION_MESSAGES } from '@airbox/contract';
import { useMutation } from '@tanstack/react-query';
import { ApiError, request } from '../../../lib/http';

export interface Invitation {
  code: string;
  bcm_user_id: number;
  bcm_company_name: string;
  role_id: number;
}

/**
 * GET businessCampus/verifyCode: the property manager and role a code grants. An invalid code is
 * an ApiError (INVITATION_ERRORCODE.invalid), and so is an answer that grants nothing.
 */
export async function verifyInvitationCode(code: string): Promise<Invitation> {
  const { data } = await request('verifyInvitationCodeCall', { code });
  const [granted] = data;
  if (!granted) throw new ApiError(INVITATION_ERRORCODE.invalid, REGISTRATION_MESSAGES.invalidInvitationCode, 200);
  return { code, ...granted };
}

export const useVerifyInvitationCode = () =>
  useMutation({ mutationFn: verifyInvitationCode, meta: { handlesServiceFailure: true } });
