import { INVITATION_ERRORCODE } from '@airbox/contract';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/http';

export interface Invitation {
  code: string;
  bcm_user_id: number;
  bcm_company_name: string;
  role_id: number;
}

/** GET businessCampus/verifyCode: the property manager and role a code grants, or null when invalid. */
export async function verifyInvitationCode(code: string): Promise<Invitation | null> {
  const answer = await request('verifyInvitationCodeCall', { code });
  const granted = answer.data[0];
  if (answer.errorcode !== INVITATION_ERRORCODE.valid || !granted) return null;
  return { code, ...granted };
}

export const useVerifyInvitationCode = () =>
  useMutation({ mutationFn: verifyInvitationCode, meta: { handlesServiceFailure: true } });
