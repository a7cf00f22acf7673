import {
  LABEL_RETURN_MESSAGES,
  offersQrCode,
  compartmentFor,
  LABEL_PURCHASE_ERRORCODE,
  MESSAGES,
  predefinedPackageOf,
  STORAGE_KEYS,
  decodeLabelPurchaseParam,
  localToday,
  shipDatesFrom,
  stateTimeZone,
  type LabelRate,
} from '@airbox/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { addressCheckOf, type AddressCheck } from '../../../components/address/address-check';
import { useAlert } from '../../../components/alert/alert-context';
import { useToast } from '../../../components/toast/toast-context';
import { useLeaveWarning } from '../../../components/wizard/use-leave-warning';
import { useHistoryWizard } from '../../../components/wizard/use-history-wizard';
import type { Wizard } from '../../../components/wizard/use-wizard';
import { WizardFrame } from '../../../components/wizard/wizard-frame';
import { paths } from '../../../config/paths';
import type { AddressValues } from '../../../lib/address-values';
import { useServiceNames } from '../../../lib/service-names';
import { ApiError, answerMessage, type CallInput } from '../../../lib/http';
import { paymentPage } from '../../../lib/leave-for-payment';
import { useMyAddress } from '../../../lib/my-address';
import { useValidateAddress } from '../../../lib/validate-address';
import { useBuyLabel } from '../api/buy-label';
import { useDropOffHubs } from '../api/get-drop-off-hubs';
import { useOrderForLater } from '../api/get-order-for-later';
import { useUnpaidLabel } from '../api/get-unpaid-label';
import { useRateLabel } from '../api/rate-label';
import { useShipAgain } from '../api/get-ship-again';
import { useSaveOrderForLater } from '../api/save-order-for-later';
import { EMPTY_DRAFT, draftForReturn, draftFromSavedOrder, draftFromShipAgain, isInternational, rateInput, saveForLaterInput, type LabelDraft } from '../utils/draft';
import { LABEL_PURCHASE_TEXT } from '../utils/messages';
import { FromStep, ToStep } from './address-steps';
import { CustomsStep } from './customs-step';
import { OptionsStep } from './options-step';
import { PackageStep } from './package-step';
import {
  bothVerified,
  canSaveForLater,
  currentDraft,
  initialLabelPurchaseState,
  labelPurchaseReducer,
  ratesFailure,
  unpaidLabelState,
  type LabelPurchaseState,
  type ServiceChoice,
} from './label-purchase-state';
import { RatesStep } from './rates-step';
import { ReviewStep } from './review-step';
import { VerifyStep } from './verify-step';

const STEPS = ['From', 'To', 'Package', 'Customs', 'Options', 'Verify', 'Rates', 'Review and pay'] as const;
const STEP = { from: 0, to: 1, package: 2, customs: 3, options: 4, verify: 5, rates: 6, review: 7 } as const;

/**
 * The wizard as the stepper shows it for a parcel at home: without the Customs step (issue 25
 * item 3), which only a parcel abroad is asked; the steps after it one place earlier.
 */
function withoutCustoms(wizard: Wizard): Wizard {
  const shown = (step: number) => (step > STEP.customs ? step - 1 : step);
  const actual = (step: number) => (step >= STEP.customs ? step + 1 : step);
  return {
    ...wizard,
    steps: wizard.steps.filter((_, index) => index !== STEP.customs),
    step: shown(wizard.step),
    goTo: (step) => wizard.goTo(actual(step)),
    ...(wizard.canGoTo ? { canGoTo: (step: number) => wizard.canGoTo!(actual(step)) } : {}),
  };
}

/** The `param` of the page's hash (#/Shipment/shipmentRate?param=...), as the link put it. */
export function paramOfHash(hash: string): string | null {
  const query = hash.split('?')[1] ?? '';
  const match = /(?:^|&)param=([^&]*)/.exec(query);
  return match?.[1] ?? null;
}

/**
 * What `param` asks the page to open: a saved order to continue (OrderId), or an unpaid label to
 * review and pay (unpaidLabelId). Only the session says who the customer is.
 */
function openedBy(hash: string): { orderId: number | undefined; unpaidLabelId: number | undefined; shipAgainId: number | undefined; returnOfId: number | undefined } {
  const param = decodeLabelPurchaseParam(paramOfHash(hash));
  const id = Number(param?.OrderId);
  return { orderId: Number.isInteger(id) && id > 0 ? id : undefined, unpaidLabelId: param?.unpaidLabelId, shipAgainId: param?.shipAgainId, returnOfId: param?.returnOfId };
}

/**
 * /shipment/#/Shipment/shipmentRate?param=... (spec 03 §2): the label-purchase page. The customer
 * is the session's; `param` only pre-selects (its user id is never used) an order in progress to
 * continue, read with getOrderForLater, which pre-fills every step; or an unpaid label (a payment
 * cancelled at PayPal, PAY in Orders In Progress), read with getUnpaidLabels, which opens at the
 * Review step with everything as it was chosen.
 */
/** The parcel's sides in inches as the server keeps them: a USPS Flat Rate package's inside size, else as typed. */
function parcelInches(parcel: LabelDraft['parcel']): { length: number; width: number; height: number } {
  const carrierPackage = predefinedPackageOf(parcel.predefinedPackage);
  if (carrierPackage) return carrierPackage;
  return { length: Number(parcel.length) || 0, width: Number(parcel.width) || 0, height: Number(parcel.height) || 0 };
}

export function LabelPurchase({ userId, hash }: { userId: number; hash: string }) {
  const { orderId, unpaidLabelId, shipAgainId, returnOfId } = openedBy(hash);
  const order = useOrderForLater(userId, orderId);
  const unpaid = useUnpaidLabel(unpaidLabelId);
  const again = useShipAgain(shipAgainId);
  // A return label (issue 23 item 3) starts from the label it returns, as ship again reads it.
  const returned = useShipAgain(returnOfId);
  if (returnOfId !== undefined && returned.isPending) return <LinearProgress aria-label="Loading the label to return" />;
  const returnOf = returned.data?.data;
  if (returnOf) {
    // Its addresses swapped and checked, today's rates asked at once; every step there to change.
    return (
      <LabelPurchaseWizard
        key={`return-${returnOf.id}`}
        userId={userId}
        orderId={undefined}
        initial={initialLabelPurchaseState(draftForReturn(returnOf))}
        firstStep={STEP.options}
        rateAtOnce
        preferredService={returnOf.carrier && returnOf.service ? { carrier: returnOf.carrier, service: returnOf.service } : undefined}
        returnOf={{ id: returnOf.id, orderNo: returnOf.orderNo }}
        notice={LABEL_RETURN_MESSAGES.returnNotice(returnOf.orderNo)}
        noticeSeverity="info"
      />
    );
  }
  if (returnOfId !== undefined) return <LabelPurchaseWizard key="return-none" userId={userId} orderId={undefined} initial={initialLabelPurchaseState(EMPTY_DRAFT)} notice={LABEL_RETURN_MESSAGES.returnNotFound} />;
  if (orderId !== undefined && order.isPending) return <LinearProgress aria-label="Loading your order in progress" />;
  if (unpaidLabelId !== undefined && unpaid.isPending) return <LinearProgress aria-label="Loading your unpaid label" />;
  if (shipAgainId !== undefined && again.isPending) return <LinearProgress aria-label="Loading the label to ship again" />;
  const shipAgain = again.data?.data;
  if (shipAgain) {
    // Ship again (issue 23 item 5): every step filled in from the label; the addresses are checked
    // and the rates asked afresh at once, its service chosen again when it is still offered.
    return (
      <LabelPurchaseWizard
        key={`again-${shipAgain.id}`}
        userId={userId}
        orderId={undefined}
        initial={initialLabelPurchaseState(draftFromShipAgain(shipAgain))}
        firstStep={STEP.options}
        rateAtOnce
        preferredService={shipAgain.carrier && shipAgain.service ? { carrier: shipAgain.carrier, service: shipAgain.service } : undefined}
        notice={LABEL_PURCHASE_TEXT.shipAgain(shipAgain.orderNo)}
        noticeSeverity="info"
      />
    );
  }
  const label = unpaid.data?.data[0];
  if (label) {
    return (
      <LabelPurchaseWizard
        key={`unpaid-${label.id}`}
        userId={userId}
        orderId={label.orderId ?? undefined}
        unpaidLabelId={label.id}
        initial={unpaidLabelState(label)}
        firstStep={STEP.review}
        notice={label.payment === 'confirming' ? LABEL_PURCHASE_TEXT.unpaidConfirming : LABEL_PURCHASE_TEXT.unpaid}
      />
    );
  }
  const saved = order.data?.data[0];
  const notice =
    unpaidLabelId !== undefined
      ? LABEL_PURCHASE_TEXT.unpaidNotFound
      : shipAgainId !== undefined
        ? LABEL_PURCHASE_TEXT.shipAgainNotFound
        : orderId !== undefined && !saved
          ? LABEL_PURCHASE_TEXT.orderNotFound
          : null;
  return (
    <LabelPurchaseWizard
      key={saved?.id ?? 'new'}
      userId={userId}
      orderId={saved?.id}
      initial={initialLabelPurchaseState(saved ? draftFromSavedOrder(saved) : EMPTY_DRAFT)}
      notice={notice}
    />
  );
}

function LabelPurchaseWizard({
  userId,
  orderId,
  unpaidLabelId,
  initial,
  firstStep = STEP.from,
  rateAtOnce = false,
  preferredService,
  notice,
  noticeSeverity = 'warning',
  returnOf,
}: {
  userId: number;
  orderId: number | undefined;
  /** The unpaid label the page opened: paid again as it is, or replaced by the draft of a rating since. */
  unpaidLabelId?: number;
  initial: LabelPurchaseState;
  firstStep?: number;
  /** Check the addresses and ask the rates as the page opens (ship again: everything is filled in). */
  rateAtOnce?: boolean;
  /** The service to choose when the rates offer it (ship again: the label's own). */
  preferredService?: ServiceChoice;
  notice: string | null;
  /** A notice that warns (the default: a label not found, not paid) or only tells (ship again). */
  noticeSeverity?: 'warning' | 'info';
  /** Issue 23 item 3: the label this one returns (rated as a return). */
  returnOf?: { id: number; orderNo: string } | undefined;
}) {
  const alert = useAlert();
  const toast = useToast();
  const navigate = useNavigate();
  const mine = useMyAddress(userId);
  const serviceName = useServiceNames();
  const validate = useValidateAddress();
  const rateLabel = useRateLabel();
  const buyLabel = useBuyLabel();
  const save = useSaveOrderForLater();
  // Issue 23 item 1: the AirBox hub the parcel is dropped off at (null: a carrier pickup).
  const dropOffHubs = useDropOffHubs(userId);
  const [dropOffHubId, setDropOffHubId] = useState<string | null>(null);
  // Issue 23 item 2: a QR code to show at the counter instead of a printed label (where the carrier makes one).
  const [qrCode, setQrCode] = useState(false);

  const [state, dispatch] = useReducer(labelPurchaseReducer, initial);
  // The steps are entries of the browser history: its Back goes a step back, keeping what was typed.
  const wizard = useHistoryWizard(STEPS, { first: firstStep, onBack: () => dispatch({ type: 'wentBack' }) });
  const { draft, checks, verifying, rates, rateId, ratesNotice } = state;
  /**
   * The recipient last put in My Contacts, so rating again does not save it twice. Nothing shows
   * it, and a rating that started before an earlier one answered must read the latest: a ref.
   */
  const savedRecipient = useRef<string | null>(null);
  const { allowLeave } = useLeaveWarning(state.dirty, LABEL_PURCHASE_TEXT.leaveQuestion);

  const reportFrom = useCallback((from: LabelDraft['from']) => dispatch({ type: 'typed', values: { from } }), []);
  const reportTo = useCallback((to: LabelDraft['to']) => dispatch({ type: 'typed', values: { to } }), []);
  const reportParcel = useCallback((parcel: LabelDraft['parcel']) => dispatch({ type: 'typed', values: { parcel } }), []);
  const reportCustoms = useCallback((customs: LabelDraft['customs']) => dispatch({ type: 'typed', values: { customs } }), []);
  const reportOptions = useCallback((options: LabelDraft['options']) => dispatch({ type: 'typed', values: { options } }), []);

  /** Next: the step's values are taken and the next step shown. */
  const take = (values: Partial<LabelDraft>) => {
    dispatch({ type: 'took', values });
    wizard.next();
  };

  /** Rates for `order`; `notice` (when given) is said above them, the chosen service kept when `keepChoice` names one. */
  async function rate(order: LabelDraft, { keepChoice, notice }: { keepChoice?: ServiceChoice; notice?: string | null } = {}) {
    dispatch({ type: 'rating', notice });
    const recipient = JSON.stringify(order.to);
    const saveRecipient = order.to.saveRecipient && savedRecipient.current !== recipient;
    try {
      const { data } = await rateLabel.mutateAsync({ ...rateInput(order, saveRecipient), ...(returnOf ? { returnOf: returnOf.id } : {}) });
      if (saveRecipient) savedRecipient.current = recipient;
      dispatch({ type: 'rated', data, keepChoice });
    } catch (error) {
      dispatch({ type: 'ratingFailed', rates: ratesFailure(error) });
    }
  }

  const toRates = (order: LabelDraft) => {
    wizard.goTo(STEP.rates);
    void rate(order, { notice: null, keepChoice: preferredService });
  };

  async function checkAddress(address: AddressValues): Promise<AddressCheck> {
    try {
      const { data } = await validate.mutateAsync({
        street1: address.address1,
        street2: address.address2,
        city: address.city,
        state: address.state,
        zip: address.zipcode,
        country: address.country ?? 'US',
        phone: address.phone,
        name: `${address.firstName} ${address.lastName}`.trim() || address.company,
      });
      return addressCheckOf(data);
    } catch (error) {
      return { status: 'failed', message: answerMessage(error) ?? undefined };
    }
  }

  /** Address verification before rates: straight on to Rates when the carrier knows both as typed. */
  async function verify(order: LabelDraft) {
    dispatch({ type: 'verifying' });
    const [from, to] = await Promise.all([checkAddress(order.from), checkAddress(order.to)]);
    dispatch({ type: 'verified', checks: { from, to } });
    if (bothVerified({ from, to })) toRates(order);
    else wizard.goTo(STEP.verify);
  }

  // Ship again: the page opens checking the addresses, then on to today's rates (once, even when React mounts twice).
  const ratedAtOnce = useRef(false);
  useEffect(() => {
    if (!rateAtOnce || ratedAtOnce.current) return;
    ratedAtOnce.current = true;
    void verify(initial.draft);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, as the page opens, with what it opened with
  }, []);

  async function pay(chosen: LabelRate) {
    if (rates.status !== 'ready') return;
    try {
      const input: CallInput<'buyLabelCall'> = {
        draftId: rates.draftId,
        rateId: chosen.rateId,
        notifyRecipient: draft.options.notifyRecipient,
        orderId,
        replaces: unpaidLabelId !== rates.draftId ? unpaidLabelId : undefined,
        // A parcel made too big for a compartment since the hub was chosen goes by carrier pickup, as Review then shows.
        dropOffHubId: dropOffHubId !== null && compartmentFor(parcelInches(draft.parcel)) !== null ? dropOffHubId : undefined,
        // Only where the carrier makes one, and not for a parcel left at a hub (the hub prints its label).
        ...(qrCode && offersQrCode(chosen.carrier) && !international && (dropOffHubId === null || compartmentFor(parcelInches(draft.parcel)) === null) ? { qrCode: true } : {}),
      };
      const { redirectURL } = await buyLabel.mutateAsync(input);
      allowLeave();
      paymentPage.leaveFor(redirectURL);
    } catch (error) {
      if (error instanceof ApiError && error.errorcode === LABEL_PURCHASE_ERRORCODE.expired) {
        wizard.goTo(STEP.rates);
        void rate(draft, { keepChoice: chosen, notice: LABEL_PURCHASE_TEXT.ratesRefreshed });
        return;
      }
      // A payment that did not start: the one dialog every payment screen shows, TRY AGAIN or CLOSE.
      if (await alert.retry({ title: 'Oops...', text: answerMessage(error) ?? MESSAGES.serviceException })) void pay(chosen);
    }
  }

  async function saveForLater() {
    try {
      await save.mutateAsync(saveForLaterInput(currentDraft(state), orderId));
    } catch (error) {
      void alert.show({ icon: 'error', title: 'Oops...', text: answerMessage(error) ?? MESSAGES.serviceException });
      return;
    }
    allowLeave();
    localStorage.setItem(STORAGE_KEYS.savedOrderFlag, '1');
    // A success: the toast, which stays as Orders In Progress, the page it points to, opens.
    toast.show(MESSAGES.savedOrder);
    void navigate(paths.myOrders.getHref());
  }

  const chosenRate = rates.status === 'ready' ? rates.rates.find((found) => found.rateId === rateId) : undefined;
  // Issue 25 item 3: only a parcel abroad is asked its customs declaration.
  const international = isInternational(currentDraft(state));
  const busy = verifying || buyLabel.isPending || save.isPending;
  const addresses = mine.data?.data ?? [];

  return (
    <WizardFrame
      wizard={international ? wizard : withoutCustoms(wizard)}
      title="New shipping label"
      titleLevel="h2"
      compact
      subtitle={LABEL_PURCHASE_TEXT.subtitle}
      busy={busy}
      busyLabel={verifying ? 'Checking the addresses' : save.isPending ? 'Saving your order' : 'Opening the payment'}
      action={
        canSaveForLater(state) && wizard.step < STEP.review ? (
          <Button variant="outlined" size="small" onClick={() => void saveForLater()} disabled={busy}>
            Save for later
          </Button>
        ) : undefined
      }
    >
      {notice && (
        <Alert severity={noticeSeverity} role="status" sx={{ mb: 2 }}>
          {notice}
        </Alert>
      )}
      {wizard.step === STEP.from && (
        <FromStep
          userId={userId}
          mine={addresses}
          defaultValues={draft.from}
          onValues={reportFrom}
          onNext={(from) => take({ from })}
        />
      )}
      {wizard.step === STEP.to && (
        <ToStep
          userId={userId}
          defaultValues={draft.to}
          onValues={reportTo}
          onBack={wizard.back}
          onNext={(to) => take({ to })}
        />
      )}
      {wizard.step === STEP.package && (
        <PackageStep
          defaultValues={draft.parcel}
          onValues={reportParcel}
          onBack={wizard.back}
          onNext={(parcel) => {
            // A parcel abroad goes on to its customs declaration (issue 25 item 3); one at home straight to Options.
            dispatch({ type: 'took', values: { parcel } });
            wizard.goTo(international ? STEP.customs : STEP.options);
          }}
        />
      )}
      {wizard.step === STEP.customs && (
        <CustomsStep
          country={draft.to.country ?? 'US'}
          defaultValues={draft.customs}
          onValues={reportCustoms}
          onBack={wizard.back}
          onNext={(customs) => take({ customs })}
        />
      )}
      {wizard.step === STEP.options && (
        <OptionsStep
          defaultValues={draft.options}
          recipientEmail={draft.to.email}
          busy={verifying}
          onValues={reportOptions}
          // A page opened at Options (ship again, a return) goes back to the step before it: Customs only abroad.
          onBack={() => (wizard.canGoTo?.(STEP.package) || wizard.canGoTo?.(STEP.customs) ? wizard.back() : wizard.goTo(international ? STEP.customs : STEP.package))}
          onNext={(options) => {
            dispatch({ type: 'took', values: { options } });
            void verify({ ...draft, options });
          }}
        />
      )}
      {wizard.step === STEP.verify && checks && (
        <VerifyStep
          from={draft.from}
          to={draft.to}
          checks={checks}
          busy={verifying}
          onAccept={(side) => dispatch({ type: 'acceptedSuggestion', side })}
          onEdit={(side) => wizard.goTo(side === 'from' ? STEP.from : STEP.to)}
          onRetry={() => void verify(draft)}
          onBack={() => wizard.goTo(STEP.options)}
          onNext={() => toRates(draft)}
        />
      )}
      {wizard.step === STEP.rates && (
        <RatesStep
          state={rates}
          serviceName={serviceName}
          chosen={rateId}
          international={international}
          notice={ratesNotice}
          // The ship dates offered now at the sender's address; another one rates again, the service chosen kept.
          shipDate={draft.shipDate}
          shipDates={shipDatesFrom(new Date(), draft.from.state)}
          today={localToday(new Date(), stateTimeZone(draft.from.state))}
          onShipDate={(shipDate) => {
            dispatch({ type: 'choseShipDate', shipDate });
            void rate({ ...draft, shipDate }, { keepChoice: chosenRate, notice: null });
          }}
          onChoose={(chosen) => dispatch({ type: 'choseRate', rateId: chosen })}
          onRetry={() => void rate(draft, { keepChoice: chosenRate ?? preferredService })}
          onEditAddresses={() => wizard.goTo(STEP.from)}
          // Back goes to Verify only when it was shown (an address needed a decision).
          onBack={() => wizard.goTo(checks && !bothVerified(checks) ? STEP.verify : STEP.options)}
          onNext={() => wizard.next()}
        />
      )}
      {wizard.step === STEP.review && chosenRate && rates.status === 'ready' && (
        <ReviewStep
          draft={draft}
          rate={chosenRate}
          shipDate={draft.shipDate}
          service={serviceName(chosenRate.carrier, chosenRate.service)}
          insurance={rates.insurance}
          busy={buyLabel.isPending}
          dropOff={{
            hubs: dropOffHubs.hubs,
            ownHubId: dropOffHubs.ownHubId,
            hubId: dropOffHubId,
            tooBig: compartmentFor(parcelInches(draft.parcel)) === null,
            onChange: setDropOffHubId,
          }}
          // USPS's counter QR codes are for labels at home: a parcel abroad goes with its printed label and customs form.
          qrCode={offersQrCode(chosenRate.carrier) && !international ? { qrCode, onChange: setQrCode } : undefined}
          returnOf={returnOf ? { orderNo: returnOf.orderNo, payment: LABEL_RETURN_MESSAGES.chargedAtPurchase } : undefined}
          onBack={wizard.back}
          onPay={() => void pay(chosenRate)}
        />
      )}
    </WizardFrame>
  );
}

