import { doorLine } from '@airbox/contract';
import MuiAlert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { QRCodeSVG } from 'qrcode.react';
import { SharePickup } from '../../../components/pickup-share/share-pickup';
import { answerMessage } from '../../../lib/http';
import { useViewerUnpickups } from '../../../lib/waiting-packages';
import { useThirdPartyOrder } from '../api/get-third-party-orders';

const QR_SIZE = 100;

/**
 * /ShowQRcode?o=&m=: a locker pickup code as text and as a small QR code (spec 01 §2). The page is
 * public (anyone with the order's link). When the visitor is signed in (`viewerId`, from the
 * session hints) and the code is one of their own waiting packages (the server answers only the
 * session's own packages), its door and SHARE PICKUP are shown too (issue 22 items 1 and 3);
 * to anyone else, the code alone, as before.
 */
export function PickupCode({ orderId, mId, viewerId = null }: { orderId: string; mId: string; viewerId?: number | null }) {
  const order = useThirdPartyOrder(orderId, mId);
  const pickUpCode = order.data?.data.list[0]?.pickUpCode;
  const own = useViewerUnpickups(pickUpCode ? viewerId : null).data?.packages?.find((item) => item.pickupCode === pickUpCode);

  let body;
  if (!orderId || !mId) body = <MuiAlert severity="error">This link is incomplete.</MuiAlert>;
  else if (order.isError) body = <MuiAlert severity="error">{answerMessage(order.error) ?? 'The order could not be loaded.'}</MuiAlert>;
  // A span may not carry a name of its own: the placeholder is a progress bar named by what loads.
  else if (order.isPending)
    body = <Skeleton variant="rectangular" width={QR_SIZE} height={QR_SIZE} role="progressbar" aria-label="Loading the pickup code" />;
  else if (!pickUpCode) body = <MuiAlert severity="warning">No pickup code was found for this order.</MuiAlert>;
  else {
    const text = `${pickUpCode} is your Locker Pickup Code. Order ID :${orderId}`;
    body = (
      <>
        <QRCodeSVG value={text} size={QR_SIZE} level="L" fgColor="#333333" bgColor="#ffffff" title={text} />
        <Typography>
          Pickup code: <strong style={{ fontSize: '1.5rem', letterSpacing: 2 }}>{pickUpCode}</strong>
        </Typography>
        <Typography color="text.secondary">Order ID: {orderId}</Typography>
        {own?.door && <Typography>{doorLine(own.door)}</Typography>}
        {own && <SharePickup item={own} sx={{ width: '100%', textAlign: 'left' }} />}
      </>
    );
  }

  return (
    <Paper component="main" sx={{ maxWidth: 360, mx: 'auto', my: 4, p: 4, textAlign: 'center' }}>
      <Stack spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h1">Locker Pickup Code</Typography>
        {body}
      </Stack>
    </Paper>
  );
}
