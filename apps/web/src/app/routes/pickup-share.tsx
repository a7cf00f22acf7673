import { useParams } from 'react-router';
import { PickupSharePage } from '../../features/pickup-share/components/pickup-share-page';

/** Standalone public page (a shared pickup's link, issue 22 item 1): no layout, no sign-in. */
export function PickupShareRoute() {
  const { token = '' } = useParams();
  return <PickupSharePage token={token} />;
}
