import { request, type CallInput } from '../../../lib/http';

/** POST resendRegristerEmail: a new activation mail (RESEND_ACTIVATION_ERRORCODE.sent). */
export const resendRegisterEmail = (input: CallInput<'resendRegisterEmailCall'>) =>
  request('resendRegisterEmailCall', input);
