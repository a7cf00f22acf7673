import { API_ERRORCODE, PROFILE_MESSAGES } from '@airbox/contract';
import WalletOutlined from '@mui/icons-material/WalletOutlined';
import Button from '@mui/material/Button';
import { useAlert } from '../../../components/alert/alert-context';
import { useToast } from '../../../components/toast/toast-context';
import { ApiError } from '../../../lib/http';
import { useAppleWalletPass } from '../api/get-apple-wallet-pass';

/** Apple systems (Mac, iPhone, iPad) open a wallet pass themselves; others get it by e-mail. */
export function isAppleSystem(userAgent = navigator.userAgent, platform = navigator.platform): boolean {
  return /Mac|iPhone|iPad|iPod/i.test(userAgent) || /Mac|iPhone|iPad|iPod/i.test(platform);
}

/**
 * The Apple Wallet action (spec 03 §2, §4, §8): on Apple systems the pass is made (OS=mac) and its
 * link opened; elsewhere a dialog offers EMAIL ME, which mails the pass (OS=win).
 */
export function WalletPassButton({ userId }: { userId: number }) {
  const alert = useAlert();
  const toast = useToast();
  const pass = useAppleWalletPass();

  const failed = () => void alert.show({ icon: 'error', text: PROFILE_MESSAGES.walletFailure });

  const addToWallet = async () => {
    const apple = isAppleSystem();
    if (!apple) {
      const emailMe = await alert.show({
        icon: 'info',
        title: 'Apple Wallet',
        text: 'Apple Wallet passes open on an iPhone, iPad or Mac. We can e-mail the pass to you so you can add it from your Apple device.',
        confirmText: 'EMAIL ME',
        cancelText: 'CANCEL',
      });
      if (!emailMe) return;
    }
    try {
      // A failure (WALLET_PASS_ERRORCODE.failed or any other) says 'Apple Wallet pass generation failed.'.
      const { data: link } = await pass.mutateAsync({ userId, os: apple ? 'mac' : 'win' });
      if (apple && !link) return failed();
      toast.show(PROFILE_MESSAGES.walletSuccess);
      if (apple) window.location.assign(link);
    } catch (error) {
      // A refusal the server explains (the account's hourly budget of passes) is shown as it says.
      if (error instanceof ApiError && error.errorcode === API_ERRORCODE.tooManyRequests) void alert.show({ icon: 'error', title: 'Oops...', text: error.message });
      else failed();
    }
  };

  return (
    <Button variant="contained" color="secondary" startIcon={<WalletOutlined />} onClick={() => void addToWallet()} disabled={pass.isPending}>
      Add to Apple Wallet
    </Button>
  );
}
