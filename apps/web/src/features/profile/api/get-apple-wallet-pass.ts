import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/http';

/**
 * GET appleWallet/getPass: on Apple systems (OS=mac) a download link in data; elsewhere (OS=win)
 * the pass is mailed to the user and data is empty. A failure is an ApiError (WALLET_PASS_ERRORCODE.failed).
 */
export const getAppleWalletPass = ({ userId, os }: { userId: number; os: 'mac' | 'win' }) =>
  request('appleWalletPassCall', { user_id: userId, OS: os });

export const useAppleWalletPass = () =>
  useMutation({ mutationFn: getAppleWalletPass, meta: { handlesServiceFailure: true } });
