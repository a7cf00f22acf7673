import { DROPOFF_TEXT, DUTIES_PAID_ON_DELIVERY, SHIPMENT_MESSAGES, customsMessageForPeople, carrierDisplayName, formatShortDay, formatUsd, toCents, type LabelRate } from '@airbox/contract';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useState } from 'react';
import { ActionAlert } from '../../../components/alert/action-alert';
import { StepActions } from '../../../components/wizard/step-actions';
import { StepHeading } from '../../../components/wizard/step-heading';
import { LABEL_PURCHASE_TEXT } from '../utils/messages';

/** Where rating stands: asked, answered, or why there are no rates. */
export type RatesState =
  | { status: 'loading' }
  | { status: 'ready'; draftId: number; rates: readonly LabelRate[]; insurance: string; messages: readonly string[] }
  | { status: 'unverified'; message: string }
  /** Issue 25 item 3: `reasons`, what the carriers said (a customs declaration refused, the field named). */
  | { status: 'noRates'; reasons?: readonly string[] }
  /** No answer, or a refusal the server explained (message: e.g. the account's hourly budget is spent). */
  | { status: 'failed'; message?: string };

type SortKey = 'price' | 'days';

/** Unknown delivery days sort last. */
const days = (rate: LabelRate) => rate.deliveryDays ?? Number.MAX_SAFE_INTEGER;
/** The earliest day first; a rate with no day after every dated one. */
const byDate = (a: LabelRate, b: LabelRate) => (a.deliveryDate ?? '9999-12-31').localeCompare(b.deliveryDate ?? '9999-12-31');

export function sortRates(rates: readonly LabelRate[], by: SortKey): LabelRate[] {
  const price = (rate: LabelRate) => toCents(rate.rate);
  return [...rates].sort((a, b) =>
    by === 'price' ? price(a) - price(b) || byDate(a, b) || days(a) - days(b) : byDate(a, b) || days(a) - days(b) || price(a) - price(b),
  );
}

export const deliveryText = (deliveryDays: number | null) =>
  deliveryDays === null ? 'Delivery time not given' : `${deliveryDays} business day${deliveryDays === 1 ? '' : 's'}`;

/** The day a rate is expected, as the cards and Review say it: 'Est. delivery Tue, Dec 1'. */
export const deliveryDateText = (deliveryDate: string) => `Est. delivery ${formatShortDay(deliveryDate)}`;


/** What the customer saves on the carrier's retail price, in cents and whole percent; null when nothing. */
export function savingOf(rate: Pick<LabelRate, 'rate' | 'retailRate'>): { cents: number; percent: number } | null {
  const retail = toCents(rate.retailRate);
  const cents = retail - toCents(rate.rate);
  return cents > 0 && retail > 0 ? { cents, percent: Math.round((cents / retail) * 100) } : null;
}

/**
 * Issue 25 item 3: what a parcel abroad costs its recipient besides the label, said before
 * payment: the carrier's estimate where it rates duties and taxes, else that customs asks on delivery.
 */
export const dutiesText = (rate: Pick<LabelRate, 'dutiesAndTaxes'> | undefined) =>
  rate?.dutiesAndTaxes === null || rate?.dutiesAndTaxes === undefined
    ? `${DUTIES_PAID_ON_DELIVERY}.`
    : toCents(rate.dutiesAndTaxes) > 0
      ? `Duties and taxes estimated by the carrier: ${formatUsd(toCents(rate.dutiesAndTaxes))}, paid by the recipient on delivery.`
      : 'The carrier expects no duties or taxes for this declaration.';

/** A ship date as the list offers it: 'Today, Thu, Nov 26', 'Fri, Nov 27'. */
export const shipDateOption = (date: string, today: string) => (date === today ? `Today, ${formatShortDay(date)}` : formatShortDay(date));

const visuallyHidden = { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/** One service as a card: the radio is named by the carrier, the service and the price. */
function RateCard({
  rate,
  service,
  checked,
  onChoose,
  name,
}: {
  rate: LabelRate;
  service: string;
  checked: boolean;
  onChoose: () => void;
  name: string;
}) {
  const labelId = useId();
  const daysId = useId();
  const dateId = useId();
  const savingId = useId();
  const saving = savingOf(rate);
  return (
    <Paper
      variant="outlined"
      component="label"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        p: 1.5,
        cursor: 'pointer',
        borderColor: checked ? 'primary.main' : undefined,
        borderWidth: checked ? 2 : 1,
        '&:focus-within': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      <Radio
        checked={checked}
        onChange={onChoose}
        name={name}
        value={rate.rateId}
        // Described by the business days, the day expected and the saving (the days first: '5 business days Est. delivery Fri, Dec 4').
        slotProps={{ input: { 'aria-labelledby': labelId, 'aria-describedby': [daysId, rate.deliveryDate && dateId, saving && savingId].filter(Boolean).join(' ') } }}
      />
      {/* The radio's name: the service and the price, as one text (the card shows them apart). */}
      <Box component="span" id={labelId} sx={visuallyHidden}>
        {`${service} · ${formatUsd(toCents(rate.rate))}`}
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography aria-hidden sx={{ fontWeight: 600 }}>
          {service}
        </Typography>
        {/* The day expected on a line of its own, the business days under it: a narrow card wraps neither mid-phrase. */}
        {rate.deliveryDate && (
          <Typography id={dateId} variant="body2">
            {'Est. delivery '}
            {/* The day itself never breaks ('Tue, Dec / 1'): the line wraps before it. */}
            <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
              {formatShortDay(rate.deliveryDate)}
            </Box>
          </Typography>
        )}
        <Typography id={daysId} variant="body2" color="text.secondary">
          {deliveryText(rate.deliveryDays)}
        </Typography>
        {(rate.cheapest || rate.fastest) && (
          <Box sx={{ display: 'flex', gap: 1, mt: 0.5 }}>
            {rate.cheapest && <Chip size="small" color="success" label="Cheapest" />}
            {rate.fastest && <Chip size="small" color="info" label="Fastest" />}
          </Box>
        )}
      </Box>
      {/* The price column: what the customer pays, and the carrier's retail price struck through when it is more. */}
      <Box sx={{ flexShrink: 0, textAlign: 'right', alignSelf: 'flex-start', minWidth: 72 }}>
        <Typography aria-hidden component="p" sx={{ fontSize: '1.25rem', fontWeight: 700, lineHeight: 1.3, fontVariantNumeric: 'tabular-nums' }}>
          {formatUsd(toCents(rate.rate))}
        </Typography>
        {saving && (
          <Box id={savingId}>
            <Typography variant="body2" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              <Box component="span" sx={visuallyHidden}>
                Retail price
              </Box>{' '}
              <s>{formatUsd(toCents(rate.retailRate))}</s>
            </Typography>
            <Typography variant="body2" sx={{ color: 'success.main', fontWeight: 600, whiteSpace: 'nowrap' }}>
              {`Save ${formatUsd(saving.cents)} (${saving.percent}%)`}
            </Typography>
          </Box>
        )}
      </Box>
    </Paper>
  );
}

/**
 * Step 6, Rates: every carrier's services (names through the carrier service renaming list,
 * carriers as customers know them: UPS, never UPSDAP), price and delivery days, the cheapest and
 * the fastest marked, sorted by price or by days. Rated afresh each time the step is reached. A
 * UPS service chosen says that UPS does not come to the door here: the package is dropped off.
 * Each card shows the price (the carrier's retail price struck through, and the saving, when it
 * is more) and the day it is expected; the ship date above them (today while it is a working day
 * before 5:00 PM at the sender, then working days to a week ahead) rates them again when changed.
 */
export function RatesStep({
  state,
  serviceName,
  chosen,
  international = false,
  notice,
  shipDate,
  shipDates,
  today,
  onShipDate,
  onChoose,
  onRetry,
  onEditAddresses,
  onBack,
  onNext,
}: {
  state: RatesState;
  /** A service as customers read it (the carrier service renaming list). */
  serviceName: (carrier: string, service: string) => string;
  chosen: string | null;
  /** Issue 25 item 3: a parcel abroad: the duties and taxes are said. */
  international?: boolean;
  notice: string | null;
  /** The ship date the rates are (being) asked for, one of `shipDates`. */
  shipDate: string;
  /** The ship dates offered, earliest first. */
  shipDates: readonly string[];
  /** Today at the sender's address ('YYYY-MM-DD'). */
  today: string;
  onShipDate: (shipDate: string) => void;
  onChoose: (rateId: string) => void;
  onRetry: () => void;
  onEditAddresses: () => void;
  onBack: () => void;
  onNext: () => void;
}) {
  const [sort, setSort] = useState<SortKey>('price');
  const [missing, setMissing] = useState(false);
  const groupName = useId();
  const rates = useMemo(() => (state.status === 'ready' ? sortRates(state.rates, sort) : []), [state, sort]);
  const chosenRate = rates.find((rate) => rate.rateId === chosen);
  return (
    <Box
      component="form"
      aria-label="Rates step"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (state.status !== 'ready') return;
        if (!chosen || !state.rates.some((rate) => rate.rateId === chosen)) {
          setMissing(true);
          return;
        }
        onNext();
      }}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      <StepHeading>Rates</StepHeading>
      {state.status !== 'unverified' && shipDates.length > 0 && (
        <TextField
          select
          label="Ship date"
          value={shipDates.includes(shipDate) ? shipDate : shipDates[0]}
          onChange={(event) => onShipDate(event.target.value)}
          disabled={state.status === 'loading'}
          helperText="The day you hand the package to the carrier: the delivery dates count from it."
          slotProps={{ select: { native: true } }}
          sx={{ maxWidth: { sm: 320 } }}
        >
          {shipDates.map((date) => (
            <option key={date} value={date}>
              {shipDateOption(date, today)}
            </option>
          ))}
        </TextField>
      )}
      {notice && (
        <Alert severity="info" role="status">
          {notice}
        </Alert>
      )}
      {state.status === 'loading' && (
        <Box>
          <Typography>Asking the carriers for their rates…</Typography>
          <LinearProgress aria-label="Getting rates" sx={{ mt: 1 }} />
        </Box>
      )}
      {state.status === 'unverified' && (
        <ActionAlert action="Edit addresses" onAction={onEditAddresses}>
          <AlertTitle>{SHIPMENT_MESSAGES.unableToVerify}</AlertTitle>
          {state.message !== SHIPMENT_MESSAGES.unableToVerify ? state.message : null}
        </ActionAlert>
      )}
      {state.status === 'noRates' && (
        <Alert severity="warning" role="alert">
          {state.reasons && state.reasons.length > 0 ? (
            <>
              <AlertTitle>{LABEL_PURCHASE_TEXT.carrierRefused}</AlertTitle>
              {state.reasons.map((reason) => (
                <Box key={reason}>{customsMessageForPeople(reason)}</Box>
              ))}
            </>
          ) : (
            LABEL_PURCHASE_TEXT.noRates
          )}
        </Alert>
      )}
      {state.status === 'failed' && (
        <ActionAlert action="Try again" onAction={onRetry}>
          {state.message ?? SHIPMENT_MESSAGES.somethingWrong}
        </ActionAlert>
      )}
      {state.status === 'ready' && (
        <>
          {state.messages.map((message) => (
            <Alert key={message} severity="info">
              {message}
            </Alert>
          ))}
          {international && rates.length > 0 && (
            <Alert severity="info" role="status">
              {dutiesText(chosenRate ?? rates[0])}
            </Alert>
          )}
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography id={`${groupName}-sort`}>Sort by</Typography>
            <ToggleButtonGroup
              size="small"
              exclusive
              value={sort}
              onChange={(_event, value: SortKey | null) => value && setSort(value)}
              aria-labelledby={`${groupName}-sort`}
            >
              <ToggleButton value="price">Price</ToggleButton>
              <ToggleButton value="days">Delivery date</ToggleButton>
            </ToggleButtonGroup>
          </Box>
          <Box
            role="radiogroup"
            aria-label="Services"
            aria-describedby={missing ? `${groupName}-missing` : undefined}
            sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}
          >
            {rates.map((rate) => (
              <RateCard
                key={rate.rateId}
                rate={rate}
                name={groupName}
                service={serviceName(rate.carrier, rate.service)}
                checked={chosen === rate.rateId}
                onChoose={() => {
                  setMissing(false);
                  onChoose(rate.rateId);
                }}
              />
            ))}
          </Box>
          {/* UPS has no pickup here: said before the label is bought, not after. */}
          {chosenRate && carrierDisplayName(chosenRate.carrier) === 'UPS' && (
            <Alert severity="info" role="status">
              {DROPOFF_TEXT.rateNote}
            </Alert>
          )}
          {missing && (
            <FormHelperText error id={`${groupName}-missing`}>
              {LABEL_PURCHASE_TEXT.chooseRate}
            </FormHelperText>
          )}
        </>
      )}
      <StepActions onBack={onBack} nextDisabled={state.status !== 'ready'} />
    </Box>
  );
}
