import { useOutletContext } from 'react-router';
import { UserQrCode } from '../../features/profile/components/user-qr-code';
import type { SessionHints } from '../../lib/session';

export function ParentQrCodeRoute() {
  const { userId } = useOutletContext<SessionHints>();
  // One lock per user: another user signing in here starts from their own.
  return <UserQrCode key={userId} userId={userId} />;
}
