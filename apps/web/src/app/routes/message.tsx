import { useOutletContext } from 'react-router';
import { Messages } from '../../features/messages/components/messages';
import type { SessionHints } from '../../lib/session';

export function MessageRoute() {
  return <Messages userId={useOutletContext<SessionHints>().userId} />;
}
