import {
  PACKAGE_LOCATIONS,
  PICKUP_DEFAULTS,
  carrierDisplayName,
  carrierHoliday,
  carrierPickupDates,
  pickupDates,
  sameDayCutoff,
  stateTimeZone,
  type PickupDateForm,
} from '@airbox/contract';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { FieldGrid, Wide } from '../../../components/form/field-grid';
import { Form } from '../../../components/form/form';
import { FormField } from '../../../components/form/form-field';
import { FormSelect } from '../../../components/form/form-select';
import { StepActions } from '../../../components/wizard/step-actions';
import { StepHeading } from '../../../components/wizard/step-heading';
import type { PickupDateValues } from '../utils/draft';
import { pickupDateLabel, timeLabel, timeZoneName } from '../utils/format';
import { PICKUP_TEXT } from '../utils/messages';

/** Half hours from 7:00 AM to 8:00 PM, as 'HH:mm:ss' (the defaults, 09:00 and 16:00, among them). */
const TIME_OPTIONS = Array.from({ length: 27 }, (_, index) => {
  const minutes = 7 * 60 + index * 30;
  const value = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`;
  return { value, label: timeLabel(value) };
});
const LOCATION_OPTIONS = PACKAGE_LOCATIONS.map((location) => ({ value: location, label: location }));

/** Special instructions with a count of the characters left (at most 120, spec 03 §5). */
function InstructionsField() {
  const instructions = useWatch({ name: 'instructions' }) as string | undefined;
  return (
    <FormField
      name="instructions"
      label="Special instructions"
      multiline
      minRows={2}
      maxLength={PICKUP_DEFAULTS.instructionsMax}
      helperText={`${(instructions ?? '').length}/${PICKUP_DEFAULTS.instructionsMax}`}
    />
  );
}

/** What the date list leaves out and why: the carrier's holidays in the window, and its same-day cutoff. */
function datesNote(now: Date, timeZone: string, carrier: string, offered: readonly string[]): string {
  const name = carrierDisplayName(carrier);
  const holidays = pickupDates(now, timeZone)
    .map((date) => ({ date, holiday: carrierHoliday(date, carrier) }))
    .filter((found) => found.holiday !== null)
    .map(({ date, holiday }) => `${holiday} (${pickupDateLabel(date)})`);
  const zone = timeZoneName(offered[0] ?? '', timeZone);
  return [
    `Working weekdays, in ${zone} at the pickup address; today only if booked by ${sameDayCutoff(carrier).text}.`,
    ...(holidays.length > 0 ? [`${name} does not pick up on ${holidays.join(' or ')}.`] : []),
  ].join(' ');
}

/**
 * Step 3, Select Pickup Date and Time (spec 03 §3 Pickup date form, §5): a day among those the
 * carrier's calendar allows now at the pickup address (carrierPickupDates in its state's time
 * zone: the spec's window without the carrier's holidays, today only before its same-day cutoff,
 * each shown with its weekday; the server checks the same rule), the earliest and latest times (09:00 and 16:00 first; FedEx only: USPS comes on
 * its round), where the package waits (required for USPS) and instructions for the driver.
 */
export function PickupDateStep({
  usps,
  carrier,
  state,
  defaultValues,
  problem,
  busy,
  onBack,
  onCancel,
  onNext,
}: {
  usps: boolean;
  /** The label's carrier (rateCarrier): its holidays and same-day cutoff. */
  carrier: string;
  /** The pickup address's state: its time zone says which days are still open. */
  state: string;
  defaultValues: PickupDateValues;
  /** Why the carrier said no (USPS's Error.Description, a refusal), shown above the actions. */
  problem: string | null;
  busy: boolean;
  onBack: (values: PickupDateValues) => void;
  onCancel: () => void;
  onNext: (values: PickupDateValues) => void;
}) {
  const timeZone = stateTimeZone(state);
  // The days open now, computed once as the step opens.
  const { dateOptions, note } = useMemo(() => {
    const now = new Date();
    const dates = carrierPickupDates(now, timeZone, carrier);
    return { dateOptions: dates.map((date) => ({ value: date, label: pickupDateLabel(date) })), note: datesNote(now, timeZone, carrier, dates) };
  }, [timeZone, carrier]);
  const locationOptions = usps ? LOCATION_OPTIONS : [{ value: '', label: 'Not given' }, ...LOCATION_OPTIONS];
  return (
    <Form
      schema={usps ? 'uspsPickupDateStepSchema' : 'pickupDateStepSchema'}
      // The form holds text until the schema checks it (a package location among PACKAGE_LOCATIONS).
      defaultValues={defaultValues as PickupDateForm}
      onSubmit={(values) => onNext({ ...defaultValues, ...values })}
      aria-label="Select Pickup Date and Time step"
    >
      {(methods) => (
        <>
          <StepHeading>Select Pickup Date and Time</StepHeading>
          <FieldGrid>
            <Wide>
              <FormSelect
                name="PickupDate"
                label="Pickup Date"
                required
                options={dateOptions}
                helperText={note}
              />
            </Wide>
            {usps ? (
              <Wide>
                <Typography variant="body2" color="text.secondary">
                  {PICKUP_TEXT.uspsNoTimes}
                </Typography>
              </Wide>
            ) : (
              <>
                <FormSelect name="Earliest" label="Earliest" required options={TIME_OPTIONS} />
                <FormSelect name="Latest" label="Latest" required options={TIME_OPTIONS} />
              </>
            )}
            <Wide>
              <FormSelect name="reference" label="Package location" required={usps} options={locationOptions} />
            </Wide>
            <Wide>
              <InstructionsField />
            </Wide>
          </FieldGrid>
          {problem && (
            <Alert severity="error" role="alert">
              {problem}
            </Alert>
          )}
          <StepActions
            onBack={() => onBack({ ...defaultValues, ...methods.getValues() } as PickupDateValues)}
            onCancel={onCancel}
            busy={busy}
            nextLabel={usps ? 'Schedule pickup' : 'Next'}
          />
        </>
      )}
    </Form>
  );
}
