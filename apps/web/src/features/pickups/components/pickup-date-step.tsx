import { PACKAGE_LOCATIONS, PICKUP_DEFAULTS, pickupDates, stateTimeZone, type PickupDateForm } from '@airbox/contract';
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

/**
 * Step 3, Select Pickup Date and Time (spec 03 §3 Pickup date form, §5): a day among those the
 * window allows today at the pickup address (pickupDates in its state's time zone, each shown with
 * its weekday), the earliest and latest times (09:00 and 16:00 first; FedEx only: USPS comes on
 * its round), where the package waits (required for USPS) and instructions for the driver.
 */
export function PickupDateStep({
  usps,
  state,
  defaultValues,
  problem,
  busy,
  onBack,
  onCancel,
  onNext,
}: {
  usps: boolean;
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
  const dateOptions = useMemo(() => pickupDates(new Date(), timeZone).map((date) => ({ value: date, label: pickupDateLabel(date) })), [timeZone]);
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
                helperText={`Weekdays only, in ${timeZoneName(dateOptions[0]?.value ?? '', timeZone)} at the pickup address`}
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
