import { type PublicTracking, SHIPMENT_MESSAGES } from '@airbox/contract';
import OpenInNew from '@mui/icons-material/OpenInNew';
import MuiAlert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { DateTime } from '../../../components/date-time';
import { BrandedPage } from '../../../components/layout/branded-page';
import { StatusChip } from '../../../components/status-chip';
import { env } from '../../../config/env';
import { ApiError, answerMessage } from '../../../lib/http';
import { useTracking } from '../api/get-tracking';

/** 'New York, NY'; what is known of it, or '' */
const placeOf = (city: string, state: string) => [city, state].filter(Boolean).join(', ');

/** The steps of a parcel's way, as the statuses name them; a status off this way (returned, failed) shows none. */
const STEPS = ['label created', 'in transit', 'out for delivery', 'delivered'] as const;
const STEP_OF: Record<string, number> = { 'label created': 0, 'in transit': 1, 'out for delivery': 2, delivered: 3, 'available for pickup': 3 };

/** 'Thursday, November 26' of a 'YYYY-MM-DD' day. */
const longDay = (day: string) =>
  new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

/** The carrier's own page for the number: where a careful recipient can check this one. */
const CARRIER_TRACKING: Record<string, (code: string) => string> = {
  USPS: (code) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${encodeURIComponent(code)}`,
  UPS: (code) => `https://www.ups.com/track?tracknum=${encodeURIComponent(code)}`,
  FedEx: (code) => `https://www.fedex.com/fedextrack/?trknbr=${encodeURIComponent(code)}`,
};

/** Read by screen readers only. */
const visuallyHidden = { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/** The tracking's events, newest first, as a vertical timeline. */
function Timeline({ events }: { events: PublicTracking['events'] }) {
  const newestFirst = [...events].reverse();
  if (newestFirst.length === 0) return <Typography color="text.secondary">The carrier has not reported any scan yet.</Typography>;
  return (
    <Box component="ol" aria-label="Tracking history" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {newestFirst.map((event, index) => {
        const latest = index === 0;
        const place = placeOf(event.city, event.state);
        return (
          <Box
            component="li"
            key={`${event.datetime}-${event.status}-${event.message}`}
            aria-current={latest ? 'step' : undefined}
            sx={{ position: 'relative', pl: 4, pb: index === newestFirst.length - 1 ? 0 : 2.5 }}
          >
            {/* The dot and the line to the next (older) event: decoration only. */}
            <Box
              aria-hidden
              sx={{
                position: 'absolute',
                left: 6,
                top: 6,
                width: 12,
                height: 12,
                borderRadius: '50%',
                bgcolor: latest ? 'primary.main' : 'grey.500',
              }}
            />
            {index < newestFirst.length - 1 && (
              <Box aria-hidden sx={{ position: 'absolute', left: 11, top: 20, bottom: 0, width: 2, bgcolor: 'divider' }} />
            )}
            <Typography component="p" sx={{ fontWeight: latest ? 700 : 500, textTransform: 'capitalize' }}>
              {event.status}
            </Typography>
            <Typography component="p">{event.message}</Typography>
            <Typography component="p" variant="body2" color="text.secondary">
              <DateTime value={event.datetime} />
              {place ? ` · ${place}` : ''}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}

/** Where the parcel is on its way: four steps, the ones reached filled. */
function Progress({ status }: { status: string }) {
  const reached = STEP_OF[status];
  if (reached === undefined) return null;
  return (
    <Box component="ol" aria-label="Progress" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: 0.75 }}>
      {STEPS.map((step, index) => (
        <Box component="li" key={step} aria-current={index === reached ? 'step' : undefined}>
          <Box aria-hidden sx={{ height: 6, borderRadius: 3, bgcolor: index <= reached ? 'primary.main' : 'action.selected' }} />
          <Typography
            variant="caption"
            component="span"
            sx={{ display: 'block', mt: 0.5, lineHeight: 1.3, textTransform: 'capitalize', color: index <= reached ? 'text.primary' : 'text.secondary', fontWeight: index === reached ? 700 : 400 }}
          >
            {step}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** When it comes: delivered at the delivery scan, else the day the carrier expects, else nothing. */
function Arrival({ tracking }: { tracking: PublicTracking }) {
  if (tracking.status === 'cancelled') {
    return <Typography>The sender cancelled this label: the package will not travel with it.</Typography>;
  }
  const delivered = tracking.status === 'delivered' ? [...tracking.events].reverse().find((event) => event.status === 'delivered') : undefined;
  if (delivered) {
    return (
      <Typography>
        Delivered{' '}
        <Box component="span" sx={{ fontWeight: 700 }}>
          <DateTime value={delivered.datetime} />
        </Box>
      </Typography>
    );
  }
  if (!tracking.expectedDelivery || tracking.status === 'delivered') return null;
  return (
    <Typography>
      Expected delivery{' '}
      <Box component="span" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
        {longDay(tracking.expectedDelivery)}
      </Box>
    </Typography>
  );
}

function Tracking({ tracking }: { tracking: PublicTracking }) {
  const from = placeOf(tracking.fromCity, tracking.fromState);
  const to = placeOf(tracking.toCity, tracking.toState);
  const carrierPage = CARRIER_TRACKING[tracking.carrier];
  return (
    <Stack spacing={2}>
      <Paper component="section" aria-label="Status" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
            <Typography component="p" sx={{ fontWeight: 600 }}>
              Status:
            </Typography>
            <StatusChip status={tracking.status} sx={{ textTransform: 'capitalize' }} />
          </Box>
          <Arrival tracking={tracking} />
          <Progress status={tracking.status} />
          <Stack spacing={0.5}>
            <Typography>
              {tracking.carrier} tracking number:{' '}
              <Box component="span" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                {tracking.trackingCode}
              </Box>
            </Typography>
            {(from || to) && (
              <Typography color="text.secondary">
                {from || 'Unknown'} → {to || 'Unknown'}
              </Typography>
            )}
            {carrierPage && tracking.trackingCode && (
              <Link href={carrierPage(tracking.trackingCode)} target="_blank" rel="noopener noreferrer" sx={{ alignSelf: 'flex-start', display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
                Track it on {tracking.carrier}&apos;s site
                <OpenInNew aria-hidden sx={{ fontSize: '1rem' }} />
                <Box component="span" sx={visuallyHidden}>
                  (opens in a new tab)
                </Box>
              </Link>
            )}
          </Stack>
        </Stack>
      </Paper>
      <Paper component="section" aria-labelledby="tracking-history-heading" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="tracking-history-heading" variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
          Tracking history
        </Typography>
        <Timeline events={tracking.events} />
      </Paper>
    </Stack>
  );
}

/**
 * /track/:token: a label's status and its carrier's scans for its recipient (issue 9), no names or
 * streets, under the portal's name and look (issue 21 item 15): someone arriving from an e-mail
 * sees who shows them this, the tab names the tracking number, and the carrier's own page is a
 * click away.
 */
export function TrackingPage({ token }: { token: string }) {
  const tracking = useTracking(token);
  const trackingCode = tracking.data?.data.trackingCode;

  useEffect(() => {
    document.title = trackingCode ? `Tracking ${trackingCode} · ${env.brandName}` : `Package tracking · ${env.brandName}`;
  }, [trackingCode]);

  let body;
  if (!token) body = <MuiAlert severity="error">{SHIPMENT_MESSAGES.trackingNotFound}</MuiAlert>;
  else if (tracking.isError) {
    const notFound = tracking.error instanceof ApiError && tracking.error.status === 404;
    body = (
      <MuiAlert severity="error">
        {notFound ? SHIPMENT_MESSAGES.trackingNotFound : (answerMessage(tracking.error) ?? 'The tracking could not be loaded. Please try again later.')}
      </MuiAlert>
    );
  } else if (tracking.isPending) {
    body = <Skeleton variant="rectangular" height={220} role="progressbar" aria-label="Loading the tracking" sx={{ borderRadius: 1 }} />;
  } else {
    body = <Tracking tracking={tracking.data.data} />;
  }

  return (
    <BrandedPage title="Package tracking" footer={`${env.brandName} shows this page to the recipient of a package its customer shipped. It never asks you to pay, sign in or give any personal details here.`}>
      {body}
    </BrandedPage>
  );
}
