import { PICKUP_MESSAGES, carrierServiceName, formatPhoneDisplay, formatUsd, toCents } from '@airbox/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useAlert } from '../../../components/alert/alert-context';
import { InfoDialog, InfoItem, InfoLines, InfoSection } from '../../../components/dialog/info-dialog';
import { answerMessage, type CallData, type CallInput } from '../../../lib/http';
import { useCancelPickup } from '../api/cancel-pickup';
import { usePickupStatus } from '../api/check-pickup-status';
import { pickupWindowText } from '../utils/format';
import { PICKUP_STATUS_TEXT, PICKUP_TEXT } from '../utils/messages';

type PickupStatus = CallData<'checkPickupStatusCall'>;

/** The locker code that opens a door to leave the package for the driver, and what it is for. */
export function DropoffCode({ code }: { code: string }) {
  return (
    <InfoItem label="Drop-off code">
      <Box component="span" sx={{ display: 'block', fontFamily: 'monospace', fontSize: '1.1rem', fontWeight: 600 }}>
        {code}
      </Box>
      <Box component="span" sx={{ display: 'block' }}>
        {PICKUP_TEXT.dropoffCodeHelp}
      </Box>
    </InfoItem>
  );
}

/**
 * The pickup once: the price paid (when paid), or the carrier's rates offered (when not), never
 * both; the window in the address's time zone.
 */
/** What was just done in a details dialog, said at its top (in place of a message over it). */
export function DoneNotice({ text }: { text: string }) {
  return (
    <Alert severity="success" role="status" sx={{ mb: 2 }}>
      {text}
    </Alert>
  );
}

function StatusContent({ status }: { status: PickupStatus }) {
  const { data, dropoffCode } = status;
  const { address } = data;
  const cityLine = [address.city, [address.state, address.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return (
    <>
      {data.note && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {data.note}
        </Alert>
      )}
      <InfoSection title="Pickup">
        <InfoItem label="Status">{PICKUP_STATUS_TEXT[data.status] ?? data.status}</InfoItem>
        <InfoItem label="Carrier">{carrierServiceName(data.carrier, data.service)}</InfoItem>
        <InfoItem label="Pickup window">{pickupWindowText(data.min_datetime, data.max_datetime, data.timeZone)}</InfoItem>
        <InfoItem label="Confirmation">{data.confirmation}</InfoItem>
        <InfoItem label="Package location">{data.reference}</InfoItem>
        <InfoItem label="Special instructions">{data.instructions}</InfoItem>
        {data.price && <InfoItem label="Price paid">{formatUsd(toCents(data.price))}</InfoItem>}
        {dropoffCode && <DropoffCode code={dropoffCode} />}
      </InfoSection>
      <InfoSection title="Pickup address">
        <InfoItem label="Address">
          <InfoLines lines={[address.name, address.company, address.street1, address.street2, cityLine, formatPhoneDisplay(address.phone)]} />
        </InfoItem>
      </InfoSection>
      {!data.price && data.pickup_rates.length > 0 && (
        <Box component="section" sx={{ mt: 3 }}>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1, fontWeight: 600 }}>
            Rates
          </Typography>
          <Box component="ul" aria-label="Pickup rates" sx={{ m: 0, pl: 2.5 }}>
            {data.pickup_rates.map((rate) => (
              <Typography component="li" variant="body2" key={rate.id}>
                {`${carrierServiceName(rate.carrier, rate.service)} · ${formatUsd(toCents(rate.rate))} ${rate.currency}`}
              </Typography>
            ))}
          </Box>
        </Box>
      )}
    </>
  );
}

/** A pickup that is over (or was never paid): the label may have another. */
const ENDED = new Set(['canceled', 'failed', 'quoted']);

/**
 * Pickup Order Details (spec 03 §2, §3 Pickup record): a paid (FedEx) pickup as checkPickupStatus
 * tells it: status, address, rates, the window in the address's time zone, package location,
 * instructions, confirmation, the locker drop-off code, the price, and why it failed. CANCEL
 * PICKUP asks first and says the payment is not refunded, as agreed; once a pickup is over,
 * SCHEDULE NEW PICKUP opens the wizard as the USPS dialog does (from the label's row).
 */
export function PickupOrderDetailsDialog({
  pickup,
  onClose,
  onChanged,
  onSchedule,
}: {
  /** The label's pickup, as its row or the Pickups list names it. */
  pickup: CallInput<'checkPickupStatusCall'> & { shippingdetails_id: number };
  onClose: () => void;
  onChanged: () => void;
  /** Opens the wizard at the confirm-package step, where the label may have a pickup (absent: it may not, or not from here). */
  onSchedule?: () => void;
}) {
  const alert = useAlert();
  const status = usePickupStatus(pickup);
  const cancel = useCancelPickup();
  const [done, setDone] = useState<string | null>(null);
  const data = status.data?.data;
  const canScheduleAgain = data !== undefined && ENDED.has(data.status) && onSchedule !== undefined;

  async function askCancel() {
    const paid = Boolean(data?.price);
    const confirmed = await alert.show({
      icon: 'warning',
      title: 'Cancel pickup',
      text: paid ? PICKUP_TEXT.cancelPickupQuestionPaid : PICKUP_TEXT.cancelPickupQuestion,
      confirmText: 'CANCEL PICKUP',
      cancelText: 'KEEP IT',
    });
    if (!confirmed) return;
    try {
      await cancel.mutateAsync({ shippingdetails_id: pickup.shippingdetails_id });
      onChanged();
      setDone(PICKUP_TEXT.cancelled);
    } catch (error) {
      void alert.show({ icon: 'error', text: answerMessage(error) || PICKUP_MESSAGES.serviceException });
    }
  }

  return (
    <InfoDialog
      open
      title="Pickup Order Details"
      loading={status.isPending}
      loadingLabel="Loading the pickup details"
      onClose={onClose}
      actions={
        <>
          {canScheduleAgain && (
            <Button variant="outlined" onClick={onSchedule}>
              {PICKUP_TEXT.scheduleNew}
            </Button>
          )}
          {data?.canCancel && (
            <Button color="error" variant="outlined" disabled={cancel.isPending} onClick={() => void askCancel()}>
              CANCEL PICKUP
            </Button>
          )}
        </>
      }
    >
      {done && <DoneNotice text={done} />}
      {status.data ? (
        <StatusContent status={status.data} />
      ) : (
        <Alert severity="error" role="alert">
          {answerMessage(status.error) || PICKUP_MESSAGES.serviceException}
        </Alert>
      )}
    </InfoDialog>
  );
}
