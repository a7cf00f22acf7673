import { INSURANCE_MESSAGE, MAX_INSURED_VALUE_CENTS, formatUsd, fromCents, insuranceFeeCents, toCents } from '@airbox/contract';
import Typography from '@mui/material/Typography';
import { useWatch } from 'react-hook-form';
import { Form } from '../../../components/form/form';
import { FormCheckbox } from '../../../components/form/form-checkbox';
import { FormCommentsField } from '../../../components/form/form-comments-field';
import { FormField } from '../../../components/form/form-field';
import { StepActions } from '../../../components/wizard/step-actions';
import { StepHeading } from '../../../components/wizard/step-heading';
import type { OptionsValues } from '../utils/draft';
import { LABEL_PURCHASE_TEXT } from '../utils/messages';
import { ReportValues } from './report-values';

/** The insurance fee of the value typed so far (1% of it, at least $1: contract insuranceFeeCents). */
function InsuranceFee() {
  const value = useWatch({ name: 'insuredValue' }) as string | undefined;
  const cents = toCents(value);
  const valid = /^\d*(\.\d{0,2})?$/.test(value ?? '') && cents <= MAX_INSURED_VALUE_CENTS;
  return (
    <Typography aria-live="polite" variant="body2">
      {valid && cents > 0 ? `Insurance fee: ${formatUsd(insuranceFeeCents(cents))}` : 'No insurance'}
    </Typography>
  );
}

/**
 * Step 4, Options: the declared value to insure ($0 to $500, the fee shown as it is typed),
 * comments (at most 200 characters) and whether the recipient gets a tracking link by e-mail,
 * which needs their e-mail address.
 */
export function OptionsStep({
  defaultValues,
  recipientEmail,
  busy,
  onValues,
  onNext,
  onBack,
}: {
  defaultValues: OptionsValues;
  recipientEmail: string;
  busy: boolean;
  onValues: (values: OptionsValues) => void;
  onNext: (values: OptionsValues) => void;
  onBack: () => void;
}) {
  const canNotify = recipientEmail.trim() !== '';
  return (
    <Form
      schema="labelOptionsStepSchema"
      defaultValues={{ ...defaultValues, notifyRecipient: canNotify && defaultValues.notifyRecipient }}
      onSubmit={(options) =>
        onNext({
          insuredValue: options.insuredValue > 0 ? fromCents(options.insuredValue) : '',
          comments: options.comments,
          notifyRecipient: canNotify && options.notifyRecipient,
        })
      }
      aria-label="Options step"
    >
      {() => (
        <>
          <StepHeading>Options</StepHeading>
          <ReportValues onValues={onValues} />
          <FormField
            name="insuredValue"
            label="Declared value to insure"
            inputMode="decimal"
            maxLength={9}
            startAdornment="$"
            transform={(value) => value.replace(/[^\d.]/g, '')}
            helperText={INSURANCE_MESSAGE}
          />
          <InsuranceFee />
          <FormCommentsField minRows={2} />
          <FormCheckbox
            name="notifyRecipient"
            label="E-mail the recipient a tracking link"
            disabled={!canNotify}
            helperText={canNotify ? undefined : LABEL_PURCHASE_TEXT.notifyNeedsEmail}
          />
          <StepActions onBack={onBack} nextLabel="Check addresses" busy={busy} />
        </>
      )}
    </Form>
  );
}
