import AddOutlined from '@mui/icons-material/AddOutlined';
import Button from '@mui/material/Button';
import { labelPurchaseHref } from '../../lib/label-purchase';
import type { SessionHints } from '../../lib/session';

/** 'Buy Shipment Labels', the action of the lists of labels (Purchased Labels, Orders In Progress): the label-purchase page for this customer. */
export function BuyLabelsButton({ session }: { session: Pick<SessionHints, 'boxId' | 'userId'> }) {
  return (
    <Button variant="contained" startIcon={<AddOutlined />} href={labelPurchaseHref({ boxId: session.boxId, userId: session.userId })}>
      Buy Shipment Labels
    </Button>
  );
}
