import {
  LIMITS,
  MESSAGES,
  REGISTRATION_MESSAGES,
  filterNameInput,
  formatPhoneDashed,
  phoneDigits,
  type AccountStep as AccountStepValues,
  type EnterpriseAccountStep,
  LOW_COMPARTMENT_PREFERENCE,
} from '@airbox/contract';
import CircularProgress from '@mui/material/CircularProgress';
import { useEffect, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useAlert } from '../../../components/alert/alert-context';
import { Form } from '../../../components/form/form';
import { FormField } from '../../../components/form/form-field';
import { FormPhoneField } from '../../../components/form/form-phone-field';
import { PinField } from '../../../components/form/pin-field';
import { FormSwitch } from '../../../components/form/form-switch';
import { env } from '../../../config/env';
import { ApiError, answerMessage } from '../../../lib/http';
import { useGetBoxid } from '../api/get-boxid';
import type { RegistrationPayload } from '../api/register';
import { useHubs } from '../api/get-hubs';
import { FieldGrid, Wide } from './field-grid';
import { HubSelect } from './hub-select';
import { SectionTitle } from './section-title';
import { StepActions } from '../../../components/wizard/step-actions';
import { StepHeading } from '../../../components/wizard/step-heading';

export type AccountValues = AccountStepValues;
export type EnterpriseAccountValues = EnterpriseAccountStep;

export const EMPTY_ACCOUNT: AccountValues = {
  firstName: '',
  lastName: '',
  email: '',
  reptyemail: '',
  password: '',
  reptypassword: '',
  cellPhone: '',
  PinNo: '',
  boxLocation: '',
  BoxID: '',
  backupEmail: '',
  secondaryCellPhone: '',
  isHandicapped: false,
  emailChoose: true,
  messageChoose: false,
};

const { boxLocation: _hub, ...emptyEnterpriseAccount } = EMPTY_ACCOUNT;
export const EMPTY_ENTERPRISE_ACCOUNT: EnterpriseAccountValues = emptyEnterpriseAccount;

/**
 * The account step's part of regist_userInfo (spec 02 §3), its notification and accessibility
 * choices included: the same for an individual and a company member.
 */
export function accountPayload(account: EnterpriseAccountValues) {
  return {
    First_name: account.firstName,
    Last_name: account.lastName,
    Email: account.email,
    Password: account.password,
    Cell_phone_number: formatPhoneDashed(account.cellPhone),
    secondaryCellPhone: formatPhoneDashed(account.secondaryCellPhone),
    Email2: account.backupEmail,
    BOXID: account.BoxID,
    PinNo: account.PinNo,
    emailChoose: account.emailChoose,
    messageChoose: account.messageChoose,
    isHandicapped: account.isHandicapped,
  } satisfies Partial<RegistrationPayload>;
}

const digitsOnly = (length: number) => (value: string) => value.replace(/\D/g, '').slice(0, length);

/** Marks both e-mail fields 'Email already in use' when the server refused the address. */
function EmailInUse({ active }: { active: boolean }) {
  const { setError, setFocus } = useFormContext();
  useEffect(() => {
    if (!active) return;
    setError('email', { type: 'server', message: REGISTRATION_MESSAGES.emailInUse });
    setError('reptyemail', { type: 'server', message: REGISTRATION_MESSAGES.emailInUse });
    setFocus('email');
  }, [active, setError, setFocus]);
  return null;
}

/**
 * Suggests an AirBox ID from getBoxid once the cell phone is valid, with its first 3 digits. An ID
 * the registrant typed is left alone; a new phone prefix brings a new suggestion otherwise.
 */
function useBoxIdSuggestion() {
  const { control, setValue, getValues } = useFormContext();
  const alert = useAlert();
  const { mutateAsync, isPending } = useGetBoxid();
  const cellPhone = useWatch({ control, name: 'cellPhone' }) as string;
  const digits = phoneDigits(cellPhone);
  const prefix = digits.length === LIMITS.phoneDigits ? digits.slice(0, 3) : null;
  const suggested = useRef<{ prefix: string; boxId: string } | null>(null);

  useEffect(() => {
    if (prefix === null || suggested.current?.prefix === prefix) return;
    const current = (getValues('BoxID') as string) ?? '';
    // The registrant chose an ID of their own: keep it.
    if (current !== '' && current !== suggested.current?.boxId) return;
    suggested.current = { prefix, boxId: current };
    mutateAsync(prefix).then(
      (boxId) => {
        if (suggested.current?.prefix !== prefix) return;
        suggested.current = { prefix, boxId };
        setValue('BoxID', boxId, { shouldValidate: true, shouldDirty: true });
      },
      (error: unknown) => {
        suggested.current = null;
        // getBoxid failure: the server's message in an error popup (spec 02 §8); a network failure says nothing.
        const message = error instanceof ApiError && error.status !== 0 ? (answerMessage(error) ?? error.message) : null;
        if (message) void alert.show({ icon: 'error', title: MESSAGES.oopsTitle, text: message });
      },
    );
  }, [prefix, getValues, setValue, mutateAsync, alert]);

  return isPending;
}

function AccountFields({ withHub, emailInUse, zipCode }: { withHub: boolean; emailInUse: boolean; zipCode?: string | undefined }) {
  const suggesting = useBoxIdSuggestion();
  const hubs = useHubs(zipCode);
  return (
    <FieldGrid>
      <EmailInUse active={emailInUse} />
      <SectionTitle>About you</SectionTitle>
      <FormField name="firstName" label="First name" required autoComplete="given-name" maxLength={LIMITS.nameMax} transform={filterNameInput} />
      <FormField name="lastName" label="Last name" required autoComplete="family-name" maxLength={LIMITS.nameMax} transform={filterNameInput} />
      <FormField name="email" label="Email" type="email" required autoComplete="email" maxLength={LIMITS.emailMax} />
      <FormField name="reptyemail" label="Retype email" type="email" required autoComplete="email" maxLength={LIMITS.emailMax} />
      <FormField
        name="password"
        label="Password"
        type="password"
        required
        autoComplete="new-password"
        helperText="At least 8 characters with a number, an uppercase and a lowercase letter"
      />
      <FormField name="reptypassword" label="Retype password" type="password" required autoComplete="new-password" />
      <FormPhoneField name="cellPhone" label="Cell phone" required digitsWhileFocused />
      <PinField name="PinNo" helperText="6 digits you will enter at the locker" />

      <SectionTitle>Your locker</SectionTitle>
      <FormField
        name="BoxID"
        label="AirBox ID"
        required
        inputMode="numeric"
        autoComplete="off"
        maxLength={LIMITS.boxIdLength}
        transform={digitsOnly(LIMITS.boxIdLength)}
        endAdornment={suggesting ? <CircularProgress size={20} aria-label="Suggesting an AirBox ID" /> : undefined}
        helperText="Your 7-digit locker box number, suggested from your cell phone; you may change it"
      />
      {withHub ? (
        <HubSelect
          name="boxLocation"
          label="Default delivery hub"
          hubs={hubs.data ?? []}
          loading={hubs.isLoading}
          helperText="Where your packages are delivered"
        />
      ) : (
        <span />
      )}
      <Wide>
        <FormSwitch name="isHandicapped" label={LOW_COMPARTMENT_PREFERENCE.label} description={LOW_COMPARTMENT_PREFERENCE.description} />
      </Wide>

      <SectionTitle>Notifications</SectionTitle>
      <Wide>
        <FormSwitch
          name="emailChoose"
          label="Email notifications"
          description={`I agree to receive package notifications by email from ${env.brandName}. I can turn them off at any time in my profile.`}
        />
      </Wide>
      <Wide>
        <FormSwitch
          name="messageChoose"
          label="Text notifications"
          description={`I agree to receive package notifications by text message from ${env.brandName}. Message and data rates may apply. Reply STOP to opt out.`}
        />
      </Wide>

      <SectionTitle>Backup contacts (optional)</SectionTitle>
      <FormField name="backupEmail" label="Backup email" type="email" autoComplete="off" maxLength={LIMITS.emailMax} />
      <FormPhoneField name="secondaryCellPhone" label="Secondary cell phone" autoComplete="off" digitsWhileFocused />
    </FieldGrid>
  );
}

interface AccountStepProps<V> {
  defaultValues: V;
  /** The ZIP code of step 1: the hub list comes nearest it first. */
  zipCode?: string | undefined;
  emailInUse: boolean;
  onNext: (values: V) => void;
  onBack: (values: V) => void;
}

/** Step 2 of the individual wizard: account info with the default delivery hub. */
export function AccountStep({ defaultValues, zipCode, emailInUse, onNext, onBack }: AccountStepProps<AccountValues>) {
  return (
    <Form schema="accountStepSchema" defaultValues={defaultValues} onSubmit={onNext} aria-label="Account info step">
      {({ getValues }) => (
        <>
          <StepHeading>Account info</StepHeading>
          <AccountFields withHub emailInUse={emailInUse} zipCode={zipCode} />
          <StepActions onBack={() => onBack(getValues())} />
        </>
      )}
    </Form>
  );
}

/** Step 2 of the enterprise wizard: the same account info; the hub is chosen with the company. */
export function EnterpriseAccountStep({ defaultValues, emailInUse, onNext, onBack }: AccountStepProps<EnterpriseAccountValues>) {
  return (
    <Form schema="enterpriseAccountStepSchema" defaultValues={defaultValues} onSubmit={onNext} aria-label="Account info step">
      {({ getValues }) => (
        <>
          <StepHeading>Account info</StepHeading>
          <AccountFields withHub={false} emailInUse={emailInUse} />
          <StepActions onBack={() => onBack(getValues())} />
        </>
      )}
    </Form>
  );
}
