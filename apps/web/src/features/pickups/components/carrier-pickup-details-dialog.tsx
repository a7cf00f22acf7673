import {
  OPENAPI_CODE,
  PACKAGE_LOCATIONS,
  PICKUP_DEFAULTS,
  PICKUP_MESSAGES,
  SHIPMENT_MESSAGES,
  STATUS_FLAG,
  formatPhoneDisplay,
  type ShipmentRow,
  type UspsPickupDbInfo,
  type UspsPickupInquiry,
} from '@airbox/contract';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useAlert } from '../../../components/alert/alert-context';
import { InfoDialog, InfoItem, InfoLines, InfoSection } from '../../../components/dialog/info-dialog';
import { Form } from '../../../components/form/form';
import { FormField } from '../../../components/form/form-field';
import { FormSelect } from '../../../components/form/form-select';
import { ApiError, answerMessage, type CallInput } from '../../../lib/http';
import { useCancelPickup } from '../api/cancel-pickup';
import { useUspsPickupChange } from '../api/usps-pickup-change';
import { useUspsPickupInquiry } from '../api/usps-pickup-inquiry';
import { pickupDateLabel } from '../utils/format';
import { PICKUP_STATUS_TEXT, PICKUP_TEXT } from '../utils/messages';
import { DoneNotice, DropoffCode } from './pickup-order-details-dialog';

const LOCATION_OPTIONS = PACKAGE_LOCATIONS.map((location) => ({ value: location, label: location }));
const asLocation = (value: string) => PACKAGE_LOCATIONS.find((location) => location === value);

/** What changing a pickup sends beside the label. */
type PickupChange = Omit<CallInput<'uspsPickupChangeCall'>, 'shipmentdetailsid'>;

/**
 * The pickup once: USPS's record while USPS has it (what the driver is told), else what the portal
 * kept (dbInfo), with the portal's status and the locker's drop-off code. The date in one format.
 */
function PickupContent({ inquiry, dbInfo }: { inquiry: UspsPickupInquiry | null; dbInfo: UspsPickupDbInfo }) {
  const pickupDate = inquiry?.Date || dbInfo.pickupdate;
  const weight = inquiry?.EstimatedWeight ?? dbInfo.estimatedweight;
  return (
    <>
      <InfoSection title="Pickup">
        <InfoItem label="Status">{PICKUP_STATUS_TEXT[dbInfo.status] ?? dbInfo.status}</InfoItem>
        <InfoItem label="Confirmation number">{inquiry?.ConfirmationNumber || dbInfo.confirmation}</InfoItem>
        <InfoItem label="Pickup date">{pickupDate ? pickupDateLabel(pickupDate) : ''}</InfoItem>
        <InfoItem label="Service type">{inquiry?.ServiceType || dbInfo.servicetype}</InfoItem>
        <InfoItem label="Package count">{String(inquiry?.PackageCount ?? dbInfo.count)}</InfoItem>
        {dbInfo.labels.length > 1 && <InfoItem label={PICKUP_TEXT.labelsInPickup}>{dbInfo.labels.join(', ')}</InfoItem>}
        <InfoItem label="Estimated weight">{weight > 0 ? `${weight} lb` : ''}</InfoItem>
        <InfoItem label="Package location">{inquiry?.PackageLocation || dbInfo.packagelocation}</InfoItem>
        <InfoItem label="Special instructions">{inquiry ? inquiry.SpecialInstructions : dbInfo.specialinstructions}</InfoItem>
        {dbInfo.dropoffcode && <DropoffCode code={dbInfo.dropoffcode} />}
      </InfoSection>
      {inquiry && (
        <InfoSection title="Pickup address">
          <InfoItem label="Name">
            <InfoLines lines={[`${inquiry.FirstName} ${inquiry.LastName}`, inquiry.FirmName]} />
          </InfoItem>
          <InfoItem label="Address">
            <InfoLines lines={[inquiry.Address, inquiry.SuiteOrApt || dbInfo.address2, `${inquiry.City}, ${inquiry.State} ${inquiry.ZIP5}`]} />
          </InfoItem>
          <InfoItem label="Phone">{formatPhoneDisplay(inquiry.Phone)}</InfoItem>
        </InfoSection>
      )}
    </>
  );
}

/**
 * Change the pickup (ours, CarrierPickupChange), in place of the details: a day among
 * dbInfo.reschedulableDates (its own day first selected, so that only the package location or the
 * instructions may change), the package location and the instructions, checked by the date step's
 * uspsPickupDateStepSchema. Back returns to the details.
 */
function ChangePickupForm({ dbInfo, busy, onSave, onBack }: { dbInfo: UspsPickupDbInfo; busy: boolean; onSave: (values: PickupChange) => void; onBack: () => void }) {
  const dates = dbInfo.reschedulableDates.map((date) => ({
    value: date,
    label: date === dbInfo.pickupdate ? `${pickupDateLabel(date)} (current)` : pickupDateLabel(date),
  }));
  return (
    <Form
      schema="uspsPickupDateStepSchema"
      defaultValues={{
        PickupDate: dbInfo.reschedulableDates.includes(dbInfo.pickupdate) ? dbInfo.pickupdate : '',
        reference: asLocation(dbInfo.packagelocation),
        instructions: dbInfo.specialinstructions,
      }}
      onSubmit={(values) => onSave({ pickupdate: values.PickupDate, packagelocation: values.reference, specialinstructions: values.instructions })}
      aria-label={PICKUP_TEXT.changeTitle}
    >
      {() => (
        <>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {PICKUP_TEXT.changeTitle}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {PICKUP_TEXT.changeDescription}
          </Typography>
          <FormSelect name="PickupDate" label="Pickup Date" required options={dates} />
          <FormSelect name="reference" label="Package location" required options={LOCATION_OPTIONS} />
          <FormField name="instructions" label="Special instructions" multiline minRows={2} maxLength={PICKUP_DEFAULTS.instructionsMax} />
          <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: 1 }}>
            <Button color="secondary" onClick={onBack} disabled={busy}>
              BACK
            </Button>
            <Button type="submit" variant="contained" disabled={busy}>
              SAVE CHANGES
            </Button>
          </Box>
        </>
      )}
    </Form>
  );
}

/**
 * Carrier Pickup Details (spec 03 §2, §3 USPS pickup inquiry response, §4 Pickup flow): a USPS
 * pickup as CarrierPickupInquiry tells it with the stored dbInfo. Scheduled: 'Your carrier pickup
 * has been scheduled' ('... was successful' when opened through shipmentdetailsid), CHANGE DATE
 * (its form in place of the details, then 'SUCCESS Successfully Modified' above them) and CANCEL
 * PICKUP (asked first, then 'Your pickup was cancelled.' above the details): no dialog over the dialog. Cancelled (no inquiry response): 'Your pickup request was cancelled' and
 * SCHEDULE NEW PICKUP when the label allows it. code -1: ' Failure', then the wizard opens.
 */
export function CarrierPickupDetailsDialog({
  shippingdetailsId,
  row,
  successful,
  startChanging = false,
  onClose,
  onChanged,
  onSchedule,
}: {
  shippingdetailsId: number;
  /** The label, when the list knows it: SCHEDULE NEW PICKUP and the wizard need it. */
  row: ShipmentRow | null;
  successful: boolean;
  /** Opens at CHANGE DATE's form (the Pickups list's CHANGE). */
  startChanging?: boolean;
  onClose: () => void;
  onChanged: () => void;
  /** Opens the wizard at the confirm-package step for `row`. */
  onSchedule: () => void;
}) {
  const alert = useAlert();
  const inquiry = useUspsPickupInquiry(shippingdetailsId);
  const cancel = useCancelPickup();
  const change = useUspsPickupChange();
  // The change form takes the details' place in the dialog, and gives it back once saved; what was
  // done is said at the top of the details (a toast behind the dialog would be hidden from screen readers).
  const [changing, setChanging] = useState(startChanging);
  const [done, setDone] = useState<string | null>(null);
  // code -1 as an answer, whether the server sends it with 200 or, as ours does, with 404.
  const noPickup = inquiry.error instanceof ApiError && !inquiry.error.isServiceFailure && inquiry.error.errorcode === OPENAPI_CODE.error;

  // The label has no USPS pickup: say so, then the wizard opens (once, whatever renders follow).
  const told = useRef(false);
  useEffect(() => {
    if (!noPickup || told.current) return;
    told.current = true;
    void alert.show({ icon: 'error', text: SHIPMENT_MESSAGES.failure });
    if (row) onSchedule();
    else onClose();
  }, [alert, noPickup, onClose, onSchedule, row]);

  const response = inquiry.data?.data.CarrierPickupInquiryResponse ?? null;
  const dbInfo = inquiry.data?.dbInfo;
  const scheduled = response !== null && dbInfo?.status === 'scheduled';

  async function askCancel() {
    // Of a pickup for several labels, this label is taken off it: USPS still comes for the others.
    const others = (dbInfo?.labels.length ?? 1) - 1;
    const confirmed = await alert.show({
      icon: 'warning',
      title: 'Cancel pickup',
      text: others > 0 ? PICKUP_TEXT.cancelLabelQuestion(others) : PICKUP_TEXT.cancelPickupQuestion,
      confirmText: others > 0 ? 'TAKE IT OFF' : 'CANCEL PICKUP',
      cancelText: 'KEEP IT',
    });
    if (!confirmed) return;
    try {
      await cancel.mutateAsync({ shippingdetails_id: shippingdetailsId });
      onChanged();
      setDone(PICKUP_TEXT.cancelled);
    } catch (error) {
      void alert.show({ icon: 'error', text: answerMessage(error) || PICKUP_MESSAGES.serviceException });
    }
  }

  async function save(values: PickupChange) {
    try {
      await change.mutateAsync({ shipmentdetailsid: shippingdetailsId, ...values });
      setChanging(false);
      onChanged();
      setDone(SHIPMENT_MESSAGES.successModified);
    } catch (error) {
      void alert.show({ icon: 'error', text: answerMessage(error) || PICKUP_MESSAGES.serviceException });
    }
  }

  return (
    <InfoDialog
      open={!noPickup}
      title="Carrier Pickup Details"
      loading={inquiry.isPending}
      loadingLabel="Loading the pickup details"
      onClose={onClose}
      actions={
        scheduled &&
        !changing && (
          <>
            {dbInfo.reschedulableDates.length > 0 && (
              <Button
                variant="outlined"
                onClick={() => {
                  setDone(null);
                  setChanging(true);
                }}
              >
                CHANGE DATE
              </Button>
            )}
            <Button color="error" variant="outlined" disabled={cancel.isPending} onClick={() => void askCancel()}>
              CANCEL PICKUP
            </Button>
          </>
        )
      }
    >
      {done && !changing && <DoneNotice text={done} />}
      {inquiry.data && dbInfo ? (
        scheduled && changing ? (
          <ChangePickupForm dbInfo={dbInfo} busy={change.isPending} onSave={(values) => void save(values)} onBack={() => setChanging(false)} />
        ) : response ? (
          <>
            <Alert severity="success" role="status" sx={{ mb: 2 }}>
              <AlertTitle sx={{ mb: 0 }}>{successful ? PICKUP_MESSAGES.uspsSuccessful : PICKUP_MESSAGES.uspsScheduled}</AlertTitle>
            </Alert>
            <PickupContent inquiry={response} dbInfo={dbInfo} />
          </>
        ) : (
          <>
            <Alert
              severity="info"
              role="status"
              sx={{ mb: 2 }}
              action={
                row?.status_flag === STATUS_FLAG.labelCreated && (
                  <Button color="inherit" variant="outlined" size="small" onClick={onSchedule}>
                    {PICKUP_TEXT.scheduleNew}
                  </Button>
                )
              }
            >
              {PICKUP_MESSAGES.uspsCancelled}
            </Alert>
            <PickupContent inquiry={null} dbInfo={dbInfo} />
          </>
        )
      ) : (
        !noPickup && (
          <Alert severity="error" role="alert">
            {answerMessage(inquiry.error) || PICKUP_MESSAGES.serviceException}
          </Alert>
        )
      )}
    </InfoDialog>
  );
}
