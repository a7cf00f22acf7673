import { DROPOFF_TEXT, PICKUP_MESSAGES, UPS_DROPOFF_LOCATOR_URL, type ShipmentRow } from '@airbox/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { InfoDialog } from '../../../components/dialog/info-dialog';
import { addressLine } from '../../../lib/address-text';
import { useMyAddress } from '../../../lib/my-address';

/** The ZIP Code at the end of a row's city line ('San Francisco, CA 94110'), or ''. */
export const zipOfCityLine = (cityLine: string) => /(\d{5})(?:-\d{4})?\s*$/.exec(cityLine)?.[1] ?? '';

function Choice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="li" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * A UPS label's drop-off choices (issue 21 item 4), where other labels offer SCHEDULE PICKUP: the
 * spec's 'Door-to-door pickup is currently not available for this carrier!', then what can be done
 * instead: the customer's AirBox hub (its address and hours), or a UPS location found with UPS's
 * locator from the label's ship-from ZIP Code.
 */
export function DropoffChoicesDialog({ userId, row, onClose }: { userId: number; row: ShipmentRow; onClose: () => void }) {
  const mine = useMyAddress(userId);
  const hub = mine.data?.data.find((address) => address.kind === 'hub');
  const zip = zipOfCityLine(row.fromAddress2);
  return (
    <InfoDialog open title={DROPOFF_TEXT.title} loading={mine.isPending} loadingLabel="Loading your hub" onClose={onClose}>
      <Alert severity="info" sx={{ mb: 2 }}>
        {PICKUP_MESSAGES.upsUnavailable}
      </Alert>
      <Typography sx={{ mb: 1.5 }}>{DROPOFF_TEXT.intro}</Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
        <Choice title={DROPOFF_TEXT.hub}>
          {hub ? (
            <>
              <Typography variant="body2">{hub.company}</Typography>
              <Typography variant="body2">{addressLine({ ...hub, address2: '' })}</Typography>
              {hub.hours && <Typography variant="body2">{`Hours: ${hub.hours}`}</Typography>}
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                {DROPOFF_TEXT.hubNote}
              </Typography>
            </>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {DROPOFF_TEXT.noHub}
            </Typography>
          )}
        </Choice>
        <Choice title={DROPOFF_TEXT.carrier}>
          <Typography variant="body2" color="text.secondary">
            {DROPOFF_TEXT.carrierNote}
          </Typography>
          <Link href={UPS_DROPOFF_LOCATOR_URL} target="_blank" rel="noopener noreferrer" variant="body2" sx={{ display: 'inline-block', mt: 0.5, fontWeight: 500 }}>
            {DROPOFF_TEXT.locatorLink(zip)}
          </Link>
        </Choice>
      </Box>
    </InfoDialog>
  );
}
