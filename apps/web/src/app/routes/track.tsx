import { useParams } from 'react-router';
import { TrackingPage } from '../../features/tracking/components/tracking-page';

/** Standalone public page (the recipient's link): no layout, no sign-in; the page carries the brand itself. */
export function TrackRoute() {
  const { token = '' } = useParams();
  return <TrackingPage token={token} />;
}
