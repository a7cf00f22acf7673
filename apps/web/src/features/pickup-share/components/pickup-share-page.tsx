import { doorLine, PICKUP_SHARE_MESSAGES, type PublicPickupShare } from '@airbox/contract';
import MuiAlert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect } from 'react';
import { DateTime } from '../../../components/date-time';
import { BrandedPage } from '../../../components/layout/branded-page';
import { env } from '../../../config/env';
import { ApiError, answerMessage } from '../../../lib/http';
import { usePublicPickupShare } from '../api/pickup-share';

const ENDED: Record<Exclude<PublicPickupShare['state'], 'ready'>, string> = {
  expired: PICKUP_SHARE_MESSAGES.linkExpired,
  revoked: PICKUP_SHARE_MESSAGES.linkRevoked,
  used: PICKUP_SHARE_MESSAGES.linkUsed,
};

function Pickup({ pickup }: { pickup: NonNullable<PublicPickupShare['pickup']> }) {
  return (
    <Stack spacing={2}>
      <Paper component="section" aria-labelledby="share-code-heading" sx={{ p: { xs: 2, sm: 3 }, textAlign: 'center' }}>
        <Typography>
          Shared by <strong>{pickup.sharedBy}</strong>
        </Typography>
        <Typography id="share-code-heading" variant="h2" sx={{ fontSize: '1rem', fontWeight: 600, mt: 2 }}>
          Your pickup code
        </Typography>
        <Typography sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: '2.5rem', fontWeight: 700, letterSpacing: '0.15em' }}>
          {pickup.pickupCode}
        </Typography>
        <Box sx={{ display: 'flex', justifyContent: 'center', my: 1 }}>
          <QRCodeSVG value={pickup.pickupCode} size={160} level="M" role="img" aria-label={`QR code of pickup code ${pickup.pickupCode}`} />
        </Box>
        <Typography>
          Type the code or scan the QR code at the locker. It works once, until <DateTime value={pickup.validUntil} />.
        </Typography>
        {pickup.door && <Typography sx={{ mt: 1 }}>{doorLine(pickup.door)}</Typography>}
      </Paper>
      <Paper component="section" aria-labelledby="share-hub-heading" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="share-hub-heading" variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
          {pickup.hubName}
        </Typography>
        <Typography>{pickup.hubAddress}</Typography>
        {pickup.hubHours && <Typography sx={{ mt: 1 }}>Open: {pickup.hubHours}</Typography>}
        {pickup.hubPhone && (
          <Typography sx={{ mt: 1 }}>
            Help at the hub: <Link underline="always" href={`tel:${pickup.hubPhone.replace(/[^\d+]/g, '')}`}>{pickup.hubPhone}</Link>
          </Typography>
        )}
        <Link href={pickup.directionsUrl} target="_blank" rel="noopener noreferrer" sx={{ display: 'inline-block', mt: 2, fontWeight: 600 }}>
          Get directions (opens in a new tab)
        </Link>
      </Paper>
    </Stack>
  );
}

/**
 * /pickup/:token (issue 22 item 1): a package's pickup shared by its owner, for the person they
 * sent it to, no sign-in; phone-first, under the portal's brand like the tracking page. Only the
 * owner's first name; an ended link says why and what to do next, nothing more.
 */
export function PickupSharePage({ token }: { token: string }) {
  const share = usePublicPickupShare(token);
  useEffect(() => {
    document.title = `Package pickup · ${env.brandName}`;
  }, []);

  let body;
  if (!token) body = <MuiAlert severity="error">{PICKUP_SHARE_MESSAGES.linkNotFound}</MuiAlert>;
  else if (share.isError) {
    const notFound = share.error instanceof ApiError && (share.error.status === 404 || share.error.status === 400);
    body = <MuiAlert severity="error">{notFound ? PICKUP_SHARE_MESSAGES.linkNotFound : (answerMessage(share.error) ?? 'The pickup could not be loaded. Please try again later.')}</MuiAlert>;
  } else if (share.isPending) {
    body = <Skeleton variant="rectangular" height={260} role="progressbar" aria-label="Loading the pickup" sx={{ borderRadius: 1 }} />;
  } else {
    const { state, pickup } = share.data.data;
    body = state === 'ready' && pickup ? <Pickup pickup={pickup} /> : <MuiAlert severity="warning">{ENDED[state === 'ready' ? 'used' : state]}</MuiAlert>;
  }

  return (
    <BrandedPage title="Package pickup" footer={`An ${env.brandName} customer shared this pickup with you. ${env.brandName} never asks you to pay, sign in or give any personal details here.`}>
      {body}
    </BrandedPage>
  );
}
