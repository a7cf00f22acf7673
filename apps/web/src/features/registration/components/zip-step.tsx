import { FIRST_LOGIN_ERRORCODE, LIMITS, MESSAGES, REGISTRATION_MESSAGES } from '@airbox/contract';
import CheckCircle from '@mui/icons-material/CheckCircle';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useFormContext, useWatch, type UseFormReturn } from 'react-hook-form';
import { useAlert } from '../../../components/alert/alert-context';
import { Form } from '../../../components/form/form';
import { FormField } from '../../../components/form/form-field';
import { ApiError } from '../../../lib/http';
import { useVerifyZip } from '../api/verify-zip';
import { useDelayedCheck } from '../hooks/use-delayed-check';
import { StepActions } from '../../../components/wizard/step-actions';
import { StepHeading } from '../../../components/wizard/step-heading';

type ZipForm = UseFormReturn<{ zipCode: string }, unknown, { zipCode: string }>;

/**
 * Step 1 of the individual wizard: the zip code, checked with firstLogin 500 ms after its fifth
 * digit. An invalid zip is said and cleared; Next passes only a zip the server confirmed.
 */
export function ZipStep({ defaultZip, onNext }: { defaultZip: string; onNext: (zipCode: string) => void }) {
  const alert = useAlert();
  const { mutateAsync } = useVerifyZip();
  const [confirmed, setConfirmed] = useState<string | null>(defaultZip || null);
  const [checking, setChecking] = useState(false);
  const form = useRef<ZipForm | null>(null);

  /** Asks the server about `zip`; true when it is served. Answers for a zip no longer typed are ignored. */
  async function check(zip: string): Promise<boolean> {
    setChecking(true);
    let valid = true;
    try {
      await mutateAsync(zip);
    } catch (error) {
      if (error instanceof ApiError && error.errorcode === FIRST_LOGIN_ERRORCODE.notServed) {
        valid = false;
      } else {
        // A network failure only stops the indicator; another failure is the server's to explain.
        if (error instanceof ApiError && !error.isServiceFailure) void alert.show({ icon: 'error', title: MESSAGES.oopsTitle, text: error.message });
        return false;
      }
    } finally {
      setChecking(false);
    }
    if (form.current?.getValues('zipCode') !== zip) return false;
    if (valid) {
      setConfirmed(zip);
      return true;
    }
    setConfirmed(null);
    form.current?.setValue('zipCode', '');
    void alert.show({ icon: 'error', text: REGISTRATION_MESSAGES.invalidZip });
    return false;
  }

  const delayed = useDelayedCheck((zip) => void check(zip));

  async function onSubmit({ zipCode }: { zipCode: string }) {
    if (confirmed === zipCode) return onNext(zipCode);
    delayed.cancel();
    if (await check(zipCode)) onNext(zipCode);
  }

  return (
    <Form schema="zipStepSchema" defaultValues={{ zipCode: defaultZip }} onSubmit={onSubmit} aria-label="Zip code step">
      {({ formState }) => (
        <>
          <CaptureForm formRef={form} />
          <StepHeading>Where do you live?</StepHeading>
          <Typography color="text.secondary">Enter your 5-digit ZIP code to check that we deliver to lockers near you.</Typography>
          <ZipField
            confirmed={confirmed}
            checking={checking}
            onZipTyped={(zip) => {
              if (zip.length === LIMITS.zipLength && zip !== confirmed) delayed.schedule(zip);
              else delayed.cancel();
            }}
          />
          <StepActions busy={checking || formState.isSubmitting} />
        </>
      )}
    </Form>
  );
}

/** Lets the step clear the field and read it from its calls' answers. */
function CaptureForm({ formRef }: { formRef: RefObject<ZipForm | null> }) {
  const methods = useFormContext<{ zipCode: string }, unknown, { zipCode: string }>();
  useEffect(() => {
    formRef.current = methods;
  }, [methods, formRef]);
  return null;
}

function ZipField({ confirmed, checking, onZipTyped }: { confirmed: string | null; checking: boolean; onZipTyped: (zip: string) => void }) {
  const zipCode = useWatch<{ zipCode: string }, 'zipCode'>({ name: 'zipCode' });
  const served = confirmed !== null && confirmed === zipCode;
  return (
    <FormField
      name="zipCode"
      label="ZIP code"
      required
      inputMode="numeric"
      autoComplete="postal-code"
      maxLength={LIMITS.zipLength}
      transform={(value) => {
        const zip = value.replace(/\D/g, '').slice(0, LIMITS.zipLength);
        onZipTyped(zip);
        return zip;
      }}
      endAdornment={
        checking ? (
          <CircularProgress size={20} aria-label="Checking the ZIP code" />
        ) : served ? (
          <CheckCircle color="success" titleAccess="ZIP code served" />
        ) : undefined
      }
      helperText={served ? 'Good news: we deliver to this area.' : undefined}
    />
  );
}
