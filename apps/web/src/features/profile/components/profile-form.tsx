import {
  COUNTRY_UNITED_STATES,
  LIMITS,
  PROFILE_MESSAGES,
  US_STATES,
  VERIFY_PASSWORD_ERRORCODE,
  formatPhoneDashed,
  isContinuousBoxId,
  isReservedBoxId,
  notificationChoices,
  phoneDigits,
  type ProfileForm as ProfileFormValues,
  type UserProfile,
  LOW_COMPARTMENT_PREFERENCE,
} from '@airbox/contract';
import SaveOutlined from '@mui/icons-material/SaveOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type ReactNode } from 'react';
import { useBlocker } from 'react-router';
import { useAlert } from '../../../components/alert/alert-context';
import { useToast } from '../../../components/toast/toast-context';
import { Form } from '../../../components/form/form';
import { FormField } from '../../../components/form/form-field';
import { FormPhoneField } from '../../../components/form/form-phone-field';
import { PinField } from '../../../components/form/pin-field';
import { FormSelect } from '../../../components/form/form-select';
import { FormSwitch } from '../../../components/form/form-switch';
import { PageCard } from '../../../components/layout/page-card';
import { ApiError, answerMessage } from '../../../lib/http';
import { updateSessionHints } from '../../../lib/session';
import { useLockerInfoByUser } from '../api/get-locker-info-by-user';
import { useUpdateSelfUserInfo } from '../api/update-self-user-info';
import { useVerifyPassword } from '../api/verify-password';
import { ConfirmPasswordDialog } from './confirm-password-dialog';
import { HubChoice } from './hub-choice';

type Values = ProfileFormValues & { isHandicapped: boolean; emailChoose: boolean; messageChoose: boolean; autoRefundLabels: boolean };

/** The form's values for a user record: phones as ###-###-####, the notification switches from Notification_method. */
export function profileValues(user: UserProfile): Values {
  return {
    First_name: user.First_name,
    Last_name: user.Last_name,
    Email: user.Email,
    Password: '',
    BOXID: user.BOXID,
    Cell_phone_number: formatPhoneDashed(user.Cell_phone_number),
    secondaryCellPhone: formatPhoneDashed(user.secondaryCellPhone),
    Home_phone_number: formatPhoneDashed(user.Home_phone_number),
    lockerUUID: user.lockerUUID ?? '',
    Country: COUNTRY_UNITED_STATES,
    State_province_region: user.State_province_region,
    City: user.City,
    Address_line_1: user.Address_line_1,
    Address_line_2: user.Address_line_2,
    Zip_code: user.Zip_code,
    PinNo: user.PinNo,
    isHandicapped: user.isHandicapped === 1,
    ...notificationChoices(user.Notification_method),
    autoRefundLabels: user.autoRefundLabels ?? true,
  };
}

const PHONES = new Set(['Cell_phone_number', 'secondaryCellPhone', 'Home_phone_number']);

/** Whether the form holds a change (phones compared by their digits, text without outer spaces). */
export function hasChanges(current: Record<string, unknown>, original: Record<string, unknown>): boolean {
  const normal = (name: string, value: unknown) =>
    PHONES.has(name) ? phoneDigits(String(value ?? '')) : typeof value === 'string' ? value.trim() : value;
  return Object.keys(original).some((name) => normal(name, current[name]) !== normal(name, original[name]));
}

const STATE_OPTIONS = US_STATES.map((state) => ({ value: state.code, label: state.name }));
const COUNTRY_OPTIONS = [{ value: COUNTRY_UNITED_STATES, label: COUNTRY_UNITED_STATES }];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, mb: 2, p: 0 }}>
        {title}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}>{children}</Box>
    </Box>
  );
}

/** Warns before leaving with unsaved changes: in the app (a confirm dialog) and when closing the tab. */
function useLeaveWarning(dirty: boolean) {
  const alert = useAlert();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void alert
      .show({ icon: 'warning', text: PROFILE_MESSAGES.leaveWarning, confirmText: 'LEAVE', cancelText: 'STAY' })
      .then((leave) => (leave ? blocker.proceed() : blocker.reset()));
  }, [alert, blocker]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the dialog only when a text is returned.
      event.returnValue = PROFILE_MESSAGES.leaveWarning;
      return PROFILE_MESSAGES.leaveWarning;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}

/**
 * /parent/profile (spec 03 §2, §4, §5): every profile field with the contract's rules. Save:
 * nothing changed → 'You have not made any changes'; invalid → 'Please fix all current errors';
 * otherwise the 'Update profile settings' dialog asks the password (verifyPassword), then
 * updateSelfUserInfo saves and the user's record is read again.
 */
export function ProfileForm({ user }: { user: UserProfile }) {
  const alert = useAlert();
  const toast = useToast();
  const hubs = useLockerInfoByUser(user.user_id);
  const verifyPassword = useVerifyPassword();
  const update = useUpdateSelfUserInfo(user.user_id);
  const [original, setOriginal] = useState(() => profileValues(user));
  const [pending, setPending] = useState<Values | null>(null);

  /** A failed check or save: the dialog closes and the server's message is shown. */
  const failed = (error: unknown) => {
    setPending(null);
    const message = answerMessage(error);
    if (message) void alert.show({ icon: 'error', title: PROFILE_MESSAGES.somethingWrongTitle, text: message });
    return null;
  };

  const confirm = async (password: string): Promise<string | null> => {
    if (!pending) return null;
    try {
      await verifyPassword.mutateAsync({ userId: user.user_id, password });
    } catch (error) {
      // A wrong password keeps the dialog open with its message.
      if (error instanceof ApiError && error.errorcode === VERIFY_PASSWORD_ERRORCODE.incorrect) return PROFILE_MESSAGES.incorrectPassword;
      return failed(error);
    }
    try {
      await update.mutateAsync({ ...pending, user_id: user.user_id, confirmPassword: password });
    } catch (error) {
      return failed(error);
    }
    setPending(null);
    const credentialsChanged = pending.Email.trim() !== original.Email.trim() || pending.Password !== '';
    updateSessionHints({ First_name: pending.First_name, Last_name: pending.Last_name, Email: pending.Email, BOXID: pending.BOXID });
    setOriginal({ ...pending, Password: '' });
    // Signing out the other devices is worth an acknowledgement; a plain save is a toast.
    if (credentialsChanged) {
      void alert.show({
        icon: 'success',
        title: PROFILE_MESSAGES.updateSuccess,
        text: 'Your e-mail or password changed: you have been signed out on your other devices.',
      });
    } else {
      toast.show(PROFILE_MESSAGES.updateSuccess);
    }
    return null;
  };

  return (
    <PageCard title="Edit Profile" maxWidth={1080}>
      <Form
        key={JSON.stringify(original)}
        schema="profileFormSchema"
        defaultValues={original}
        aria-label="Edit profile"
        onSubmit={(values) => {
          if (hasChanges(values, original)) setPending({ ...original, ...values } as Values);
          // A notice that needs no answer: a toast.
          else toast.show(PROFILE_MESSAGES.noChanges, 'info');
        }}
      >
        {(methods) => (
          <ProfileFields
            original={original}
            hubs={hubs.data ?? []}
            hubsLoading={hubs.isPending}
            onSave={() => {
              if (!hasChanges(methods.getValues(), original)) {
                toast.show(PROFILE_MESSAGES.noChanges, 'info');
                return;
              }
              void methods.handleSubmit(
                (values) => setPending({ ...original, ...values } as Values),
                () => void alert.show({ icon: 'error', text: PROFILE_MESSAGES.fixErrors }),
              )();
            }}
            dirty={hasChanges(methods.watch(), original)}
            boxIdReserved={(value) => {
              if (value === original.BOXID || !/^\d{7}$/.test(value)) return false;
              if (!isReservedBoxId(value) && !isContinuousBoxId(value)) return false;
              void alert.show({ icon: 'warning', text: PROFILE_MESSAGES.boxIdReserved });
              return true;
            }}
          />
        )}
      </Form>
      <ConfirmPasswordDialog
        open={pending !== null}
        busy={verifyPassword.isPending || update.isPending}
        onCancel={() => setPending(null)}
        onConfirm={confirm}
      />
    </PageCard>
  );
}

function ProfileFields({
  original,
  hubs,
  hubsLoading,
  onSave,
  dirty,
  boxIdReserved,
}: {
  original: Values;
  hubs: Parameters<typeof HubChoice>[0]['hubs'];
  hubsLoading: boolean;
  onSave: () => void;
  dirty: boolean;
  boxIdReserved: (value: string) => boolean;
}) {
  useLeaveWarning(dirty);
  return (
    <>
      <Section title="Account">
        <FormField name="First_name" label="First Name" required autoComplete="given-name" maxLength={LIMITS.nameMax} />
        <FormField name="Last_name" label="Last Name" required autoComplete="family-name" maxLength={LIMITS.nameMax} />
        <FormField name="Email" label="Email" type="email" required autoComplete="email" maxLength={LIMITS.emailMax} />
        <FormField
          name="Password"
          label="New Password"
          type="password"
          autoComplete="new-password"
          helperText="Leave empty to keep your current password"
        />
        <FormField
          name="BOXID"
          label="AirBox ID"
          required
          inputMode="numeric"
          maxLength={LIMITS.boxIdLength}
          transform={(value) => value.replace(/\D/g, '')}
          onBlurValue={(value) => (boxIdReserved(value) ? '' : value)}
          helperText={original.BOXID ? `Currently ${original.BOXID}` : undefined}
        />
        <PinField name="PinNo" helperText="6 digits, to open your locker" />
      </Section>
      <Divider />
      <Section title="Phone numbers">
        <FormPhoneField name="Cell_phone_number" label="Cell Phone Number" required />
        <FormPhoneField name="secondaryCellPhone" label="Secondary Cell Phone" autoComplete="off" />
        <FormPhoneField name="Home_phone_number" label="Home Phone Number" autoComplete="off" />
      </Section>
      <Divider />
      <Section title="Address">
        <FormSelect name="Country" label="Country" options={COUNTRY_OPTIONS} autoComplete="country-name" />
        <FormSelect name="State_province_region" label="State" options={STATE_OPTIONS} />
        <FormField name="City" label="City" autoComplete="address-level2" />
        <FormField name="Zip_code" label="Zip Code" inputMode="numeric" required autoComplete="postal-code" maxLength={LIMITS.zipLength} />
        <FormField name="Address_line_1" label="Address Line 1" autoComplete="address-line1" />
        <FormField name="Address_line_2" label="Address Line 2" autoComplete="address-line2" />
      </Section>
      <Divider />
      <Section title="Locker and notifications">
        <Box sx={{ gridColumn: { sm: '1 / -1' } }}>
          <HubChoice name="lockerUUID" hubs={hubs} loading={hubsLoading} />
        </Box>
        <Box sx={{ gridColumn: { sm: '1 / -1' } }}>
          <FormSwitch name="isHandicapped" label={LOW_COMPARTMENT_PREFERENCE.label} description={LOW_COMPARTMENT_PREFERENCE.description} />
        </Box>
        <FormSwitch name="emailChoose" label="Email notifications" description="Tell me by e-mail when a parcel arrives" />
        <FormSwitch name="messageChoose" label="Text message notifications" description="Tell me by text message when a parcel arrives" />
        <FormSwitch
          name="autoRefundLabels"
          label="Refund unused labels automatically"
          description="Ask the carrier for my money back on a label never scanned, shortly before its refund window closes"
        />
      </Section>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button variant="contained" size="large" startIcon={<SaveOutlined />} onClick={onSave}>
          Save
        </Button>
      </Box>
    </>
  );
}
