import { LABEL_PURCHASE_ERRORCODE, MESSAGES, STORAGE_KEYS, decodeLabelPurchaseParam, type LabelRate } from '@airbox/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { addressCheckOf, type AddressCheck } from '../../../components/address/address-check';
import { KEEP_ALERT_STATE, useAlert } from '../../../components/alert/alert-context';
import { useLeaveWarning } from '../../../components/wizard/use-leave-warning';
import { useWizard } from '../../../components/wizard/use-wizard';
import { WizardFrame } from '../../../components/wizard/wizard-frame';
import { paths } from '../../../config/paths';
import { useServiceNames } from '../../../lib/service-names';
import { ApiError, answerMessage, type CallInput } from '../../../lib/http';
import { leaveForPayment } from '../../../lib/leave-for-payment';
import { useMyAddress } from '../../../lib/my-address';
import { useValidateAddress } from '../../../lib/validate-address';
import { useBuyLabel } from '../api/buy-label';
import { useOrderForLater } from '../api/get-order-for-later';
import { useRateLabel } from '../api/rate-label';
import { useSaveOrderForLater } from '../api/save-order-for-later';
import {
  EMPTY_DRAFT,
  draftFromSavedOrder,
  hasAddressInput,
  rateInput,
  saveForLaterInput,
  type AddressValues,
  type LabelDraft,
} from '../utils/draft';
import { LABEL_PURCHASE_TEXT } from '../utils/messages';
import { FromStep, ToStep } from './address-steps';
import { OptionsStep } from './options-step';
import { PackageStep } from './package-step';
import { RatesStep, type RatesState } from './rates-step';
import { ReviewStep } from './review-step';
import { VerifyStep, applySuggestion, type Side } from './verify-step';

const STEPS = ['From', 'To', 'Package', 'Options', 'Verify', 'Rates', 'Review and pay'] as const;
const STEP = { from: 0, to: 1, package: 2, options: 3, verify: 4, rates: 5, review: 6 } as const;

/** The `param` of the page's hash (#/Shipment/shipmentRate?param=...), as the link put it. */
export function paramOfHash(hash: string): string | null {
  const query = hash.split('?')[1] ?? '';
  const match = /(?:^|&)param=([^&]*)/.exec(query);
  return match?.[1] ?? null;
}

/** The saved order `param` asks to continue: its id, or undefined. Only the session says who the customer is. */
function orderIdOf(hash: string): number | undefined {
  const param = decodeLabelPurchaseParam(paramOfHash(hash));
  const id = Number(param?.OrderId);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/**
 * /shipment/#/Shipment/shipmentRate?param=... (spec 03 §2): the label-purchase page. The customer
 * is the session's; `param` only pre-selects an order in progress to continue (its user id is
 * never used), which is read with getOrderForLater and pre-fills every step.
 */
export function LabelPurchase({ userId, hash }: { userId: number; hash: string }) {
  const orderId = orderIdOf(hash);
  const order = useOrderForLater(userId, orderId);
  if (orderId !== undefined && order.isPending) return <LinearProgress aria-label="Loading your order in progress" />;
  const saved = order.data?.data[0];
  const missing = orderId !== undefined && !saved;
  return (
    <LabelPurchaseWizard
      key={saved?.id ?? 'new'}
      userId={userId}
      orderId={saved?.id}
      initial={saved ? draftFromSavedOrder(saved) : EMPTY_DRAFT}
      notice={missing ? LABEL_PURCHASE_TEXT.orderNotFound : null}
    />
  );
}

type Checks = Record<Side, AddressCheck>;

function LabelPurchaseWizard({
  userId,
  orderId,
  initial,
  notice,
}: {
  userId: number;
  orderId: number | undefined;
  initial: LabelDraft;
  notice: string | null;
}) {
  const wizard = useWizard(STEPS);
  const alert = useAlert();
  const navigate = useNavigate();
  const mine = useMyAddress(userId);
  const serviceName = useServiceNames();
  const validate = useValidateAddress();
  const rateLabel = useRateLabel();
  const buyLabel = useBuyLabel();
  const save = useSaveOrderForLater();

  const [draft, setDraft] = useState<LabelDraft>(initial);
  const [dirty, setDirty] = useState(false);
  const [canSave, setCanSave] = useState(() => hasAddressInput(initial));
  const [checks, setChecks] = useState<Checks | null>(null);
  const [verifying, setVerifying] = useState(false);
  const [rates, setRates] = useState<RatesState>({ status: 'loading' });
  const [rateId, setRateId] = useState<string | null>(null);
  const [ratesNotice, setRatesNotice] = useState<string | null>(null);
  /** The step's values as typed, not yet taken by Next: Back and Save for later keep them. */
  const live = useRef<Partial<LabelDraft>>({});
  const draftNow = useRef(draft);
  useEffect(() => {
    draftNow.current = draft;
  }, [draft]);
  /** The recipient last put in My Contacts, so rating again does not save it twice. */
  const savedRecipient = useRef<string | null>(null);
  const { allowLeave } = useLeaveWarning(dirty, LABEL_PURCHASE_TEXT.leaveQuestion);

  const report = useCallback(<K extends keyof LabelDraft>(key: K, values: LabelDraft[K]) => {
    live.current = { [key]: values };
    setDirty(true);
    setCanSave(hasAddressInput({ ...draftNow.current, ...live.current }));
  }, []);
  const reportFrom = useCallback((values: LabelDraft['from']) => report('from', values), [report]);
  const reportTo = useCallback((values: LabelDraft['to']) => report('to', values), [report]);
  const reportParcel = useCallback((values: LabelDraft['parcel']) => report('parcel', values), [report]);
  const reportOptions = useCallback((values: LabelDraft['options']) => report('options', values), [report]);

  /** Takes a step's values (Next), or what is typed (Back), and shows another step. */
  function keep(changes: Partial<LabelDraft>): LabelDraft {
    const next = { ...draft, ...changes };
    live.current = {};
    setDraft(next);
    return next;
  }
  const back = () => {
    keep(live.current);
    wizard.back();
  };

  async function rate(order: LabelDraft, keepChoice?: LabelRate) {
    setRates({ status: 'loading' });
    const recipient = JSON.stringify(order.to);
    const saveRecipient = order.to.saveRecipient && savedRecipient.current !== recipient;
    try {
      const { data } = await rateLabel.mutateAsync(rateInput(order, saveRecipient));
      if (saveRecipient) savedRecipient.current = recipient;
      setRates({ status: 'ready', ...data });
      const same = keepChoice && data.rates.find((found) => found.carrier === keepChoice.carrier && found.service === keepChoice.service);
      setRateId(same ? same.rateId : null);
    } catch (error) {
      if (error instanceof ApiError && error.errorcode === LABEL_PURCHASE_ERRORCODE.unverified) setRates({ status: 'unverified', message: error.message });
      else if (error instanceof ApiError && error.errorcode === LABEL_PURCHASE_ERRORCODE.noRates) setRates({ status: 'noRates' });
      else setRates({ status: 'failed', message: answerMessage(error) ?? undefined });
    }
  }

  const toRates = (order: LabelDraft) => {
    setRatesNotice(null);
    wizard.goTo(STEP.rates);
    void rate(order);
  };

  async function checkAddress(address: AddressValues): Promise<AddressCheck> {
    try {
      const { data } = await validate.mutateAsync({
        street1: address.address1,
        street2: address.address2,
        city: address.city,
        state: address.state,
        zip: address.zipcode,
        country: 'US',
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
    setVerifying(true);
    const [from, to] = await Promise.all([checkAddress(order.from), checkAddress(order.to)]);
    setVerifying(false);
    setChecks({ from, to });
    if (from.status === 'verified' && to.status === 'verified') toRates(order);
    else wizard.goTo(STEP.verify);
  }

  function accept(side: Side) {
    const check = checks?.[side];
    const suggestion = check && (check.status === 'suggested' || check.status === 'unverified') ? check.suggestion : null;
    if (!checks || !suggestion) return;
    setDirty(true);
    if (side === 'from') keep({ from: applySuggestion(draft.from, suggestion) });
    else keep({ to: applySuggestion(draft.to, suggestion) });
    setChecks({ ...checks, [side]: { status: 'accepted' } });
  }

  async function pay(chosen: LabelRate) {
    if (rates.status !== 'ready') return;
    try {
      const input: CallInput<'buyLabelCall'> = {
        draftId: rates.draftId,
        rateId: chosen.rateId,
        notifyRecipient: draft.options.notifyRecipient,
        orderId,
      };
      const { redirectURL } = await buyLabel.mutateAsync(input);
      allowLeave();
      leaveForPayment(redirectURL);
    } catch (error) {
      if (error instanceof ApiError && error.errorcode === LABEL_PURCHASE_ERRORCODE.expired) {
        wizard.goTo(STEP.rates);
        setRatesNotice(LABEL_PURCHASE_TEXT.ratesRefreshed);
        void rate(draft, chosen);
        return;
      }
      void alert.show({ icon: 'error', title: 'Oops...', text: answerMessage(error) ?? MESSAGES.serviceException });
    }
  }

  async function saveForLater() {
    const current = { ...draft, ...live.current };
    try {
      await save.mutateAsync(saveForLaterInput(current, orderId));
    } catch (error) {
      void alert.show({ icon: 'error', title: 'Oops...', text: answerMessage(error) ?? MESSAGES.serviceException });
      return;
    }
    allowLeave();
    localStorage.setItem(STORAGE_KEYS.savedOrderFlag, '1');
    void alert.show({ icon: 'success', text: MESSAGES.savedOrder });
    // The message stays over Orders In Progress (a new route otherwise closes the open alert).
    void navigate(paths.myOrders.getHref(), { state: KEEP_ALERT_STATE });
  }

  const chosenRate = rates.status === 'ready' ? rates.rates.find((found) => found.rateId === rateId) : undefined;
  const busy = verifying || buyLabel.isPending || save.isPending;
  const addresses = mine.data?.data ?? [];

  return (
    <WizardFrame
      wizard={wizard}
      title="New shipping label"
      titleLevel="h2"
      compact
      subtitle={LABEL_PURCHASE_TEXT.subtitle}
      busy={busy}
      busyLabel={verifying ? 'Checking the addresses' : save.isPending ? 'Saving your order' : 'Opening the payment'}
      action={
        canSave && wizard.step < STEP.review ? (
          <Button variant="outlined" size="small" onClick={() => void saveForLater()} disabled={busy}>
            Save for later
          </Button>
        ) : undefined
      }
    >
      {notice && (
        <Alert severity="warning" role="status" sx={{ mb: 2 }}>
          {notice}
        </Alert>
      )}
      {wizard.step === STEP.from && (
        <FromStep
          userId={userId}
          mine={addresses}
          defaultValues={draft.from}
          onValues={reportFrom}
          onNext={(from) => {
            keep({ from });
            wizard.next();
          }}
        />
      )}
      {wizard.step === STEP.to && (
        <ToStep
          userId={userId}
          defaultValues={draft.to}
          onValues={reportTo}
          onBack={back}
          onNext={(to) => {
            keep({ to });
            wizard.next();
          }}
        />
      )}
      {wizard.step === STEP.package && (
        <PackageStep
          defaultValues={draft.parcel}
          onValues={reportParcel}
          onBack={back}
          onNext={(parcel) => {
            keep({ parcel });
            wizard.next();
          }}
        />
      )}
      {wizard.step === STEP.options && (
        <OptionsStep
          defaultValues={draft.options}
          recipientEmail={draft.to.email}
          busy={verifying}
          onValues={reportOptions}
          onBack={back}
          onNext={(options) => void verify(keep({ options }))}
        />
      )}
      {wizard.step === STEP.verify && checks && (
        <VerifyStep
          from={draft.from}
          to={draft.to}
          checks={checks}
          busy={verifying}
          onAccept={accept}
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
          notice={ratesNotice}
          onChoose={setRateId}
          onRetry={() => void rate(draft)}
          onEditAddresses={() => wizard.goTo(STEP.from)}
          // Back goes to Verify only when it was shown (an address needed a decision).
          onBack={() => wizard.goTo(checks && !(checks.from.status === 'verified' && checks.to.status === 'verified') ? STEP.verify : STEP.options)}
          onNext={() => wizard.next()}
        />
      )}
      {wizard.step === STEP.review && chosenRate && rates.status === 'ready' && (
        <ReviewStep
          draft={draft}
          rate={chosenRate}
          service={serviceName(chosenRate.carrier, chosenRate.service)}
          insurance={rates.insurance}
          busy={buyLabel.isPending}
          onBack={() => wizard.back()}
          onPay={() => void pay(chosenRate)}
        />
      )}
    </WizardFrame>
  );
}

