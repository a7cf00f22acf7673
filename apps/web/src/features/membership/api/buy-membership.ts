import { useMutation } from '@tanstack/react-query';
import { request, type CallInput } from '../../../lib/http';

/**
 * POST buyMembership {userID, number, plan}: redirectURL, the payment provider's approval page.
 * Nothing is granted until the server has captured the payment.
 */
export const buyMembership = (input: CallInput<'buyMembershipCall'>) => request('buyMembershipCall', input);

// A failure is told as 'Something Wrong' by the screen, whatever went wrong.
export const useBuyMembership = () => useMutation({ mutationFn: buyMembership, meta: { handlesServiceFailure: true } });
