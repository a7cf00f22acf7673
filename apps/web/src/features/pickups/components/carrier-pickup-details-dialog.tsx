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
import Button from '@mui/material/Button';
import { useEffect, useRef, useState } from 'react';
import { useAlert } from '../../../components/alert/alert-context';
import { FormDialog } from '../../../components/dialog/form-dialog';
import { InfoDialog, InfoItem, InfoLines, InfoSection } from '../../../components/dialog/info-dialog';
import { FormField } from '../../../components/form/form-field';
import { FormSelect } from '../../../components/form/form-select';
import { ApiError, answerMessage, type CallInput } from '../../../lib/http';
import { useCancelPickup } from '../api/cancel-pickup';
import { useUspsPickupChange } from '../api/usps-pickup-change';
import { useUspsPickupInquiry } from '../api/usps-pickup-inquiry';
import { pickupDateLabel } from '../utils/format';
import { PICKUP_STATUS_TEXT, PICKUP_TEXT } from '../utils/messages';
import { DropoffCode } from './pickup-order-details-dialog';

const LOCATION_OPTIONS = PACKAGE_LOCATIONS.map((location) => ({ value: location, label: location }));
const asLocation = (value: string) => PACKAGE_LOCATIONS.find((location) => location === value);

/** What changing a pickup sends beside the label. */
type PickupChange = Omit<CallInput<'uspsPickupChangeCall'>, 'shipmentdetailsid'>;

function InquiryContent({ inquiry, dbInfo }: { inquiry: UspsPickupInquiry; dbInfo: UspsPickupDbInfo }) {
  return (
    <>
      <InfoSection title="Pickup">
        <InfoItem label="Confirmation number">{inquiry.ConfirmationNumber}</InfoItem>
        <InfoItem label="Pickup date">{[inquiry.DayOfWeek, inquiry.Date].filter(Boolean).join(', ')}</InfoItem>
        <InfoItem label="Service type">{inquiry.ServiceType}</InfoItem>
        <InfoItem label="Package count">{String(inquiry.PackageCount)}</InfoItem>
        <InfoItem label="Estimated weight">{inquiry.EstimatedWeight > 0 ? `${inquiry.EstimatedWeight} lb` : ''}</InfoItem>
        <InfoItem label="Package location">{inquiry.PackageLocation}</InfoItem>
        <InfoItem label="Special instructions">{inquiry.SpecialInstructions}</InfoItem>
      </InfoSection>
      <InfoSection title="Pickup address">
        <InfoItem label="Name">
          <InfoLines lines={[`${inquiry.FirstName} ${inquiry.LastName}`, inquiry.FirmName]} />
        </InfoItem>
        <InfoItem label="Address">
          <InfoLines lines={[inquiry.Address, inquiry.SuiteOrApt || dbInfo.address2, `${inquiry.City}, ${inquiry.State} ${inquiry.ZIP5}`]} />
        </InfoItem>
        <InfoItem label="Phone">{formatPhoneDisplay(inquiry.Phone)}</InfoItem>
      </InfoSection>
      <DbInfoContent dbInfo={dbInfo} />
    </>
  );
}

/** What the portal keeps of the pickup (spec 03 §3 dbInfo). */
function DbInfoContent({ dbInfo }: { dbInfo: UspsPickupDbInfo }) {
  return (
    <InfoSection title="Your request">
      <InfoItem label="Status">{PICKUP_STATUS_TEXT[dbInfo.status] ?? dbInfo.status}</InfoItem>
      <InfoItem label="Requested date">{dbInfo.pickupdate ? pickupDateLabel(dbInfo.pickupdate) : ''}</InfoItem>
      <InfoItem label="Service type">{dbInfo.servicetype}</InfoItem>
      <InfoItem label="Package count">{String(dbInfo.count)}</InfoItem>
      <InfoItem label="Estimated weight">{dbInfo.estimatedweight > 0 ? `${dbInfo.estimatedweight} lb` : ''}</InfoItem>
      <InfoItem label="Package location">{dbInfo.packagelocation}</InfoItem>
      <InfoItem label="Address 2">{dbInfo.address2}</InfoItem>
      <InfoItem label="Special instructions">{dbInfo.specialinstructions}</InfoItem>
      {dbInfo.dropoffcode && <DropoffCode code={dbInfo.dropoffcode} />}
    </InfoSection>
  );
}

/**
 * Change the pickup (ours, CarrierPickupChange): another day among dbInfo.reschedulableDates, the
 * package location and the instructions, checked by the date step's uspsPickupDateStepSchema.
 */
function ChangePickupDialog({
  open,
  dbInfo,
  busy,
  onSave,
  onCancel,
}: {
  open: boolean;
  dbInfo: UspsPickupDbInfo;
  busy: boolean;
  onSave: (values: PickupChange) => void;
  onCancel: () => void;
}) {
  const dates = dbInfo.reschedulableDates.map((date) => ({ value: date, label: pickupDateLabel(date) }));
  return (
    <FormDialog
      open={open}
      title={PICKUP_TEXT.changeTitle}
      description={PICKUP_TEXT.changeDescription}
      schema="uspsPickupDateStepSchema"
      defaultValues={{
        PickupDate: dbInfo.reschedulableDates.includes(dbInfo.pickupdate) ? dbInfo.pickupdate : '',
        reference: asLocation(dbInfo.packagelocation),
        instructions: dbInfo.specialinstructions,
      }}
      onSubmit={(values) => onSave({ pickupdate: values.PickupDate, packagelocation: values.reference, specialinstructions: values.instructions })}
      onCancel={onCancel}
      busy={busy}
    >
      <FormSelect name="PickupDate" label="Pickup Date" required options={dates} />
      <FormSelect name="reference" label="Package location" required options={LOCATION_OPTIONS} />
      <FormField name="instructions" label="Special instructions" multiline minRows={2} maxLength={PICKUP_DEFAULTS.instructionsMax} />
    </FormDialog>
  );
}

/**
 * Carrier Pickup Details (spec 03 §2, §3 USPS pickup inquiry response, §4 Pickup flow): a USPS
 * pickup as CarrierPickupInquiry tells it with the stored dbInfo. Scheduled: 'Your carrier pickup
 * has been scheduled' ('... was successful' when opened through shipmentdetailsid), CHANGE DATE
 * and CANCEL PICKUP. Cancelled (no inquiry response): 'Your pickup request was cancelled' and
 * SCHEDULE NEW PICKUP when the label allows it. code -1: ' Failure', then the wizard opens.
 */
export function CarrierPickupDetailsDialog({
  shippingdetailsId,
  row,
  successful,
  onClose,
  onChanged,
  onSchedule,
}: {
  shippingdetailsId: number;
  /** The label, when the list knows it: SCHEDULE NEW PICKUP and the wizard need it. */
  row: ShipmentRow | null;
  successful: boolean;
  onClose: () => void;
  onChanged: () => void;
  /** Opens the wizard at the confirm-package step for `row`. */
  onSchedule: () => void;
}) {
  const alert = useAlert();
  const inquiry = useUspsPickupInquiry(shippingdetailsId);
  const cancel = useCancelPickup();
  const change = useUspsPickupChange();
  const [changing, setChanging] = useState(false);
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
    const confirmed = await alert.show({
      icon: 'warning',
      title: 'Cancel pickup',
      text: PICKUP_TEXT.cancelPickupQuestion,
      confirmText: 'CANCEL PICKUP',
      cancelText: 'KEEP IT',
    });
    if (!confirmed) return;
    try {
      await cancel.mutateAsync({ shippingdetails_id: shippingdetailsId });
      onChanged();
      void alert.show({ icon: 'success', text: PICKUP_TEXT.cancelled });
    } catch (error) {
      void alert.show({ icon: 'error', text: answerMessage(error) || PICKUP_MESSAGES.serviceException });
    }
  }

  async function save(values: PickupChange) {
    try {
      await change.mutateAsync({ shipmentdetailsid: shippingdetailsId, ...values });
      setChanging(false);
      onChanged();
      void alert.show({ icon: 'success', text: SHIPMENT_MESSAGES.successModified });
    } catch (error) {
      void alert.show({ icon: 'error', text: answerMessage(error) || PICKUP_MESSAGES.serviceException });
    }
  }

  return (
    <>
      <InfoDialog
        open={!noPickup}
        title="Carrier Pickup Details"
        loading={inquiry.isPending}
        loadingLabel="Loading the pickup details"
        onClose={onClose}
        actions={
          scheduled && (
            <>
              {dbInfo.reschedulableDates.length > 0 && (
                <Button variant="outlined" disabled={change.isPending} onClick={() => setChanging(true)}>
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
        {inquiry.data && dbInfo ? (
          response ? (
            <>
              <Alert severity="success" role="status" sx={{ mb: 2 }}>
                <AlertTitle sx={{ mb: 0 }}>{successful ? PICKUP_MESSAGES.uspsSuccessful : PICKUP_MESSAGES.uspsScheduled}</AlertTitle>
              </Alert>
              <InquiryContent inquiry={response} dbInfo={dbInfo} />
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
              <DbInfoContent dbInfo={dbInfo} />
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
      {dbInfo && (
        <ChangePickupDialog
          open={changing}
          dbInfo={dbInfo}
          busy={change.isPending}
          onSave={(values) => void save(values)}
          onCancel={() => setChanging(false)}
        />
      )}
    </>
  );
}
