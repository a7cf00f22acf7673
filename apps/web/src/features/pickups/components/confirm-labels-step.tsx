import { carrierDisplayName, ouncesToPounds, type ShipmentRow } from '@airbox/contract';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { InfoItem, InfoSection } from '../../../components/dialog/info-dialog';
import { packageWeight } from '../../../components/table/package-cell';
import { StepActions } from '../../../components/wizard/step-actions';
import { StepHeading } from '../../../components/wizard/step-heading';
import { useServiceNames } from '../../../lib/service-names';
import { PICKUP_TEXT } from '../utils/messages';

/**
 * Step 1 of one USPS pickup for several labels (issue 25 item 2), Confirm Packages: the labels the
 * driver picks up, each with its service and weight, and what USPS is told: one package a label
 * and their weights summed. Next waits while the first label's ship-from address is being read.
 */
export function ConfirmLabelsStep({ labels, waiting, onCancel, onNext }: { labels: readonly ShipmentRow[]; waiting: boolean; onCancel: () => void; onNext: () => void }) {
  const serviceName = useServiceNames();
  const ounces = labels.reduce((sum, row) => sum + row.weight, 0);
  return (
    <Box
      component="form"
      aria-label="Confirm Packages step"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onNext();
      }}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      <StepHeading>Confirm Packages</StepHeading>
      <InfoSection title={PICKUP_TEXT.labelsTitle(labels.length)}>
        <InfoItem label="Carrier">{carrierDisplayName('USPS')}</InfoItem>
        <InfoItem label="Packages">{String(labels.length)}</InfoItem>
        <InfoItem label="Total weight">{`${ouncesToPounds(ounces)} lb`}</InfoItem>
      </InfoSection>
      <List dense aria-label={PICKUP_TEXT.labelsInPickup} sx={{ maxHeight: 280, overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
        {labels.map((row) => (
          <ListItem key={row.shippingdetails_id} divider>
            <ListItemText
              primary={`Order ${row.orderNo}`}
              secondary={`${serviceName(row.rateCarrier, row.rateService)} · ${packageWeight(row.weight)} · ${row.trackingNum}`}
              slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
            />
          </ListItem>
        ))}
      </List>
      <Typography variant="body2" color="text.secondary">
        {PICKUP_TEXT.labelsNote}
      </Typography>
      <StepActions onCancel={onCancel} nextDisabled={waiting} />
    </Box>
  );
}
