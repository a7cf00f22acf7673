import { useOutletContext } from 'react-router';
import { Contacts } from '../../features/contacts/components/contacts';
import type { SessionHints } from '../../lib/session';

export function MyContactsRoute() {
  return <Contacts userId={useOutletContext<SessionHints>().userId} />;
}
