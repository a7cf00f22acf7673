import { PICKUP_MESSAGES, carrierDisplayName, type PickupRate, type ShipmentRow } from '@airbox/contract';
import Dialog from '@mui/material/Dialog';
import { useRef, useState } from 'react';
import { addressCheckOf, suggestionOf } from '../../../components/address/address-check';
import { useAlert } from '../../../components/alert/alert-context';
import { useNarrow } from '../../../components/layout/use-narrow';
import { useLeaveWarning } from '../../../components/wizard/use-leave-warning';
import { useWizard } from '../../../components/wizard/use-wizard';
import { WizardFrame } from '../../../components/wizard/wizard-frame';
import { answerMessage } from '../../../lib/http';
import { paymentPage } from '../../../lib/leave-for-payment';
import { useMyAddress } from '../../../lib/my-address';
import { useShipmentDetail } from '../../../lib/shipment-detail';
import { useValidateAddress } from '../../../lib/validate-address';
import { useCreatePickup } from '../api/create-pickup';
import { usePaypalByPickup } from '../api/paypal-by-pickup';
import { useUspsPickupAvailability } from '../api/usps-pickup-availability';
import { useUspsPickupSchedule } from '../api/usps-pickup-schedule';
import { useUspsPickupScheduleLabels } from '../api/usps-pickup-schedule-labels';
import {
  EMPTY_PICKUP_DATE,
  addressFromLabel,
  applySuggestion,
  createPickupInput,
  firstPickupAddress,
  isHubAddress,
  pickupRoute,
  uspsAvailabilityInput,
  uspsLabelsScheduleInput,
  uspsScheduleInput,
  validateInput,
  type PickupAddressValues,
  type PickupDateValues,
} from '../utils/draft';
import { PICKUP_TEXT } from '../utils/messages';
import { ConfirmLabelsStep } from './confirm-labels-step';
import { ConfirmPackageStep } from './confirm-package-step';
import { PickupAddressStep } from './pickup-address-step';
import { PickupDateStep } from './pickup-date-step';
import { PickupSummaryStep, type PickupQuote } from './pickup-summary-step';
import { UspsScheduledStep, type UspsScheduled } from './usps-scheduled-step';

/** Spec 03 §2 Pickup wizard; USPS has no payment, its last step says the pickup is scheduled. */
const PAID_STEPS = ['Confirm Package', 'Pickup Address', 'Select Pickup Date and Time', 'Summary and payment'] as const;
const USPS_STEPS = ['Confirm Package', 'Pickup Address', 'Select Pickup Date and Time', 'Summary'] as const;
const STEP = { confirm: 0, address: 1, date: 2, summary: 3 } as const;

/** A call's own message ('Pickup is not available for this service!', ...) or 'Service exception!'. */
const reasonOf = (error: unknown) => answerMessage(error) || PICKUP_MESSAGES.serviceException;

/**
 * The Pickup wizard (spec 03 §2, §4 Pickup flow, §5) in a dialog over Purchased Labels: Confirm
 * Package, Pickup Address (starting at the label's ship-from address and, for USPS, its service),
 * Select Pickup Date and Time, then for FedEx Summary and payment
 * (validateAddress, createPickup, the rates, the agreements and PayPal, paypalByPickup and the
 * payment page) and for USPS the scheduling at once (CarrierPickupAvailability, then
 * CarrierPickupSchedule) and its confirmation. Back goes one step; Cancel asks, then closes.
 * With `labels` (issue 25 item 2: several USPS labels, `row` the first), ONE USPS pickup for all
 * of them: the packages confirmed together, no service to pick (each label's own), and
 * CarrierPickupScheduleLabels, which sums their count and weight.
 */
export function PickupWizard({
  userId,
  row,
  labels,
  onClose,
  onChanged,
}: {
  userId: number;
  row: ShipmentRow;
  /** Several USPS labels for one pickup (row is the first). */
  labels?: readonly ShipmentRow[] | undefined;
  onClose: () => void;
  /** The pickup was scheduled: the list shows the row as it is now. */
  onChanged: () => void;
}) {
  const many = labels !== undefined && labels.length > 1;
  const usps = many || pickupRoute(row) === 'usps';
  const wizard = useWizard(usps ? USPS_STEPS : PAID_STEPS);
  const alert = useAlert();
  const narrow = useNarrow();
  const mine = useMyAddress(userId);
  const validate = useValidateAddress();
  const create = useCreatePickup();
  const pay = usePaypalByPickup();
  const availability = useUspsPickupAvailability();
  const schedule = useUspsPickupSchedule();
  const scheduleLabels = useUspsPickupScheduleLabels();
  const detail = useShipmentDetail({ shipmentID: row.shipmentID, shippingIndexID: row.shippingIndexID });
  const shipFrom = detail.data?.data.from_address;

  const [address, setAddress] = useState<PickupAddressValues>(() => firstPickupAddress(row));
  const [date, setDate] = useState<PickupDateValues>(EMPTY_PICKUP_DATE);
  const [quote, setQuote] = useState<PickupQuote>({ status: 'checking' });
  const [problem, setProblem] = useState<string | null>(null);
  const [scheduled, setScheduled] = useState<UspsScheduled | null>(null);
  /** The quote asked last: an answer to an earlier one (the customer went back meanwhile) is dropped. */
  const attempt = useRef(0);

  // The address step starts at the label's ship-from address the first time it opens (never over
  // what the customer typed since); it stays a choice there either way.
  const startedAtShipFrom = useRef(false);
  function toAddressStep() {
    if (shipFrom && !startedAtShipFrom.current) setAddress((current) => addressFromLabel(shipFrom, current));
    startedAtShipFrom.current = true;
    wizard.next();
  }

  const addresses = mine.data?.data ?? [];
  const hub = addresses.find((found) => found.kind === 'hub');
  const { allowLeave } = useLeaveWarning(wizard.step > STEP.confirm && scheduled === null, PICKUP_TEXT.leaveQuestion);
  const schedulingUsps = availability.isPending || schedule.isPending || scheduleLabels.isPending;
  const busy = schedulingUsps || pay.isPending;

  async function cancel() {
    const stop = await alert.show({ icon: 'question', text: PICKUP_TEXT.cancelQuestion, confirmText: 'LEAVE', cancelText: 'STAY' });
    if (!stop) return;
    allowLeave();
    onClose();
  }

  /** FedEx: the address checked by the carrier (its addrId), then the pickup asked for and priced. */
  async function quoteFor(where: PickupAddressValues, when: PickupDateValues) {
    const mine = ++attempt.current;
    const current = () => mine === attempt.current;
    setQuote({ status: 'checking' });
    let addressId: string;
    try {
      const { data } = await validate.mutateAsync(validateInput(where));
      if (!current()) return;
      if (data.result !== 1 || !data.addrId) {
        setQuote({ status: 'address', check: addressCheckOf(data) });
        return;
      }
      addressId = data.addrId;
    } catch (error) {
      if (current()) setQuote({ status: 'address', check: { status: 'failed', message: answerMessage(error) ?? undefined } });
      return;
    }
    setQuote({ status: 'asking' });
    try {
      const { data } = await create.mutateAsync(createPickupInput(row, addressId, when, isHubAddress(where, hub)));
      if (!current()) return;
      setQuote(
        data.pickup_rates.length > 0
          ? { status: 'ready', pickupId: data.pickupId, rates: data.pickup_rates }
          : { status: 'refused', message: PICKUP_MESSAGES.notAvailable },
      );
    } catch (error) {
      if (current()) setQuote({ status: 'refused', message: reasonOf(error) });
    }
  }

  async function payFor(pickupId: string, rate: PickupRate) {
    try {
      const { paymentUrl } = await pay.mutateAsync({
        shipmentId: row.shipmentID,
        pickupId,
        pickupRateId: rate.id,
        userId,
        useLocker: isHubAddress(address, hub),
      });
      allowLeave();
      paymentPage.leaveFor(paymentUrl);
    } catch (error) {
      // A payment that did not start: the one dialog every payment screen shows, TRY AGAIN or CLOSE.
      if (await alert.retry({ title: 'Oops...', text: reasonOf(error) })) void payFor(pickupId, rate);
    }
  }

  /** USPS: does it come there (Error.Description when not), then the pickup scheduled. */
  async function scheduleUsps(when: PickupDateValues) {
    setDate(when);
    setProblem(null);
    try {
      const { data } = await availability.mutateAsync(uspsAvailabilityInput(address));
      if (data.Error) {
        setProblem(data.Error.Description || PICKUP_MESSAGES.serviceException);
        return;
      }
    } catch (error) {
      setProblem(reasonOf(error));
      return;
    }
    try {
      if (many) {
        const { data } = await scheduleLabels.mutateAsync(uspsLabelsScheduleInput(labels, address, when, isHubAddress(address, hub)));
        setScheduled({
          confirmation: data.ConfirmationNumber ?? '',
          date: data.Date ?? '',
          packageCount: data.PackageCount ?? labels.length,
          joined: false,
          labels: data.Labels ?? labels.map((label) => label.orderNo),
          estimatedWeight: data.EstimatedWeight,
        });
        wizard.goTo(STEP.summary);
        onChanged();
        return;
      }
      const { data } = await schedule.mutateAsync(uspsScheduleInput(row, userId, address, when, isHubAddress(address, hub)));
      setScheduled({ confirmation: data.ConfirmationNumber ?? '', date: data.Date ?? '', packageCount: data.PackageCount ?? 1, joined: data.Joined ?? false });
      wizard.goTo(STEP.summary);
      onChanged();
    } catch (error) {
      setProblem(reasonOf(error));
    }
  }

  function acceptSuggestion() {
    const suggestion = quote.status === 'address' ? suggestionOf(quote.check) : null;
    if (!suggestion) return;
    const corrected = applySuggestion(address, suggestion);
    setAddress(corrected);
    void quoteFor(corrected, date);
  }

  const close = scheduled ? onClose : () => void cancel();
  return (
    <Dialog
      open
      onClose={busy ? undefined : close}
      maxWidth="md"
      fullWidth
      fullScreen={narrow}
      // On a computer the page scrolls the card; on a phone the screen-filling dialog scrolls itself.
      scroll={narrow ? 'paper' : 'body'}
      // The wizard's card is the dialog's face on a computer; on a phone it fills the screen.
      slotProps={{
        paper: {
          'aria-label': PICKUP_TEXT.wizardTitle,
          sx: narrow ? undefined : { bgcolor: 'transparent', boxShadow: 'none', backgroundImage: 'none' },
        },
      }}
    >
      <WizardFrame
        wizard={wizard}
        title={PICKUP_TEXT.wizardTitle}
        titleLevel="h2"
        compact
        subtitle={many ? PICKUP_TEXT.labelsSubtitle(labels.length) : PICKUP_TEXT.subtitle(row.orderNo, carrierDisplayName(row.rateCarrier))}
        busy={busy}
        busyLabel={schedulingUsps ? PICKUP_TEXT.scheduling : PICKUP_TEXT.paying}
      >
        {wizard.step === STEP.confirm &&
          (many ? (
            <ConfirmLabelsStep labels={labels} waiting={detail.isPending} onCancel={() => void cancel()} onNext={toAddressStep} />
          ) : (
            <ConfirmPackageStep row={row} waiting={detail.isPending} onCancel={() => void cancel()} onNext={toAddressStep} />
          ))}
        {wizard.step === STEP.address && (
          <PickupAddressStep
            userId={userId}
            // Several labels: each keeps its own service, so none is asked.
            usps={usps && !many}
            mine={addresses}
            shipFrom={shipFrom}
            defaultValues={address}
            onBack={(values) => {
              setAddress(values);
              wizard.back();
            }}
            onCancel={() => void cancel()}
            onNext={(values) => {
              setAddress(values);
              // At the locker the package waits in a locker unless the customer says otherwise.
              if (date.reference === '' && isHubAddress(values, hub)) setDate({ ...date, reference: 'Locker' });
              setProblem(null);
              wizard.next();
            }}
          />
        )}
        {wizard.step === STEP.date && (
          <PickupDateStep
            usps={usps}
            carrier={row.rateCarrier}
            state={address.State_province_region}
            defaultValues={date}
            problem={problem}
            busy={schedulingUsps}
            onBack={(values) => {
              setDate(values);
              wizard.back();
            }}
            onCancel={() => void cancel()}
            onNext={(values) => {
              if (usps) {
                void scheduleUsps(values);
                return;
              }
              setDate(values);
              wizard.next();
              void quoteFor(address, values);
            }}
          />
        )}
        {wizard.step === STEP.summary && !usps && (
          <PickupSummaryStep
            address={address}
            date={date}
            quote={quote}
            busy={pay.isPending}
            onAcceptSuggestion={acceptSuggestion}
            onEditAddress={() => wizard.goTo(STEP.address)}
            onRetry={() => void quoteFor(address, date)}
            onBack={() => {
              attempt.current += 1;
              wizard.back();
            }}
            onCancel={() => void cancel()}
            onPay={(pickupId, rate) => void payFor(pickupId, rate)}
          />
        )}
        {wizard.step === STEP.summary && usps && scheduled && (
          <UspsScheduledStep scheduled={scheduled} address={address} date={date} onClose={onClose} />
        )}
      </WizardFrame>
    </Dialog>
  );
}
