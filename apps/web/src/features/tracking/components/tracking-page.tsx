import { type PublicTracking, SHIPMENT_MESSAGES } from '@airbox/contract';
import MuiAlert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DateTime } from '../../../components/date-time';
import { StatusChip } from '../../../components/status-chip';
import { ApiError, answerMessage } from '../../../lib/http';
import { useTracking } from '../api/get-tracking';

/** 'New York, NY'; what is known of it, or '' */
const placeOf = (city: string, state: string) => [city, state].filter(Boolean).join(', ');

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

/** /track/:token: a label's status and its carrier's scans for its recipient (issue 9), no names or streets. */
export function TrackingPage({ token }: { token: string }) {
  const tracking = useTracking(token);

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
    body = <Skeleton variant="rectangular" height={160} role="progressbar" aria-label="Loading the tracking" />;
  } else {
    const data = tracking.data.data;
    const from = placeOf(data.fromCity, data.fromState);
    const to = placeOf(data.toCity, data.toState);
    body = (
      <Stack spacing={3}>
        <Stack spacing={1}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
            <Typography component="p" sx={{ fontWeight: 600 }}>
              Status:
            </Typography>
            <StatusChip status={data.status} sx={{ textTransform: 'capitalize' }} />
          </Box>
          <Typography>
            {data.carrier} tracking number:{' '}
            <Box component="span" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
              {data.trackingCode}
            </Box>
          </Typography>
          {(from || to) && (
            <Typography color="text.secondary">
              {from || 'Unknown'} → {to || 'Unknown'}
            </Typography>
          )}
        </Stack>
        <Box component="section" aria-labelledby="tracking-history-heading">
          <Typography id="tracking-history-heading" variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
            Tracking history
          </Typography>
          <Timeline events={data.events} />
        </Box>
      </Stack>
    );
  }

  return (
    <Paper component="main" sx={{ maxWidth: 640, mx: 'auto', my: { xs: 2, sm: 4 }, p: { xs: 2, sm: 4 } }}>
      <Stack spacing={3}>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' } }}>
          Package tracking
        </Typography>
        {body}
      </Stack>
    </Paper>
  );
}
