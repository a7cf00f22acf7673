import { PICKUP_MESSAGES, carrierServiceName, formatUsd, toCents, type PickupRate } from '@airbox/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useFormState } from 'react-hook-form';
import { AddressCheckPanel, type AddressCheck } from '../../../components/address/address-check';
import { ActionAlert } from '../../../components/alert/action-alert';
import { InfoItem, InfoLines, InfoSection } from '../../../components/dialog/info-dialog';
import { Form } from '../../../components/form/form';
import { FormCheckbox } from '../../../components/form/form-checkbox';
import { TermsSentence } from '../../../components/terms/terms-sentence';
import { StepActions } from '../../../components/wizard/step-actions';
import { StepHeading } from '../../../components/wizard/step-heading';
import { addressLine, addressName } from '../../../lib/address-text';
import { addressParts, type PickupAddressValues, type PickupDateValues } from '../utils/draft';
import { pickupDateLabel, timeLabel } from '../utils/format';
import { PICKUP_TEXT } from '../utils/messages';

/** Where the paid path stands on the summary step: the address check, the carrier's quote, or why not. */
export type PickupQuote =
  | { status: 'checking' }
  | { status: 'address'; check: AddressCheck }
  | { status: 'asking' }
  | { status: 'ready'; pickupId: string; rates: readonly PickupRate[] }
  | { status: 'refused'; message: string };

/** A pickup rate: its service named once ('FedEx pickup', not 'FedEx FedEx Pickup') and its price. */
const rateText = (rate: PickupRate) => `${carrierServiceName(rate.carrier, rate.service)} · ${formatUsd(toCents(rate.rate))}`;

const AGREEMENTS = ['agreeTerms', 'agreeNotRefundable', 'agreePackageReady'] as const;

// The schema takes only ticked boxes; they start unticked.
const UNTICKED = { agreeTerms: false as true, agreeNotRefundable: false as true, agreePackageReady: false as true, paypal: false as true };

/** 'You must check all checkboxes to continue.' once under the three agreements, announced when it shows. */
function AgreementsError() {
  const { errors } = useFormState();
  if (!AGREEMENTS.some((name) => errors[name])) return null;
  return (
    <FormHelperText error role="alert" sx={{ mt: -1 }}>
      {PICKUP_MESSAGES.allCheckboxes}
    </FormHelperText>
  );
}

/** The pickup as asked: where, when, where the package waits. */
function PickupSummary({ address, date }: { address: PickupAddressValues; date: PickupDateValues }) {
  const parts = addressParts(address);
  return (
    <InfoSection title="Your pickup">
      <InfoItem label="Pickup address">
        <InfoLines lines={[addressName(parts), addressLine(parts), address.Cell_phone_number]} />
      </InfoItem>
      <InfoItem label="Date and time">{`${pickupDateLabel(date.PickupDate)}, ${timeLabel(date.Earliest)} – ${timeLabel(date.Latest)}`}</InfoItem>
      <InfoItem label="Package location">{date.reference}</InfoItem>
      <InfoItem label="Special instructions">{date.instructions}</InfoItem>
    </InfoSection>
  );
}

/**
 * Step 4, Summary and payment (FedEx; spec 03 §4, §5 Payment for pickup): the pickup address as the
 * carrier's check found it ('Unable to verify address!' with its suggestion), the carrier's rates
 * (carrier, service, price), the three agreements ('You must check all checkboxes to continue.')
 * and the PayPal box ('Please select a payment method!'); paying leaves for the payment provider.
 */
export function PickupSummaryStep({
  address,
  date,
  quote,
  busy,
  onAcceptSuggestion,
  onEditAddress,
  onRetry,
  onBack,
  onCancel,
  onPay,
}: {
  address: PickupAddressValues;
  date: PickupDateValues;
  quote: PickupQuote;
  busy: boolean;
  onAcceptSuggestion: () => void;
  onEditAddress: () => void;
  onRetry: () => void;
  onBack: () => void;
  onCancel: () => void;
  onPay: (pickupId: string, rate: PickupRate) => void;
}) {
  const groupId = useId();
  const rates = quote.status === 'ready' ? quote.rates : [];
  const [chosen, setChosen] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  // A single rate needs no choice.
  const rate = rates.length === 1 ? rates[0] : rates.find((found) => found.id === chosen);
  const parts = addressParts(address);
  return (
    <Form
      schema="pickupPaymentStepSchema"
      defaultValues={UNTICKED}
      onSubmit={() => {
        if (quote.status !== 'ready') return;
        if (!rate) {
          setMissing(true);
          return;
        }
        onPay(quote.pickupId, rate);
      }}
      aria-label="Summary and payment step"
    >
      {() => (
        <>
          <StepHeading>Summary and payment</StepHeading>
          <PickupSummary address={address} date={date} />
          {quote.status === 'checking' && <LinearProgress aria-label={PICKUP_TEXT.checking} />}
          {quote.status === 'asking' && <LinearProgress aria-label={PICKUP_TEXT.asking} />}
          {quote.status === 'address' && (
            <>
              <AddressCheckPanel
                label="Pickup address"
                name={addressName(parts)}
                address={parts}
                check={quote.check}
                onAccept={onAcceptSuggestion}
                onEdit={onEditAddress}
              />
              {quote.check.status === 'failed' && (
                <Box>
                  <Button onClick={onRetry}>Check again</Button>
                </Box>
              )}
            </>
          )}
          {quote.status === 'refused' && (
            <ActionAlert action="Try again" onAction={onRetry}>
              {quote.message}
            </ActionAlert>
          )}
          {quote.status === 'ready' && (
            <>
              <Box component="section" aria-labelledby={`${groupId}-rates`}>
                <Typography id={`${groupId}-rates`} variant="h3" component="h3" sx={{ fontSize: '1.05rem', fontWeight: 600, mb: 1 }}>
                  Pickup service
                </Typography>
                {rates.length === 1 && rate ? (
                  <Typography>{rateText(rate)}</Typography>
                ) : (
                  <RadioGroup
                    aria-labelledby={`${groupId}-rates`}
                    aria-describedby={missing ? `${groupId}-missing` : undefined}
                    value={chosen ?? ''}
                    onChange={(event) => {
                      setMissing(false);
                      setChosen(event.target.value);
                    }}
                  >
                    {rates.map((option) => (
                      <FormControlLabel key={option.id} value={option.id} control={<Radio />} label={rateText(option)} />
                    ))}
                  </RadioGroup>
                )}
                {missing && (
                  <FormHelperText error id={`${groupId}-missing`} role="alert">
                    {PICKUP_TEXT.chooseRate}
                  </FormHelperText>
                )}
              </Box>
              <Box role="group" aria-label="Agreements" sx={{ display: 'flex', flexDirection: 'column' }}>
                <FormCheckbox name="agreeTerms" label={<TermsSentence text={PICKUP_TEXT.agreeTerms} />} hideError />
                <FormCheckbox name="agreeNotRefundable" label={PICKUP_TEXT.agreeNotRefundable} hideError />
                <FormCheckbox name="agreePackageReady" label={PICKUP_TEXT.agreePackageReady} hideError />
              </Box>
              <AgreementsError />
              <Box role="group" aria-label="Payment method">
                <FormCheckbox name="paypal" label={PICKUP_TEXT.paypal} />
              </Box>
              <Typography variant="body2" color="text.secondary">
                {PICKUP_TEXT.payNote}
              </Typography>
            </>
          )}
          <StepActions
            onBack={onBack}
            onCancel={onCancel}
            busy={busy}
            nextDisabled={quote.status !== 'ready'}
            nextLabel={rate ? `Pay ${formatUsd(toCents(rate.rate))}` : 'Pay'}
          />
        </>
      )}
    </Form>
  );
}
