import { PICKUP_MESSAGES } from '@airbox/contract';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { InfoItem, InfoLines, InfoSection } from '../../../components/dialog/info-dialog';
import { StepHeading } from '../../../components/wizard/step-heading';
import { addressLine, addressName } from '../../../lib/address-text';
import { addressParts, type PickupAddressValues, type PickupDateValues } from '../utils/draft';
import { pickupDateLabel } from '../utils/format';
import { PICKUP_TEXT } from '../utils/messages';

/** What CarrierPickupSchedule answered: the confirmation number, the day as USPS has it, and whether the label joined a pickup the customer had. */
export interface UspsScheduled {
  confirmation: string;
  date: string;
  packageCount: number;
  joined: boolean;
  /** One pickup for several labels (issue 25 item 2): their order numbers, and their weights summed in pounds. */
  labels?: string[] | undefined;
  estimatedWeight?: number | undefined;
}

/**
 * The USPS wizard's last step (no payment, spec 03 §4): 'Your carrier pickup has been scheduled'
 * with the confirmation number, the day, the address and where the package waits. A label that
 * joined the customer's pickup at that address and day says so: USPS comes once, for every
 * package, where that pickup's packages wait.
 */
export function UspsScheduledStep({
  scheduled,
  address,
  date,
  onClose,
}: {
  scheduled: UspsScheduled;
  address: PickupAddressValues;
  date: PickupDateValues;
  onClose: () => void;
}) {
  const parts = addressParts(address);
  const day = pickupDateLabel(scheduled.date || date.PickupDate);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <StepHeading>Summary</StepHeading>
      <Alert severity="success" role="status">
        <AlertTitle>{PICKUP_MESSAGES.uspsScheduled}</AlertTitle>
        {scheduled.confirmation && `Confirmation number ${scheduled.confirmation}`}
      </Alert>
      {scheduled.joined && <Alert severity="info">{PICKUP_TEXT.joined(scheduled.packageCount)}</Alert>}
      <InfoSection title="Your pickup">
        <InfoItem label="Confirmation number">{scheduled.confirmation}</InfoItem>
        <InfoItem label="Pickup date">{day}</InfoItem>
        <InfoItem label="Pickup address">
          <InfoLines lines={[addressName(parts), addressLine(parts)]} />
        </InfoItem>
        {!scheduled.labels && <InfoItem label="Carrier service">{address.ServiceType}</InfoItem>}
        {scheduled.labels && <InfoItem label={PICKUP_TEXT.labelsInPickup}>{scheduled.labels.map((orderNo) => `Order ${orderNo}`).join(', ')}</InfoItem>}
        {scheduled.estimatedWeight !== undefined && <InfoItem label="Total weight">{`${scheduled.estimatedWeight} lb`}</InfoItem>}
        {scheduled.joined ? (
          <InfoItem label="Packages in this pickup">{String(scheduled.packageCount)}</InfoItem>
        ) : (
          <>
            <InfoItem label="Package location">{date.reference}</InfoItem>
            <InfoItem label="Special instructions">{date.instructions}</InfoItem>
          </>
        )}
      </InfoSection>
      <Typography variant="body2" color="text.secondary">
        {PICKUP_TEXT.scheduledNote}
      </Typography>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button variant="contained" size="large" onClick={onClose}>
          Done
        </Button>
      </Box>
    </Box>
  );
}
