import { carrierDisplayName, type ShipmentRow } from '@airbox/contract';
import Box from '@mui/material/Box';
import { InfoItem, InfoLines, InfoSection } from '../../../components/dialog/info-dialog';
import { packageSize, packageWeight } from '../../../components/table/package-cell';
import { StepActions } from '../../../components/wizard/step-actions';
import { StepHeading } from '../../../components/wizard/step-heading';
import { useServiceNames } from '../../../lib/service-names';

/**
 * Step 1, Confirm Package: the label the driver picks up (carrier, service, tracking number, from,
 * to, parcel), so the customer checks it is the right one before giving an address. Next waits
 * while the label's ship-from address, where the next step starts, is still being read.
 */
export function ConfirmPackageStep({ row, waiting, onCancel, onNext }: { row: ShipmentRow; waiting: boolean; onCancel: () => void; onNext: () => void }) {
  const serviceName = useServiceNames();
  return (
    <Box
      component="form"
      aria-label="Confirm Package step"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onNext();
      }}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      <StepHeading>Confirm Package</StepHeading>
      <InfoSection title={`Order ${row.orderNo}`}>
        <InfoItem label="Carrier">{carrierDisplayName(row.rateCarrier)}</InfoItem>
        <InfoItem label="Service">{serviceName(row.rateCarrier, row.rateService)}</InfoItem>
        <InfoItem label="Tracking number">{row.trackingNum}</InfoItem>
        <InfoItem label="Package">{`${packageSize(row)}, ${packageWeight(row.weight)}`}</InfoItem>
        <InfoItem label="From">
          <InfoLines lines={[row.fromName, row.fromAddress1, row.fromAddress2]} />
        </InfoItem>
        <InfoItem label="To">
          <InfoLines lines={[row.toName, row.toAddress1, row.toAddress2]} />
        </InfoItem>
      </InfoSection>
      <StepActions onCancel={onCancel} nextDisabled={waiting} />
    </Box>
  );
}
