import Typography from '@mui/material/Typography';
import { useLocation, useOutletContext } from 'react-router';
import { TextLink } from '../../components/layout/text-link';
import { paths } from '../../config/paths';
import { LabelPurchase } from '../../features/label-purchase/components/label-purchase';
import type { SessionHints } from '../../lib/session';

/**
 * /shipment/#/Shipment/shipmentRate?param=... : the router matches /shipment, the page reads the
 * hash. The customer is the session's. Under it, the way to many labels at once (issue 25 item 1).
 */
export function LabelPurchaseRoute() {
  const { hash } = useLocation();
  return (
    <>
      <LabelPurchase key={hash} userId={useOutletContext<SessionHints>().userId} hash={hash} />
      <Typography variant="body2" sx={{ mt: 2, textAlign: 'center' }}>
        Many parcels? <TextLink to={paths.labelBatches.getHref()}>Batch labels from a spreadsheet</TextLink>
      </Typography>
    </>
  );
}
